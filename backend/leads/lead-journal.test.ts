import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LeadJournal, type JournalLine } from "./lead-journal";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "lead-journal-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const journalIn = (file: string) => new LeadJournal(file, { entries: () => [], changing: () => [] });

describe("LeadJournal.read", () => {
  it("takes every whole line in order, however the file falls into reads, passing over a torn last line", async () => {
    // Half a megabyte of short lines, one longer than a read, and a line cut short by a crash.
    const written: JournalLine[] = Array.from({ length: 20_000 }, (_, n) => ({ changing: `lead-${n}` }));
    written.splice(10_000, 0, { changing: "x".repeat(600_000) });
    const file = path.join(folder, "index.ndjson");
    await writeFile(file, `${written.map((line) => JSON.stringify(line)).join("\n")}\n{"changing":"lead-`);
    const taken: JournalLine[] = [];
    expect(await journalIn(file).read((line) => taken.push(line))).toBe(written.length + 1);
    expect(taken).toEqual(written);
  });

  it("takes a last line written whole without its newline, and says when there is no journal", async () => {
    const file = path.join(folder, "index.ndjson");
    await writeFile(file, '{"changing":"a"}\n{"changing":"b"}');
    const taken: JournalLine[] = [];
    expect(await journalIn(file).read((line) => taken.push(line))).toBe(2);
    expect(taken).toEqual([{ changing: "a" }, { changing: "b" }]);
    expect(await journalIn(path.join(folder, "none.ndjson")).read(() => undefined)).toBe("none");
  });
});
