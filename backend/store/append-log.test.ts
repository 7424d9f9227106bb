import { mkdtemp, open, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppendLog } from "./append-log";

let directory: string;
let file: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "append-log-"));
  file = path.join(directory, "log.ndjson");
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(directory, { recursive: true, force: true });
});

const linesOf = async () => (await readFile(file, "utf8")).split("\n").slice(0, -1);

/** A promise and the function that settles it: work held until the test lets it go. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Counts flushes to disk, each the end of one write of the log. */
async function countFlushes(): Promise<() => number> {
  const handle = await open(file, "a");
  const flush = vi.spyOn(Object.getPrototypeOf(handle) as { sync(): Promise<void> }, "sync");
  await handle.close();
  return () => flush.mock.calls.length;
}

describe("an append-only log", () => {
  it("writes a burst of appends together, each line whole, in order, and on disk before its append resolves", async () => {
    const log = new AppendLog(file);
    const flushes = await countFlushes();
    const lines = Array.from({ length: 200 }, (_, i) => JSON.stringify({ i, text: "x".repeat(i) }));
    await Promise.all(
      lines.map(async (line, i) => {
        await log.append(line);
        expect((await linesOf())[i]).toBe(line);
      }),
    );
    expect(await linesOf()).toEqual(lines);
    // The first append's write, then one for every append that arrived while it was under way.
    expect(flushes()).toBe(2);
  });

  it("keeps a line a crash tore a line of its own, and its own appends whole", async () => {
    await writeFile(file, '{"i":0}\n{"i":');
    const log = new AppendLog(file);
    await Promise.all([log.append('{"i":2}'), log.append('{"i":3}\n')]);
    expect(await linesOf()).toEqual(['{"i":0}', '{"i":', '{"i":2}', '{"i":3}']);
  });

  it("holds appends while exclusive work runs, then writes them, however steadily they arrive", async () => {
    const log = new AppendLog(file);
    await log.append("first");
    const held = gate();
    let appendedDuring = false;
    const work = log.exclusive(async () => {
      await held.opened;
      return linesOf();
    });
    const during = log.append("during").then(() => (appendedDuring = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(appendedDuring).toBe(false);
    held.open();
    expect(await work).toEqual(["first"]);
    await during;
    expect(await linesOf()).toEqual(["first", "during"]);

    // Appends one after another, with no pause between them, still let exclusive work in.
    let streaming = true;
    const stream = (async () => {
      for (let i = 0; streaming; i++) await log.append(`stream ${i}`);
    })();
    await nextTurn();
    const lines = await log.exclusive(linesOf);
    streaming = false;
    await stream;
    expect(lines.length).toBeGreaterThan(2);
    expect((await linesOf()).slice(0, lines.length)).toEqual(lines);
  });

  it("rewrites its file beside appends: the head, then what the file held from a point on, then every append made meanwhile", async () => {
    await writeFile(file, ["old 1", "old 2", "kept 1", "kept 2", ""].join("\n"));
    const keptFrom = "old 1\nold 2\n".length;
    const log = new AppendLog(file);
    const headHeld = gate();
    const appendedMeanwhile: string[] = [];
    let rewritten = false;
    const rewrite = log
      .rewrite({
        begin: (size) => {
          expect(size).toBe(keptFrom + "kept 1\nkept 2\n".length);
          return {
            from: keptFrom,
            head: (async function* () {
              yield "head 1\n";
              await headHeld.opened;
              yield "head 2\n";
            })(),
          };
        },
      })
      .then(() => (rewritten = true));
    // Appends made while the rewrite is under way are written at once, not held for it.
    await nextTurn();
    await Promise.all(
      ["a", "b", "c"].map(async (line) => {
        await log.append(line);
        appendedMeanwhile.push(line);
      }),
    );
    expect(rewritten).toBe(false);
    expect(await linesOf()).toEqual(["old 1", "old 2", "kept 1", "kept 2", "a", "b", "c"]);
    headHeld.open();
    const later = log.append("d");
    await Promise.all([rewrite, later]);
    await log.append("e");
    expect(appendedMeanwhile).toEqual(["a", "b", "c"]);
    expect(await linesOf()).toEqual(["head 1", "head 2", "kept 1", "kept 2", "a", "b", "c", "d", "e"]);
    expect(await readdir(directory)).toEqual(["log.ndjson"]);
  });

  it("leaves its file as it was, and no temporary file, when the rewrite's last step is skipped", async () => {
    await writeFile(file, "one\n");
    const log = new AppendLog(file);
    await log.rewrite({
      begin: () => ({
        from: 0,
        head: (async function* () {
          yield "never\n";
        })(),
      }),
      swap: async () => undefined,
    });
    await log.append("two");
    expect(await linesOf()).toEqual(["one", "two"]);
    expect(await readdir(directory)).toEqual(["log.ndjson"]);
  });
});
