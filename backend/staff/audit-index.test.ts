import { appendFile, mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CatchUpBoard } from "../catch-up-board";
import { AppendLog, sizeOf } from "../store/append-log";
import { AuditIndex } from "./audit-index";
import { AUDIT_ACTIONS, type AuditEntry, type AuditQuery } from "./staff-store";

const DAY_MS = 24 * 3_600_000;
const START = Date.UTC(2026, 0, 1);

let directory: string;
let files: { log: string; index: string };
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "audit-index-"));
  await mkdir(directory, { recursive: true });
  files = { log: path.join(directory, "audit.ndjson"), index: path.join(directory, "audit.idx") };
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A varied history: several staff, actions and targets, a minute apart, with now and then an entry a little out of order (the staff command's clock). */
function entryAt(n: number, startMs = START): AuditEntry {
  const skew = n % 97 === 0 ? -5 * 60_000 : 0;
  return {
    at: new Date(startMs + n * 60_000 + skew),
    action: AUDIT_ACTIONS[(n * 7) % 5]!,
    ...(n % 11 === 0 ? { origin: "command line" } : { actorId: `staff-${n % 4}`, actorEmail: `staff${n % 4}@dealer.example` }),
    ...(n % 3 === 0 ? {} : { targetId: `target-${n % 250}` }),
    details: { n },
  };
}

/** Entries written straight into the log, as an older version (or a restored backup) left it: no index beside it. */
async function writeLog(entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 20_000)
    await appendFile(
      files.log,
      entries
        .slice(start, start + 20_000)
        .map((entry) => `${JSON.stringify(entry)}\n`)
        .join(""),
    );
}

/** What a page must hold: every entry of the log tested, newest first. */
function expected(all: readonly AuditEntry[], { action, actorId, targetId, from, to, page, pageSize }: AuditQuery) {
  const matching = all
    .filter(
      (entry) =>
        (!action || entry.action === action) &&
        (!actorId || entry.actorId === actorId) &&
        (!targetId || entry.targetId === targetId) &&
        (!from || entry.at >= from) &&
        (!to || entry.at < to),
    )
    .reverse();
  return { total: matching.length, details: matching.slice((page - 1) * pageSize, page * pageSize).map(({ details }) => details) };
}

const shown = async (index: AuditIndex, query: AuditQuery) => {
  const { total, entries } = await index.list(query);
  return { total, details: entries.map(({ details }) => details) };
};

