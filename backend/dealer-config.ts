import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dealerSchema, type Dealer } from "../domain/dealer";
import { ConfigError } from "./config";

/** The dealer file (dealer.json, or DEALER_CONFIG), read and checked at start: a file that is not right stops the site, naming each problem. */
export async function loadDealer(file: string): Promise<Dealer> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ConfigError(`The dealer file ${file} cannot be read: ${(error as Error).message}`);
  }
  return dealerFromText(file, text);
}

/** As loadDealer, for what is set up before anything runs (the search engines' branches). */
export function loadDealerNow(file: string): Dealer {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError(`The dealer file ${file} cannot be read: ${(error as Error).message}`);
  }
  return dealerFromText(file, text);
}

function dealerFromText(file: string, text: string): Dealer {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`The dealer file ${file} cannot be read: ${(error as Error).message}`);
  }
  const parsed = dealerSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`The dealer file ${file} is not right:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}
