import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Logger } from "./logger";

/**
 * The address the site last listened on, noted in its data folder, so that the links
 * `npm run staff` prints lead to the site when SITE_URL is unset, whatever PORT and HOST the
 * site was started with in another shell.
 */

const FILE = "site-address.json";

const noteSchema = z.object({ origin: z.url({ protocol: /^https?$/ }) });

export async function noteSiteAddress(dataDir: string, origin: string, logger: Logger): Promise<void> {
  const file = path.join(dataDir, FILE);
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(`${file}.tmp`, `${JSON.stringify({ origin })}\n`);
    await rename(`${file}.tmp`, file);
  } catch (error) {
    // Only the command line's links depend on it, and they fall back to PORT and HOST.
    logger.warn({ err: error }, "Could not note the site's address in the data folder");
  }
}

/** The address a site using this data folder last listened on; undefined when none has, or the note is not one. */
export async function siteAddressIn(dataDir: string): Promise<string | undefined> {
  try {
    return noteSchema.parse(JSON.parse(await readFile(path.join(dataDir, FILE), "utf8"))).origin;
  } catch {
    return undefined;
  }
}
