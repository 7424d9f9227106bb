import { readdir, stat, unlink, utimes } from "node:fs/promises";
import path from "node:path";
import { FoldedRuns } from "../folded-runs";
import type { Logger } from "../logger";

/**
 * Holds the photo sizes kept on disk (`sizes/` in the photos folder) under a cap in bytes.
 * Sizes are made again on request, so when the folder would go over the cap those used
 * longest ago are deleted: a size served is marked used (its modification time, moved on at
 * most once a day), so the sizes buyers look at stay. The folder is counted at start, and
 * again whenever this process has written a tenth of the cap since it last looked or thinks
 * the folder full: sizes other instances write to a shared folder are counted then too.
 */

/** Deleting down to this share of the cap leaves room for a while before the next look. */
const AFTER_DELETING = 0.9;
const LOOK_AGAIN_SHARE = 0.1;
const MARK_USED_AFTER_MS = 24 * 60 * 60 * 1000;

interface SizeFile {
  file: string;
  bytes: number;
  usedMs: number;
}

export class SizeCap {
  /** The bytes in the folder when it was last counted, plus those written since. */
  private bytes = 0;
  private writtenSinceLook = 0;
  private readonly looks = new FoldedRuns(() =>
    this.countAndTrim().catch((error: unknown) => this.logger?.warn({ err: error }, "Could not count the photo sizes on disk")),
  );

  constructor(
    private readonly directory: string,
    readonly maxBytes: number,
    private readonly logger?: Pick<Logger, "info" | "warn">,
  ) {}

  /** Counts the folder (and deletes the oldest sizes if it is over the cap), in the background. */
  look(): Promise<void> {
    return this.looks.run();
  }

  /** A size just written: counted, and the folder looked at again when it may be over the cap. */
  written(bytes: number): void {
    this.bytes += bytes;
    this.writtenSinceLook += bytes;
    if (this.bytes > this.maxBytes || this.writtenSinceLook > this.maxBytes * LOOK_AGAIN_SHARE) void this.look();
  }

  /** A size about to be served, last modified at `modifiedMs`: marked used, so it is not among the first deleted. */
  used(file: string, modifiedMs: number, now = Date.now()): void {
    if (now - modifiedMs < MARK_USED_AFTER_MS) return;
    const at = new Date(now);
    // Another instance may be deleting it: it is made again if asked for.
    utimes(file, at, at).catch(() => undefined);
  }

  /** Settles once the looks asked for have ended (tests wait on it). */
  settled(): Promise<void> {
    return this.looks.settled();
  }

  private async countAndTrim(): Promise<void> {
    const startedMs = Date.now();
    this.writtenSinceLook = 0;
    const files = await this.sizeFiles();
    let total = files.reduce((sum, { bytes }) => sum + bytes, 0);
    if (total > this.maxBytes) {
      const before = total;
      let deleted = 0;
      files.sort((a, b) => a.usedMs - b.usedMs);
      for (const { file, bytes, usedMs } of files) {
        if (total <= this.maxBytes * AFTER_DELETING) break;
        // Written since this look began: about to be served.
        if (usedMs >= startedMs) continue;
        await unlink(file).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        });
        total -= bytes;
        deleted++;
      }
      this.logger?.info(
        {
          deleted,
          mbBefore: Math.round(before / 2 ** 20),
          mbAfter: Math.round(total / 2 ** 20),
          capMb: Math.round(this.maxBytes / 2 ** 20),
        },
        "Photo sizes over their cap (PHOTO_SIZES_MAX_MB): the least recently used were deleted, to be made again on request",
      );
    }
    // A size written while counting may be in `total` as well: counted twice for a while, never missed.
    this.bytes = total + this.writtenSinceLook;
  }

  private async sizeFiles(): Promise<SizeFile[]> {
    const entries = await readdir(this.directory, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    const files: SizeFile[] = [];
    for (const entry of entries) {
      // A temporary file is another writer's, about to be renamed into place.
      if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stats = await stat(file).catch(() => undefined);
      if (stats) files.push({ file, bytes: stats.size, usedMs: stats.mtimeMs });
    }
    return files;
  }
}
