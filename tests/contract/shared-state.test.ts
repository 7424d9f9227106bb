import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryRateWindows, MongoRateWindows, type RateWindows } from "../../backend/http/rate-windows";
import { MemoryLoneRounds, MongoLoneRounds, type LoneRounds } from "../../backend/store/lone-rounds";
import { MemoryPictureRounds, MongoPictureRounds, type PictureRounds } from "../../backend/media/picture-rounds";
import { MemoryFeedTurns, MongoFeedTurns, type FeedTurns } from "../../backend/stock/feed-turns";
import { MemoryImportBoard, MongoImportBoard, type ImportBoard } from "../../backend/stock/import-board";
import { MemoryRebuildBoard, MongoRebuildBoard, type RebuildBoard, type RebuildState } from "../../backend/stock/rebuild-board";
import type { ImportJob } from "../../backend/stock/import-job";
import { sandboxName } from "../support/sandboxes";
import { suiteServers } from "../support/suite-servers";

/**
 * What the instances of the site share beyond the stores (backend/engines.ts, SharedState),
 * kept in the process on the embedded default and in MongoDB with it: two handles on one
 * MongoDB database stand for two instances.
 */
interface Instances {
  rateWindows(): RateWindows;
  board(): ImportBoard;
  rebuilds(): RebuildBoard;
  feedTurns(): FeedTurns;
  /** An instance's hold on the feed pictures' round, its lease lasting `leaseMs` unless renewed. */
  pictureRounds(leaseMs: number): PictureRounds;
  /** An instance's hold on the alerts' round. */
  alertRounds(): LoneRounds;
  /** Whether two handles share what they keep (MongoDB), or each keeps its own (in the process). */
  shared: boolean;
  /** Whether several updates of one document sent at once are all kept (not on FerretDB 1.24). */
  atomicUpdates: boolean;
}

const mongo = await suiteServers("the shared state in MongoDB", ["mongo"]);
const kinds: [string, Instances][] = [
  [
    "in the process",
    (() => {
      const board = new MemoryImportBoard();
      const rebuilds = new MemoryRebuildBoard();
      return {
        rateWindows: () => new MemoryRateWindows(),
        board: () => board,
        rebuilds: () => rebuilds,
        feedTurns: () => new MemoryFeedTurns(),
        pictureRounds: () => new MemoryPictureRounds(),
        alertRounds: () => new MemoryLoneRounds(),
        shared: false,
        atomicUpdates: true,
      };
    })(),
  ],
];
if (mongo) {
  const db = mongo.mongo.client.db(sandboxName("shared"));
  afterAll(() => db.dropDatabase());
  kinds.push([
    "in MongoDB",
    {
      rateWindows: () => new MongoRateWindows(db),
      board: () => new MongoImportBoard(db),
      rebuilds: () => new MongoRebuildBoard(db),
      feedTurns: () => new MongoFeedTurns(db),
      pictureRounds: (leaseMs) => new MongoPictureRounds(db, undefined, leaseMs),
      alertRounds: () => new MongoLoneRounds(db, "alert_rounds", "alerts"),
      shared: true,
      atomicUpdates: mongo.mongo.features.atomicUpdates,
    },
  ]);
}

const job = (id: string, heldUntil: Date, phase: ImportJob["phase"] = "previewing"): ImportJob => ({
  id,
  fileName: `${id}.ndjson`,
  fileBytes: 10,
  mode: "upsert",
  by: { id: "a", name: "Stock Person" },
  actor: { actorId: "a", address: "127.0.0.1" },
  startedAt: new Date("2026-11-27T08:00:00Z"),
  phase,
  progress: { bytesRead: 0, rows: 0, since: new Date("2026-11-27T08:00:00Z"), saving: false },
  preview: {
    format: "ndjson",
    rows: 2,
    rejected: [{ line: 2, reason: "Price is missing (line 2)", original: ["v2", "car", ""] }],
    originalColumns: ["_id", "vehicleType", "price"],
    unidentifiedRows: 0,
    ignoredColumns: [],
    stockBefore: 0,
    added: 1,
    updated: 0,
    unchanged: 0,
    removed: 0,
  },
  heldUntil,
});

