/**
 * Change versions: how a MongoDB stock is followed without change streams, and how a full
 * sync of the search index catches up with what was written while it ran. Changes are
 * serialised by the store's lease, so each takes the next version, stamps every vehicle and
 * removal note it writes with it, and publishes it (the stock's `version`) last: every
 * change up to the published version has been written in full.
 */

/** A filter for what was stamped after version `after`, up to `upTo` when given. */
export function stampedAfter(after: number, upTo?: number): { changeVersion: { $gt: number; $lte?: number } } {
  return { changeVersion: upTo === undefined ? { $gt: after } : { $gt: after, $lte: upTo } };
}

/**
 * The noted removals that still stand. A vehicle listed again after it was sold has its
 * note deleted, but a process that died between writing a note and deleting the vehicle
 * leaves a note for a vehicle that is still there: that is no removal.
 */
export function stillRemoved(notedIds: readonly string[], presentIds: Iterable<string>): string[] {
  const present = new Set(presentIds);
  return notedIds.filter((id) => !present.has(id));
}

/** Where the stock stands, for a poller. */
export interface StockVersions {
  /** The last change version published. */
  version: number;
  /** Removal notes of versions up to this one may have been pruned (0: none were). */
  removalsPrunedUpTo: number;
}

export type PollStep = { kind: "wait" } | { kind: "read"; after: number; upTo: number } | { kind: "resync"; reason: string };

/** What a poll does, given the version the search index has caught up to and where the stock stands. */
export function pollStep(syncedVersion: number, { version, removalsPrunedUpTo }: StockVersions): PollStep {
  // Versions only rise: a lower one is another database (restored or recreated), which
  // nothing read so far says anything about.
  if (version < syncedVersion) {
    return { kind: "resync", reason: `the stock's version went back from ${syncedVersion} to ${version}` };
  }
  // The notes of removals this sync has not seen are gone: reading on would leave sold vehicles in the index.
  if (removalsPrunedUpTo > syncedVersion) {
    return {
      kind: "resync",
      reason: `removal notes up to version ${removalsPrunedUpTo} were pruned, and this sync stopped at version ${syncedVersion}`,
    };
  }
  if (version === syncedVersion) return { kind: "wait" };
  return { kind: "read", after: syncedVersion, upTo: version };
}
