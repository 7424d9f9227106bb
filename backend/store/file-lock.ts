import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import { link, open, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { isProcessRunning } from "./process-running";
import { StockBusyError } from "./vehicle-store";

/**
 * A lock held by one process at a time, across processes: an import run from the command
 * line and the running site must not rewrite the stock file at once.
 *
 * The lock file names its holder (host, pid, and a token unique to this hold), and the
 * holder touches it every few seconds while it works. A lock is stale when it has not been
 * touched for `staleAfterMs`, whatever it says (a pid may have been reused, or the file may
 * name no process at all), or at once when it names a process of this host that has gone.
 * Only one waiter can take a stale lock over: it must first create a tombstone named after
 * that hold of the lock, which fails for every other waiter, and it removes the lock file
 * only if the file is still that hold.
 */

export interface FileLockTiming {
  /** How long to wait for the holder before giving up with StockBusyError. */
  waitMs?: number;
  /** How often the holder touches the lock file. */
  heartbeatMs?: number;
  /**
   * A lock untouched this long is abandoned. Generous: the event loop of a process saving a
   * very large stock may be busy for many seconds between heartbeats.
   */
  staleAfterMs?: number;
}

const DEFAULT_TIMING: Required<FileLockTiming> = { waitMs: 10_000, heartbeatMs: 5_000, staleAfterMs: 120_000 };
/** Tombstones and claims are kept this long, far beyond any takeover, then cleared away. */
const LEFTOVER_LIFETIME_MS = 60 * 60_000;
const POLL_MS = 100;

interface LockOwner {
  pid: number;
  host: string;
  token: string;
}

export async function withFileLock<T>(lockFile: string, work: () => Promise<T>, timing: FileLockTiming = {}): Promise<T> {
  const { waitMs, heartbeatMs, staleAfterMs } = { ...DEFAULT_TIMING, ...timing };
  const token = await acquire(lockFile, Date.now() + waitMs, staleAfterMs);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(lockFile, now, now).catch(() => undefined);
  }, heartbeatMs);
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    await removeIfHeldBy(lockFile, token);
  }
}

/** Waits for the lock, taking over a stale one; returns the identity of this hold. */
async function acquire(lockFile: string, deadline: number, staleAfterMs: number): Promise<string> {
  const owner: LockOwner = { pid: process.pid, host: hostname(), token: randomBytes(8).toString("hex") };
  // The owner is written first and then linked into place, so a lock file is never seen empty.
  const claim = `${lockFile}.claim-${owner.token}`;
  await writeFile(claim, JSON.stringify(owner));
  try {
    for (;;) {
      try {
        // Touched first: linked in, the claim is the lock, and must not look untouched for long.
        const now = new Date();
        await utimes(claim, now, now);
        await link(claim, lockFile);
        return owner.token;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const held = await readLock(lockFile);
      if (held === undefined) continue;
      const expiresAt = new Date(held.touchedAt + staleAfterMs);
      const ownerGone = held.owner !== undefined && held.owner.host === hostname() && !isProcessRunning(held.owner.pid);
      if ((ownerGone || Date.now() >= expiresAt.getTime()) && (await takeOver(lockFile, held.identity))) continue;
      if (Date.now() >= deadline) {
        const description = held.owner
          ? `process ${held.owner.pid} on ${held.owner.host}`
          : `a lock file that names no process, ${lockFile}`;
        throw new StockBusyError(description, expiresAt);
      }
      await sleep(POLL_MS);
    }
  } finally {
    await rm(claim, { force: true });
  }
}

interface LockState {
  /** One hold of the lock: its token, or for a file not written here, a digest of the file. */
  identity: string;
  owner?: LockOwner;
  touchedAt: number;
}

/** The lock as it is now, or undefined when there is none. */
async function readLock(lockFile: string): Promise<LockState | undefined> {
  let handle;
  try {
    handle = await open(lockFile, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    // Read through one handle, so the text and the times belong to the same file.
    const stats = await handle.stat();
    const text = await handle.readFile("utf8");
    const owner = ownerIn(text);
    const identity =
      owner?.token ?? `file-${createHash("sha256").update(`${stats.ino}:${stats.mtimeMs}:${text}`).digest("hex").slice(0, 32)}`;
    return { identity, owner, touchedAt: stats.mtimeMs };
  } finally {
    await handle.close();
  }
}

function ownerIn(text: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (
      typeof parsed.pid === "number" &&
      typeof parsed.host === "string" &&
      typeof parsed.token === "string" &&
      /^[0-9a-f]{16}$/.test(parsed.token)
    ) {
      return { pid: parsed.pid, host: parsed.host, token: parsed.token };
    }
  } catch {
    // Not written by this module: it can only go stale by age.
  }
  return undefined;
}

/**
 * Removes the stale lock `identity`, unless another waiter is already doing so; true when
 * this waiter did. Creating the tombstone is the atomic step: it succeeds for one waiter
 * only, and that waiter removes the lock file only if it is still the same hold, so a lock
 * taken since by whoever got in first is never removed.
 */
async function takeOver(lockFile: string, identity: string): Promise<boolean> {
  const tombstone = `${lockFile}.taken-over-${identity}`;
  try {
    await writeFile(tombstone, "", { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Left by a waiter that died between this step and the next: cleared long after.
    await removeLeftovers(lockFile);
    return false;
  }
  await removeIfHeldBy(lockFile, identity);
  await removeLeftovers(lockFile);
  return true;
}

async function removeIfHeldBy(lockFile: string, identity: string): Promise<void> {
  if ((await readLock(lockFile))?.identity === identity) await rm(lockFile, { force: true });
}

/** Tombstones and claims long past any use: no waiter can still be acting on them. */
async function removeLeftovers(lockFile: string): Promise<void> {
  const directory = path.dirname(lockFile);
  const prefix = `${path.basename(lockFile)}.`;
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names.filter((candidate) => candidate.startsWith(prefix))) {
    const file = path.join(directory, name);
    const age = await stat(file).then(
      (stats) => Date.now() - stats.mtimeMs,
      () => 0,
    );
    if (age > LEFTOVER_LIFETIME_MS) await rm(file, { force: true });
  }
}
