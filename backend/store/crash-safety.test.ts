import { copyFile, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../tests/support/run-cli";

/**
 * The store's promise, tested the hard way: an import killed at any moment leaves the old
 * stock or the new one, never a mix or a broken file, and two imports at once both land.
 */

let directory: string;
let dataDir: string;
let stockFile: string;
let savedOldStock: string;
let bigFeed: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "crash-safety-"));
  dataDir = path.join(directory, "data");
  stockFile = path.join(dataDir, "vehicles.ndjson");
  savedOldStock = path.join(directory, "old-stock.ndjson");
  bigFeed = path.join(directory, "new-stock.ndjson");
  const oldFeed = path.join(directory, "old-feed.ndjson");
  await runCli(["generate", "--count", "1000", "--seed", "1", "--out", oldFeed], dataDir).done;
  await runCli(["generate", "--count", "15000", "--seed", "2", "--out", bigFeed], dataDir).done;
  expect((await runCli(["import", oldFeed], dataDir).done).status).toBe(0);
  await copyFile(stockFile, savedOldStock);
}, 120_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function linesOfStock(): Promise<string[]> {
  const lines = (await readFile(stockFile, "utf8")).split("\n").filter(Boolean);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  return lines;
}

describe("an import killed part-way", () => {
  it("leaves either the old stock or the new, whenever it is killed", async () => {
    const outcomes: number[] = [];
    for (const delay of [300, 700, 1100, 1500, 2000, 2600]) {
      await copyFile(savedOldStock, stockFile);
      const run = runCli(["import", bigFeed, "--replace", "--allow-mass-removal"], dataDir);
      await sleep(delay);
      run.child.kill("SIGKILL");
      await run.done;
      const count = (await linesOfStock()).length;
      expect([1000, 15000]).toContain(count);
      outcomes.push(count);
    }
    // Some kill must have landed before the new stock was in place, or the test proved nothing.
    expect(outcomes).toContain(1000);

    // What a killed writer left behind is cleared away by the next change to the stock.
    const tinyFeed = path.join(directory, "tiny.ndjson");
    await runCli(["generate", "--count", "3", "--seed", "5", "--out", tinyFeed], dataDir).done;
    expect((await runCli(["import", tinyFeed], dataDir).done).status).toBe(0);
    expect((await readdir(dataDir)).filter((name) => name.includes(".partial-"))).toEqual([]);
  }, 120_000);
});

describe("two imports at once", () => {
  it("both land, one after the other", async () => {
    await copyFile(savedOldStock, stockFile);
    const firstFeed = path.join(directory, "first.ndjson");
    const secondFeed = path.join(directory, "second.ndjson");
    await runCli(["generate", "--count", "400", "--seed", "3", "--out", firstFeed], dataDir).done;
    await runCli(["generate", "--count", "600", "--seed", "4", "--out", secondFeed], dataDir).done;
    const [first, second] = await Promise.all([runCli(["import", firstFeed], dataDir).done, runCli(["import", secondFeed], dataDir).done]);
    expect([first.status, second.status], `${first.stderr}\n${second.stderr}`).toEqual([0, 0]);
    expect((await linesOfStock()).length).toBe(1000 + 400 + 600);
  }, 60_000);
});