describe("the audit index", () => {
  it("answers every query as reading the whole log would, across many blocks of records", async () => {
    const all = Array.from({ length: 10_500 }, (_, n) => entryAt(n));
    await writeLog(all);
    const index = new AuditIndex(files.log, files.index);
    const at = (n: number) => new Date(START + n * 60_000);
    const queries: AuditQuery[] = [
      { page: 1, pageSize: 50 },
      { page: 2, pageSize: 50 },
      { page: 150, pageSize: 50 },
      { page: 211, pageSize: 50 },
      { page: 300, pageSize: 50 },
      { action: "lead-viewed", page: 1, pageSize: 50 },
      { action: "lead-viewed", page: 40, pageSize: 25 },
      { action: AUDIT_ACTIONS.at(-1)!, page: 1, pageSize: 50 },
      { actorId: "staff-2", page: 3, pageSize: 100 },
      { targetId: "target-17", page: 1, pageSize: 10 },
      { targetId: "target-nobody", page: 1, pageSize: 10 },
      { action: "sign-in", targetId: "target-101", page: 1, pageSize: 100 },
      { from: at(4000), to: at(8200), page: 1, pageSize: 50 },
      { from: at(4000), to: at(8200), page: 60, pageSize: 50 },
      { from: at(10_000), page: 2, pageSize: 50 },
      { to: at(97), action: "lead-changed", page: 1, pageSize: 50 },
      { actorId: "staff-1", from: at(3000), to: at(9000), action: "lead-viewed", page: 2, pageSize: 20 },
    ];
    for (const query of queries) expect(await shown(index, query), JSON.stringify(query)).toEqual(expected(all, query));
    // The same read from the index on disk by the next start.
    const next = new AuditIndex(files.log, files.index);
    for (const query of queries) expect(await shown(next, query), JSON.stringify(query)).toEqual(expected(all, query));
    expect((await stat(files.index)).size).toBe(all.length * 40);
  });

  it("indexes a log left without an index beside appends, which neither wait for it nor go missing", async () => {
    const before = Array.from({ length: 60_000 }, (_, n) => entryAt(n));
    await writeLog(before);
    const log = new AppendLog(files.log);
    const index = new AuditIndex(files.log, files.index, new CatchUpBoard());
    const settled: string[] = [];
    const appended = Array.from({ length: 20 }, (_, i) => entryAt(before.length + i));
    // The sweep at start, which indexes the log first; sign-ins and the rest append once it is under way.
    const indexing = index.dropBefore(new Date(START - 400 * DAY_MS), log).finally(() => settled.push("indexed"));
    while ((await sizeOf(files.index)) === 0) await nextTurn();
    await Promise.all([indexing, ...appended.map((entry) => log.append(JSON.stringify(entry)).then(() => settled.push("appended")))]);
    // Before, indexing held appends until it was done.
    expect(settled.indexOf("indexed")).toBe(20);
    expect(await index.list({ page: 1, pageSize: 50 })).toMatchObject({ total: 60_020 });
    const all = [...before, ...appended];
    expect(await shown(index, { page: 1, pageSize: 30 })).toEqual(expected(all, { page: 1, pageSize: 30 }));
    expect(await shown(index, { action: "lead-viewed", page: 2, pageSize: 30 })).toEqual(
      expected(all, { action: "lead-viewed", page: 2, pageSize: 30 }),
    );
  });

  it("rewrites the log without its expired entries beside appends made all the while, losing none", async () => {
    const expired = Array.from({ length: 30_000 }, (_, n) => entryAt(n, START - 800 * DAY_MS));
    const kept = Array.from({ length: 60_000 }, (_, n) => entryAt(n, START));
    await writeLog([...expired, ...kept]);
    const log = new AppendLog(files.log);
    const board = new CatchUpBoard();
    const index = new AuditIndex(files.log, files.index, board);
    expect((await index.list({ page: 1, pageSize: 1 })).total).toBe(90_000);
    let rewritten = false;
    const rewriting = index.dropBefore(new Date(START - 365 * DAY_MS), log).finally(() => (rewritten = true));
    const appended: AuditEntry[] = [];
    let appendedWhile = 0;
    // One append after another, from when the rewrite shows as under way, through it and past its end.
    while (!rewritten && board.list().length === 0) await nextTurn();
    for (let n = 0; !rewritten || n < appendedWhile + 3; n++) {
      const entry = { ...entryAt(kept.length + n, START), details: { appended: n } };
      await log.append(JSON.stringify(entry));
      appended.push(entry);
      if (!rewritten) appendedWhile++;
    }
    expect(await rewriting).toBe(30_000);
    // Before, appends waited for the rewrite to end.
    expect(appendedWhile).toBeGreaterThan(0);
    const all = [...kept, ...appended];
    const lines = (await readFile(files.log, "utf8")).trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).details)).toEqual(all.map(({ details }) => details));
    for (const query of [
      { page: 1, pageSize: 50 },
      { action: "lead-viewed", page: 3, pageSize: 50 },
      { targetId: "target-3", page: 1, pageSize: 500 },
    ] as AuditQuery[]) {
      expect(await shown(index, query)).toEqual(expected(all, query));
      expect(await shown(new AuditIndex(files.log, files.index), query)).toEqual(expected(all, query));
    }
    await expect(stat(`${files.log}.rewrite`)).rejects.toThrow();
    await expect(stat(`${files.index}.rewrite`)).rejects.toThrow();
  });

  it("rewrites only once the oldest entry is a month past the cutoff", async () => {
    await writeLog([entryAt(0, START - 20 * DAY_MS), entryAt(1, START)]);
    const index = new AuditIndex(files.log, files.index);
    expect(await index.dropBefore(new Date(START), new AppendLog(files.log))).toBe(0);
    expect((await index.list({ page: 1, pageSize: 10 })).total).toBe(2);
    expect(await index.dropBefore(new Date(START + 11 * DAY_MS), new AppendLog(files.log))).toBe(2);
    expect((await index.list({ page: 1, pageSize: 10 })).total).toBe(0);
  });
});
