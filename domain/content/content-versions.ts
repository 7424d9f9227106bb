/**
 * A document's history: every save is a version, kept for good, with who saved it and when.
 * A version is a draft until published; a published version is live from `publishAt` (the
 * moment it was published, or a time set ahead) until `takeDownAt`, if set. At any moment a
 * document shows the published version whose `publishAt` is the latest that has come and
 * not been taken down: a version scheduled ahead takes over when its time comes, and when a
 * version is taken down the one it replaced shows again.
 */

export interface ContentAuthor {
  id: string;
  name: string;
}

export interface ContentVersion {
  /** 1 for the first, then one more for each save. */
  number: number;
  body: unknown;
  author: ContentAuthor;
  savedAt: Date;
  published: boolean;
  publishAt?: Date;
  takeDownAt?: Date;
  /** The version this one was restored from. */
  restoredFrom?: number;
}

export interface ContentRecord {
  key: string;
  /** One more with every change to the record: a save names the revision it was based on, and a stale one is refused. */
  revision: number;
  versions: ContentVersion[];
}

const live = (version: ContentVersion, now: Date) =>
  version.published && (version.publishAt ?? version.savedAt) <= now && !(version.takeDownAt && version.takeDownAt <= now);

/** The version buyers see at `now`, or undefined when none is live. */
export function liveVersion(record: Pick<ContentRecord, "versions">, now: Date): ContentVersion | undefined {
  let shown: ContentVersion | undefined;
  for (const version of record.versions) {
    if (!live(version, now)) continue;
    const at = (version.publishAt ?? version.savedAt).getTime();
    const shownAt = shown && (shown.publishAt ?? shown.savedAt).getTime();
    if (shownAt === undefined || at > shownAt || (at === shownAt && version.number > shown!.number)) shown = version;
  }
  return shown;
}

/** The newest version, draft or not: what the editor opens. */
export function latestVersion(record: Pick<ContentRecord, "versions">): ContentVersion | undefined {
  return record.versions.at(-1);
}

/** The next moment after `now` at which a version of this record goes live or is taken down. */
export function nextScheduledChange(record: Pick<ContentRecord, "versions">, now: Date): Date | undefined {
  let next: number | undefined;
  for (const version of record.versions) {
    if (!version.published) continue;
    for (const moment of [version.publishAt, version.takeDownAt]) {
      if (moment && moment > now && (next === undefined || moment.getTime() < next)) next = moment.getTime();
    }
  }
  return next === undefined ? undefined : new Date(next);
}
