import type { Dealer } from "../../../domain/dealer";
import { categoryKey, pageKey } from "../../../domain/content/content-documents";
import { dealerDetailsSchema } from "../../../domain/content/content-schemas";
import { categorySeeds } from "./category-seeds";
import { HOME_SEED } from "./home-seed";
import { LAID_OUT_PAGE_SEEDS } from "./laid-out-page-seeds";
import { pageSeeds } from "./page-seeds";

/**
 * Every document a fresh install starts with, by key: today's words, and the dealer file's
 * contact details and hours. Each is stored as its document's first version the first time
 * the site starts (and a document the code adds later, at the first start that knows it);
 * from then on the store owns it.
 */
export function contentSeeds(dealer: Dealer): Map<string, unknown> {
  const seeds = new Map<string, unknown>([
    ["home", HOME_SEED],
    ["dealer", dealerDetailsSchema.parse(dealer)],
  ]);
  for (const [path, content] of Object.entries(categorySeeds(dealer))) seeds.set(categoryKey(path), content);
  for (const [name, content] of Object.entries({ ...pageSeeds(dealer), ...LAID_OUT_PAGE_SEEDS })) seeds.set(pageKey(name), content);
  return seeds;
}

/** Who wrote the first versions: nobody in the staff area. */
export const SEED_AUTHOR = { id: "fresh-install", name: "The site as installed" };
