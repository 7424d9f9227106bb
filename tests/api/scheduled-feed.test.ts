import { once } from "node:events";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { createLogger } from "../../backend/logger";
import { ScheduledFeed, type FeedSchedule } from "../../backend/stock/scheduled-feed";
import { StockImports } from "../../backend/stock/stock-imports";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import type { VehicleStore } from "../../backend/store/vehicle-store";
import { freePort } from "../support/free-port";
import { openMongoSandbox, sandboxName } from "../support/sandboxes";
import { signedInMember } from "../support/staff-accounts";
import { startTestSite } from "../support/start-test-site";
import { suiteServers } from "../support/suite-servers";

/**
 * The scheduled stock feed against a feed server on 127.0.0.1 that this test starts: what a
 * good feed imports, and what changes nothing (a wrong token, a server that is down, a feed
 * cut short or too large, a whole stock that would remove more than half), with the embedded
 * store and, when a MongoDB-protocol server is named, MongoDB; then a site that fetches its
 * feed as it starts.
 */
const TOKEN = "feed-token-4242";
const STOCK = 30;
const stockLines = (count: number, seed?: number) => Array.from(generateDemoStock({ count, seed }), (record) => JSON.stringify(record));

/** What the feed server answers next: a body, and the token it insists on. */
let feed: { body: string; token?: string } = { body: "" };
let feedServer: Server;
let feedUrl: string;
/** A port nothing listens on: a feed server that is down. */
const closedPort = await freePort();

