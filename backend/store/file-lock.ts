import { randomBytes } from "node:crypto";
import { link, readFile, rm, writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { StockBusyError } from "./vehicle-store";

/**
 * A lock held by one process at a time, across processes: an import run from the command
 * line and the running site must not rewrite the stock file at once. The lock file holds
 * the owner's pid, so a lock left by a process that died is taken over, not waited on.
 */
export async function withFileLock<T>(lockFile: string, work: () => Promise<T>, waitMs = 10_000): Promise<T> {
  await acquire(lockFile, Date.now() + waitMs);
  try {
    return await work();
  } finally {
    await rm(lockFile, { force: true });
  }
}

async function acquire(lockFile: string, deadline: number): Promise<void> {
  // The pid is written first and then linked into place, so a lock file is never seen empty.
  const claim = `${lockFile}.${process.pid}-${randomBytes(4).toString("hex")}`;
  await writeFile(claim, String(process.pid));
  try {
    for (;;) {
      try {
        await link(claim, lockFile);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      await waitForOwner(lockFile, deadline);
    }
  } finally {
    await rm(claim, { force: true });
  }
}

async function waitForOwner(lockFile: string, deadline: number): Promise<void> {
  let content: string;
  try {
    content = await readFile(lockFile, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const owner = Number.parseInt(content, 10);
  if (!Number.isInteger(owner) || !isAlive(owner)) {
    await rm(lockFile, { force: true });
    return;
  }
  if (Date.now() >= deadline) throw new StockBusyError(`process ${owner}`);
  await sleep(100);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
