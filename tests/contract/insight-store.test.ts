import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileInsightStore, MongoInsightStore, type InsightStore } from "../../backend/dashboard/insight-store";
import { sandboxName } from "../support/sandboxes";
import { suiteServers } from "../support/suite-servers";

/**
 * The dashboard's kept counts, embedded and in MongoDB, held to one contract: additions sum
 * by metric, day and key; a range reads its days only; a fact is counted once however many
 * instances see it; and what was added is there when the store is opened again.
 */
interface Kind {
  /** A handle on the store; a second call is another instance on the same data. */
  open(): Promise<InsightStore>;
  /** Whether two handles are two instances on one database (MongoDB); the embedded store is one process's. */
  shared: boolean;
}

const folder = await mkdtemp(path.join(tmpdir(), "insight-contract-"));
afterAll(() => rm(folder, { recursive: true, force: true }));
const kinds: [string, Kind][] = [["embedded", { open: () => FileInsightStore.open(folder), shared: false }]];
const mongo = await suiteServers("the dashboard's counts in MongoDB", ["mongo"]);
if (mongo) {
  const db = mongo.mongo.client.db(sandboxName("insight"));
  afterAll(() => db.dropDatabase());
  kinds.push([
    "in MongoDB",
    {
      open: async () => {
        const store = new MongoInsightStore(db);
        await store.setUp();
        return store;
      },
      shared: true,
    },
  ]);
}

describe.each(kinds)("the dashboard's counts, %s", (_kind, kind) => {
  it("sums additions by metric, day and key, and reads a range of days", async () => {
    const store = await kind.open();
    const key = `key-${Math.random()}`;
    await store.add([
      { metric: "leads", day: "2026-11-01", key, count: 1 },
      { metric: "leads", day: "2026-11-01", key, count: 2 },
      { metric: "leads", day: "2026-11-02", key, count: 4 },
      { metric: "leads", day: "2026-11-30", key, count: 8 },
      { metric: "replies", day: "2026-11-01", key, count: 16 },
    ]);
    await store.add([{ metric: "leads", day: "2026-11-02", key, count: 1 }]);
    const daily = (await store.daily("leads", "2026-11-01", "2026-11-02")).filter((count) => count.key === key);
    expect(daily.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { metric: "leads", day: "2026-11-01", key, count: 3 },
      { metric: "leads", day: "2026-11-02", key, count: 5 },
    ]);
    expect((await store.totals("leads", "2026-11-01", "2026-11-30")).get(key)).toBe(16);
    expect((await store.totals("leads", "2026-11-03", "2026-11-29")).get(key)).toBeUndefined();
    expect((await store.totals("replies", "2026-11-01", "2026-11-01")).get(key)).toBe(16);
  });

  it("reads only the keys asked for", async () => {
    const store = await kind.open();
    const [a, b] = [`a-${Math.random()}`, `b-${Math.random()}`];
    await store.add([
      { metric: "vehicle-leads", day: "2026-10-01", key: a, count: 1 },
      { metric: "vehicle-leads", day: "2026-10-01", key: b, count: 1 },
    ]);
    expect((await store.daily("vehicle-leads", "2026-10-01", "2026-10-01", [a])).map(({ key }) => key)).toEqual([a]);
  });

  it("counts a fact once, whichever instance sees it first", async () => {
    const one = await kind.open();
    const two = kind.shared ? await kind.open() : one;
    const fact = `sold:${Math.random()}`;
    expect([...(await one.once([fact, `${fact}-b`]))].sort()).toEqual([fact, `${fact}-b`]);
    expect(await two.once([fact])).toEqual(new Set());
    expect(await one.once([fact, `${fact}-c`])).toEqual(new Set([`${fact}-c`]));
  });

  it("keeps what was added when opened again", async () => {
    const store = await kind.open();
    const key = `kept-${Math.random()}`;
    await store.add([{ metric: "group-views", day: "2026-09-09", key, count: 7 }]);
    await store.once([`fact-${key}`]);
    await store.close();
    const again = await kind.open();
    expect((await again.totals("group-views", "2026-09-09", "2026-09-09")).get(key)).toBe(7);
    expect(await again.once([`fact-${key}`])).toEqual(new Set());
  });
});