beforeAll(async () => {
  feedServer = createServer((req, res) => {
    if (feed.token && req.headers.authorization !== `Bearer ${feed.token}`) return res.writeHead(401).end("no");
    res.writeHead(200, { "Content-Type": "application/x-ndjson" }).end(feed.body);
  });
  feedServer.listen(0, "127.0.0.1");
  await once(feedServer, "listening");
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/exports/stock.ndjson`;
});
afterAll(async () => {
  feedServer.close();
});

const mongo = await suiteServers("the scheduled feed with MongoDB", ["mongo"]);
const engines: [string, (directory: string) => Promise<{ store: VehicleStore; dispose(): Promise<void> }>][] = [
  [
    "embedded store",
    async (directory) => {
      const store = await FileVehicleStore.open(directory);
      return { store, dispose: () => store.close() };
    },
  ],
  ...(mongo
    ? [
        [
          "MongoDB",
          async () => {
            const sandbox = await openMongoSandbox(mongo.mongo.client, sandboxName("feed"));
            return { store: sandbox.store, dispose: () => sandbox.dispose() };
          },
        ] as (typeof engines)[number],
      ]
    : []),
];

describe.each(engines)("with the %s", (_name, open) => {
  let directory: string;
  let opened: Awaited<ReturnType<typeof open>>;
  let staff: Awaited<ReturnType<typeof signedInMember>>;
  let imports: StockImports;
  let tokenFile: string;
  const logger = createLogger("silent");

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "scheduled-feed-"));
    opened = await open(directory);
    await opened.store.applyChange({
      records: Array.from(generateDemoStock({ count: STOCK }), (record) => ({ id: record._id, record })),
      mode: "upsert",
    });
    staff = await signedInMember(directory, "stock");
    imports = new StockImports(
      opened.store,
      staff.access,
      undefined,
      { uploadDirectory: path.join(directory, "uploads"), maxUploadBytes: 1 << 20 },
      logger,
    );
    tokenFile = path.join(directory, "feed-token");
    await writeFile(tokenFile, `${TOKEN}\n`);
    feed = { body: "", token: TOKEN };
  });
  afterEach(async () => {
    await staff.close();
    await opened.dispose();
    await rm(directory, { recursive: true, force: true });
  });

  const scheduled = (changes: Partial<FeedSchedule> = {}) =>
    new ScheduledFeed(imports, { url: feedUrl, tokenFile, everyMinutes: 60, mode: "upsert", ...changes }, logger);

  it("imports an update with the bearer token, and records it in the history as the scheduled feed's", async () => {
    feed.body = [...stockLines(STOCK), ...stockLines(3, 77)].join("\n");
    const run = await scheduled().runOnce();
    expect(run).toMatchObject({ ok: true, message: "Imported: 3 added, 0 updated, 30 unchanged, 0 removed, 0 rejected." });
    expect(await opened.store.count()).toBe(STOCK + 3);
    const [entry] = await imports.history(staff.member);
    expect(entry).toMatchObject({
      origin: "scheduled feed",
      details: { file: "stock.ndjson", mode: "upsert", result: "imported", added: 3 },
    });
    expect(entry?.actorEmail).toBeUndefined();
  });

  it.each([
    ["a wrong token", () => (feed.token = "another-token"), {}, /answered HTTP 401 \(check STOCK_FEED_TOKEN_FILE\)/],
    [
      "a server that is down",
      () => undefined,
      { url: `http://127.0.0.1:${closedPort}/stock.ndjson` },
      /could not be fetched \(ECONNREFUSED\)/,
    ],
    ["a feed cut short", () => (feed.body = `${stockLines(2, 5).join("\n")}\n{"_id":"cut`), {}, /may have been cut short/],
    ["a feed over the size limit", () => (feed.body = "x".repeat((1 << 20) + 1)), {}, /larger than the limit of 1 MB/],
    [
      "a whole stock that would remove more than half",
      () => (feed.body = stockLines(5).join("\n")),
      { mode: "replace" as const },
      /would remove 25 of the 30 vehicles in stock as sold, more than half, so nothing was changed/,
    ],
  ])("changes nothing for %s, and shows the feed as failing", async (_label, arrange, changes, message) => {
    arrange();
    const before = await opened.store.count();
    const schedule = scheduled(changes);
    const run = await schedule.runOnce();
    expect(run.ok).toBe(false);
    expect(run.message).toMatch(message);
    expect((await schedule.status()).lastRun).toMatchObject({ ok: false });
    expect(await opened.store.count()).toBe(before);
  });

  it("keeps the feed it fetched for the site's own user alone to read", async () => {
    feed.body = stockLines(3, 78).join("\n");
    const modes: number[] = [];
    const runScheduled = imports.runScheduled.bind(imports);
    imports.runScheduled = async (upload, mode) => {
      modes.push((await stat(upload.path)).mode & 0o777);
      return runScheduled(upload, mode);
    };
    expect(await scheduled().runOnce()).toMatchObject({ ok: true });
    expect(modes).toEqual([0o600]);
  });

  it("leaves a feed for the next run while a stock manager's import is under way", async () => {
    const upload = path.join(directory, "uploads", "manual.feed");
    await imports.uploadPath();
    await writeFile(upload, stockLines(3, 99).join("\n"));
    await imports.start(staff.member, "127.0.0.1", { path: upload, name: "manual.ndjson", size: 1 }, "upsert");
    feed.body = stockLines(3, 77).join("\n");
    expect(await scheduled().runOnce()).toMatchObject({ ok: true, message: expect.stringContaining("Skipped") });
    expect(await opened.store.count()).toBe(STOCK);
  });
});

describe("a site with STOCK_FEED_URL", () => {
  it("fetches and imports the feed as it starts, then says when it will next", async () => {
    feed = { body: stockLines(4, 4242).join("\n") };
    const site = await startTestSite([], { env: { STOCK_FEED_URL: feedUrl, STOCK_FEED_SCHEDULE: "15" } });
    try {
      let total = 0;
      for (let tries = 0; tries < 100 && total !== 4; tries++) {
        total = Number((await fetch(`${site.url}/api/vehicles?pageSize=1`)).headers.get("x-total-count"));
        if (total !== 4) await sleep(100);
      }
      expect(total).toBe(4);
    } finally {
      await site.close();
    }
  });
});