describe.each(kinds)("shared state %s", (_kind, instances) => {
  it("counts a client's posts in one window until it ends, and sweeps ended windows", async () => {
    const [one, two] = [instances.rateWindows(), instances.rateWindows()];
    const client = `client-${Math.random()}`;
    expect(await one.count(client, 1_000, 60_000)).toEqual({ count: 1, endsAt: 61_000 });
    expect(await (instances.shared ? two : one).count(client, 2_000, 60_000)).toEqual({ count: 2, endsAt: 61_000 });
    expect(await one.count(client, 61_000, 60_000)).toEqual({ count: 1, endsAt: 121_000 });
    await one.sweep(121_000);
    expect(await one.count(client, 121_500, 60_000)).toEqual({ count: 1, endsAt: 181_500 });
  });

  it("counts posts sent through several instances each once, at once where the server keeps every update", async () => {
    const windows = [instances.rateWindows(), instances.rateWindows(), instances.rateWindows()];
    const client = `client-${Math.random()}`;
    const count = (i: number) => (instances.shared ? windows[i % 3]! : windows[0]!).count(client, 5_000, 60_000);
    const counted = [];
    if (instances.atomicUpdates) counted.push(...(await Promise.all(Array.from({ length: 12 }, (_, i) => count(i)))));
    else for (let i = 0; i < 12; i++) counted.push(await count(i));
    expect(counted.map(({ count }) => count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("lets one import hold the console until its time runs out, and moves it on only from the phase asked", async () => {
    const [one, two] = [instances.board(), instances.board()];
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    expect(await one.take(job("first", later), now)).toBeUndefined();
    expect(await two.take(job("second", later), now)).toMatchObject({ id: "first", phase: "previewing" });
    expect(await two.latest()).toMatchObject({
      id: "first",
      preview: { rejected: [{ line: 2, reason: "Price is missing (line 2)", original: ["v2", "car", ""] }] },
    });

    expect(await two.swap({ ...job("first", later), phase: "applying" }, "ready")).toBe(false);
    await one.save(job("first", later, "ready"));
    expect(await two.swap({ ...job("first", later), phase: "applying" }, "ready")).toBe(true);
    expect(await one.swap({ ...job("first", later), phase: "applying" }, "ready")).toBe(false);

    // Its instance stopped moving its time on: once past, another import may start.
    expect(await two.take(job("third", later), new Date(later.getTime() + 1))).toBeUndefined();
    expect((await one.latest())?.id).toBe("third");
    await one.save(job("first", later, "done"));
    expect((await two.latest())?.phase).toBe("previewing");
  });

  it("lets one search index rebuild hold the console until it ends or its time runs out, and shows it to every instance", async () => {
    const [one, two] = [instances.rebuilds(), instances.rebuilds()];
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    const rebuild = (id: string, heldUntil: Date): RebuildState => ({ id, by: "Stock Person", startedAt: now, heldUntil });
    expect(await one.take(rebuild("first", later), now)).toBeUndefined();
    expect(await two.take(rebuild("second", later), now)).toMatchObject({ id: "first", by: "Stock Person" });

    await one.save({ ...rebuild("first", new Date(0)), finishedAt: now, documents: 12 });
    expect(await two.latest()).toEqual({ ...rebuild("first", new Date(0)), finishedAt: now, documents: 12 });
    expect(await two.take(rebuild("second", later), now)).toBeUndefined();
    // A late save of the first changes nothing now that the second has taken its place.
    await one.save(rebuild("first", later));
    expect((await one.latest())?.id).toBe("second");

    // Its instance stopped moving its time on: once past, another rebuild may start.
    expect(await one.take(rebuild("third", later), new Date(later.getTime() + 1))).toBeUndefined();
  });

  it("gives the feed's turn to one instance a period, and shows every instance its last run", async () => {
    const [one, two] = [instances.feedTurns(), instances.feedTurns()];
    expect(await one.claim(400)).toBe(true);
    expect(await two.claim(400)).toBe(!instances.shared);
    const run = { at: new Date("2026-11-27T08:00:00Z"), ok: false, message: "The feed at http://example answered HTTP 503" };
    await one.record(run);
    if (instances.shared) {
      expect(await two.lastRun()).toEqual(run);
      await sleep(500);
      expect(await two.claim(400)).toBe(true);
      expect(await one.claim(400)).toBe(false);
    } else expect(await one.lastRun()).toEqual(run);
  });

  it("runs the feed pictures' round on one instance at a time, renewing its lease while it runs, and lets the next in after it", async () => {
    const [one, two] = [instances.pictureRounds(600), instances.pictureRounds(600)];
    const rounds: string[] = [];
    const ranOne = await one.runAlone(async () => {
      rounds.push("one");
      // Longer than the lease: only its renewals keep the other instance out.
      await sleep(1_500);
      expect(await two.runAlone(async () => void rounds.push("two, beside one"))).toBe(!instances.shared);
    });
    expect(ranOne).toBe(true);
    expect(await two.runAlone(async () => void rounds.push("two, after one"))).toBe(true);
    expect(rounds).toEqual(["one", ...(instances.shared ? [] : ["two, beside one"]), "two, after one"]);
  });

  it("runs the alerts' round on one instance at a time, under a lease of its own beside the feed pictures'", async () => {
    const [one, two] = [instances.alertRounds(), instances.alertRounds()];
    const pictures = instances.pictureRounds(60_000);
    const rounds: string[] = [];
    await one.runAlone(async () => {
      rounds.push("alerts on one");
      expect(await pictures.runAlone(async () => void rounds.push("pictures beside"))).toBe(true);
      expect(await two.runAlone(async () => void rounds.push("alerts on two, beside one"))).toBe(!instances.shared);
    });
    expect(await two.runAlone(async () => void rounds.push("alerts on two, after one"))).toBe(true);
    expect(rounds).toEqual([
      "alerts on one",
      "pictures beside",
      ...(instances.shared ? [] : ["alerts on two, beside one"]),
      "alerts on two, after one",
    ]);
  });
});
