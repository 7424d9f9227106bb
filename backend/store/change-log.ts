/**
 * The embedded store's recent changes, for followers of its stock (the stock table, the feed
 * pictures' round): each version of the stock in memory is numbered, and the ids each one
 * changed and removed are kept for the last few versions, so a follower asks what changed
 * since the version it last read rather than reading 100,000 vehicles again. A follower
 * further behind than that is told to read the stock whole.
 */

/** Versions kept: a follower catches up within a change or two, as it hears of each one. */
const KEPT_VERSIONS = 64;

export type ChangedIds =
  { kind: "changes"; changedIds: string[]; removedIds: string[]; position: number } | { kind: "resync"; reason: string };

interface Entry {
  version: number;
  changedIds: readonly string[];
  removedIds: readonly string[];
}

export class ChangeLog {
  private entries: Entry[] = [];
  private current = 0;

  get version(): number {
    return this.current;
  }

  /** Numbers the next version of the stock, which changed and removed these vehicles. */
  record(changedIds: readonly string[], removedIds: readonly string[]): void {
    this.current++;
    this.entries.push({ version: this.current, changedIds, removedIds });
    if (this.entries.length > KEPT_VERSIONS) this.entries.shift();
  }

  /** The vehicles changed (and still in stock) and removed after version `position`. */
  since(position: number): ChangedIds {
    if (position > this.current)
      return { kind: "resync", reason: `version ${position} is not one of this store's (it is at ${this.current})` };
    const oldestKept = this.entries[0]?.version ?? this.current + 1;
    if (position < oldestKept - 1) {
      return { kind: "resync", reason: `the changes after version ${position} are no longer kept (the oldest kept is ${oldestKept})` };
    }
    const changed = new Set<string>();
    const removed = new Set<string>();
    for (const { version, changedIds, removedIds } of this.entries) {
      if (version <= position) continue;
      for (const id of changedIds) {
        removed.delete(id);
        changed.add(id);
      }
      for (const id of removedIds) {
        changed.delete(id);
        removed.add(id);
      }
    }
    return { kind: "changes", changedIds: [...changed], removedIds: [...removed], position: this.current };
  }
}
