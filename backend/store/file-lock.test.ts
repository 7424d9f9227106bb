import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFileLock } from "./file-lock";
import { StockBusyError } from "./vehicle-store";

let directory: string;
let lockFile: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "file-lock-"));
  lockFile = path.join(directory, "vehicles.ndjson.lock");
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Runs work under the lock, recording how many holders there were at once. */
function holders() {
  let active = 0;
  let most = 0;
  return {
    async hold(ms: number) {
      active++;
      most = Math.max(most, active);
      await sleep(ms);
      active--;
    },
    get most() {
      return most;
    },
  };
}

/** The pid of a process that has exited: what a crashed holder leaves in its lock. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

async function writeLock(content: string, ageMs: number): Promise<void> {
  await writeFile(lockFile, content);
  const touched = new Date(Date.now() - ageMs);
  await utimes(lockFile, touched, touched);
}

const owner = (pid: number, host = hostname()) => JSON.stringify({ pid, host, token: "0123456789abcdef" });
const quick = { waitMs: 300, heartbeatMs: 50, staleAfterMs: 1000 };

describe("withFileLock", () => {
  it("lets one holder in at a time, and releases the lock when the work is done", async () => {
    const lock = holders();
    await Promise.all(Array.from({ length: 5 }, () => withFileLock(lockFile, () => lock.hold(20))));
    expect(lock.most).toBe(1);
    expect(await readdir(directory)).toEqual([]);
  });

  it("takes over at once a lock whose holder on this host has gone", async () => {
    await writeLock(owner(deadPid()), 0);
    expect(await withFileLock(lockFile, async () => "done", quick)).toBe("done");
  });

  it("waits for a fresh lock it cannot trace to a running process, naming it, and takes it over once untouched for long", async () => {
    // `echo 1 > vehicles.ndjson.lock`: pid 1 always runs, so the pid alone would block for ever.
    await writeLock("1\n", 0);
    const busy = withFileLock(lockFile, async () => "first", quick);
    await expect(busy).rejects.toBeInstanceOf(StockBusyError);
    await expect(busy).rejects.toThrow(`a lock file that names no process, ${lockFile}`);
    await writeLock("1\n", quick.staleAfterMs + 1);
    expect(await withFileLock(lockFile, async () => "second", quick)).toBe("second");
  });

  it("takes over a lock untouched for long though its pid runs again (reused by another process)", async () => {
    await writeLock(owner(process.pid), quick.staleAfterMs + 1);
    expect(await withFileLock(lockFile, async () => "done", quick)).toBe("done");
  });

  it("waits for a fresh lock held on another host, and says until when", async () => {
    await writeLock(owner(deadPid(), "another-container"), 0);
    const attempt = withFileLock(lockFile, async () => "never", quick);
    await expect(attempt).rejects.toThrow(
      /^Another stock change is in progress \(process \d+ on another-container, holding the stock until /,
    );
  });

  it("keeps its own lock fresh while it works, so it is never taken over", async () => {
    const lock = holders();
    const first = withFileLock(lockFile, () => lock.hold(quick.staleAfterMs * 2), quick);
    await sleep(50);
    const second = withFileLock(lockFile, () => lock.hold(10), { ...quick, waitMs: quick.staleAfterMs * 4 });
    await Promise.all([first, second]);
    expect(lock.most).toBe(1);
  });

  it("lets only one of several processes take over a stale lock, however close together they try", async () => {
    const contenders = Array.from({ length: 6 }, () => contender(lockFile));
    try {
      await Promise.all(contenders.map((one) => one.ready));
      for (let round = 1; round <= 4; round++) {
        await writeLock(String(deadPid()), 2 * CONTENDER_STALE_AFTER_MS);
        // Released together: each process is already waiting on its standard input.
        for (const one of contenders) one.go();
        await Promise.all(contenders.map((one) => one.held(round)));
      }
      const spans = contenders.flatMap((one) => one.spans).sort((a, b) => a[0] - b[0]);
      const overlapping = spans.filter((span, i) => i > 0 && span[0] < spans[i - 1]![1]);
      expect(overlapping).toEqual([]);
    } finally {
      for (const one of contenders) one.stop();
    }
  }, 60_000);
});

const CONTENDER_STALE_AFTER_MS = 60_000;

/**
 * A separate process that, each time it is told to, takes the lock, holds it for 30 ms and
 * reports when it held it: separate processes race as the site and an import do.
 */
function contender(lock: string) {
  const script = `
    import { createInterface } from "node:readline";
    import { withFileLock } from ${JSON.stringify(path.join(import.meta.dirname, "file-lock.ts"))};
    const now = () => performance.timeOrigin + performance.now();
    process.stdout.write("ready\\n");
    for await (const _go of createInterface({ input: process.stdin })) {
      await withFileLock(${JSON.stringify(lock)}, async () => {
        const start = now();
        await new Promise((resolve) => setTimeout(resolve, 30));
        process.stdout.write(JSON.stringify([start, now()]) + "\\n");
      }, { waitMs: 30000, heartbeatMs: 1000, staleAfterMs: ${CONTENDER_STALE_AFTER_MS} });
    }`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["pipe", "pipe", "inherit"] });
  const spans: [number, number][] = [];
  let exited = false;
  const lines = createInterface({ input: child.stdout! });
  lines.on("line", (line) => {
    if (line !== "ready") spans.push(JSON.parse(line) as [number, number]);
  });
  child.on("exit", () => (exited = true));
  const until = async (done: () => boolean) => {
    while (!done()) {
      if (exited) throw new Error("A contending process exited early");
      await sleep(5);
    }
  };
  return {
    spans,
    ready: once(lines, "line"),
    go: () => child.stdin!.write("go\n"),
    held: (times: number) => until(() => spans.length >= times),
    stop: () => child.stdin!.end(),
  };
}
