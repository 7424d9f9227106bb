import { createHash } from "node:crypto";
import { MeilisearchApiError, type Meilisearch } from "meilisearch";
import { versionIndexUid } from "./meili-index-version";

/**
 * The site searches with a key that can do nothing but search this site's index. The
 * indexer creates it once, with a uid derived from the index name so that running setup
 * again finds the same key instead of making another. Creating keys needs the master key.
 */
export async function ensureSearchKey(client: Meilisearch, indexUid: string): Promise<string> {
  const uid = searchKeyUid(indexUid);
  try {
    return (await client.getKey(uid)).key;
  } catch (error) {
    if (!(error instanceof MeilisearchApiError && error.cause?.code === "api_key_not_found")) throw error;
  }
  const created = await client.createKey({
    uid,
    name: `${indexUid} search`,
    description: "The dealer site's key: searches its vehicles and nothing else",
    actions: ["search"],
    // The version index too, which the site reads with each search to reuse answers safely.
    indexes: [indexUid, versionIndexUid(indexUid)],
    expiresAt: null,
  });
  return created.key;
}

/** A version-4-shaped UUID from the index name: the same name always gives the same uid. */
export function searchKeyUid(indexUid: string): string {
  const hex = createHash("sha256").update(`dealer-site search key for ${indexUid}`).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
