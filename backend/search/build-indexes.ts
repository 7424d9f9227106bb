import { randomBytes } from "node:crypto";
import type { IndexObject } from "meilisearch";

/**
 * The indexes a full sync builds beside the live one. A random part keeps two syncs started
 * in the same millisecond (a reindex and a restarting sync service) from sharing one; the
 * time is there for people reading a list of indexes.
 */
export function buildIndexUid(liveUid: string, now = new Date(), random = randomBytes(4).toString("hex")): string {
  return `${buildIndexPrefix(liveUid)}${now.getTime()}_${random}`;
}

/** A full sync takes minutes; a build index a day old was left by a process that died. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

/** The build indexes of this live index left by processes that died before deleting them. */
export function abandonedBuildIndexes(
  indexes: readonly Pick<IndexObject, "uid" | "createdAt">[],
  liveUid: string,
  now = new Date(),
): string[] {
  return indexes
    .filter(({ uid, createdAt }) => uid.startsWith(buildIndexPrefix(liveUid)) && now.getTime() - Date.parse(createdAt) > ABANDONED_AFTER_MS)
    .map(({ uid }) => uid);
}

const buildIndexPrefix = (liveUid: string) => `${liveUid}_build_`;
