import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { defaultFeedSettings } from "../../backend/feeds-out/feed-settings";
import { digestOf } from "../../backend/staff/secrets";
import { feedRecordOf } from "../../backend/stock/vehicle-desk";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import type { VehicleRecord } from "../../domain/vehicle";
import { capturedLogger } from "../support/captured-logger";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * The outgoing feeds at their addresses: only the whole secret opens one, a feed switched off
 * answers as a wrong secret does, nothing on the way may keep the answer, the secret never
 * reaches the log, and a price changed in the stock (here by another process, as an import
 * from the command line would) shows in every feed within a minute.
 */

const SECRET = "s3cret-feed-address-token-0123456789abcdefghij";
const FEEDS = ["google-vehicle-ads.xml", "meta-automotive-catalogue.csv", "portal-stock.csv"] as const;

const stock = [...generateDemoStock({ count: 60, referenceDate: new Date("2026-11-01T00:00:00Z") })];
const car = stock.find((record) => record.vehicle.vehicleType === "car" && record.media.images.length > 0 && !record.reserved)!;
const log = capturedLogger();
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite(
    stock.map((record) => ({ id: record._id, record: feedRecordOf(record) })),
    {
      logger: log.logger,
      env: { SITE_URL: "https://www.dockside-motors.example" },
      // The settings an admin leaves by switching every feed on with this secret.
      prepare: async (dataDir) => {
        const settings = defaultFeedSettings("L3 4BP");
        for (const channel of Object.values(settings.channels)) channel.tokenDigest = digestOf(SECRET);
        await mkdir(path.join(dataDir, "feeds-out"), { recursive: true });
        await writeFile(path.join(dataDir, "feeds-out", "settings.json"), JSON.stringify(settings));
      },
    },
  );
}, 60_000);

afterAll(async () => {
  await site?.close();
});

const feed = (file: string, token?: string, init?: RequestInit) =>
  fetch(`${site.url}/feeds/${file}${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`, init);

describe("a feed's address", () => {
  it("answers with the feed, never to be kept by a cache or indexed", async () => {
    const answer = await feed("google-vehicle-ads.xml", SECRET);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("x-robots-tag")).toBe("noindex");
    const body = await answer.text();
    expect(body).toContain(`<g:id>${car._id}</g:id>`);
    expect(body).toContain(`<g:link>https://www.dockside-motors.example/vehicles/${car._id}</g:link>`);
  });

  it("serves each channel's file, compressed for a client that takes gzip", async () => {
    for (const file of FEEDS) {
      const answer = await feed(file, SECRET, { headers: { "Accept-Encoding": "gzip" } });
      expect(answer.status, file).toBe(200);
      expect(Number(answer.headers.get("x-vehicle-count"))).toBeGreaterThan(10);
      expect((await answer.text()).length).toBeGreaterThan(1000);
    }
  });

  it("answers 404 alike without the secret, with a wrong or shortened one, and for a file it does not serve", async () => {
    for (const [file, token] of [
      ["google-vehicle-ads.xml", undefined],
      ["google-vehicle-ads.xml", "wrong"],
      ["google-vehicle-ads.xml", SECRET.slice(0, -1)],
      ["meta-automotive-catalogue.csv", `${SECRET}x`],
      ["settings.json", SECRET],
    ] as const) {
      const answer = await feed(file, token);
      expect(answer.status, `${file} ${token}`).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(await answer.text()).toBe("There is no feed at this address.");
    }
  });

  it("keeps the secret out of the log", async () => {
    await feed("portal-stock.csv", SECRET);
    await log.lineContaining("/feeds/portal-stock.csv");
    expect(log.text()).not.toContain(SECRET);
    expect(log.text()).toContain("/feeds/portal-stock.csv?token=%5Bredacted%5D");
  });
});

describe("a change to the stock", () => {
  it("shows a new price in every feed within a minute", async () => {
    const writer = await FileVehicleStore.open(site.dataDir);
    const cut: VehicleRecord = { ...car, adverts: { retailAdverts: { ...car.adverts.retailAdverts, totalPrice: { amountGBP: 4321 } } } };
    const changedAt = Date.now();
    try {
      await writer.applyChange({ records: [{ id: car._id, record: feedRecordOf(cut) }], mode: "upsert" });
    } finally {
      await writer.close();
    }
    const shows = {
      "google-vehicle-ads.xml": `<g:price>4321.00 GBP</g:price>`,
      "meta-automotive-catalogue.csv": `4321.00 GBP`,
      "portal-stock.csv": `,4321,`,
    };
    const pending = new Set<string>(FEEDS);
    while (pending.size > 0 && Date.now() - changedAt < 60_000) {
      for (const file of [...pending]) {
        const line = (await (await feed(file, SECRET)).text()).split(/\r?\n|<\/item>/).find((text) => text.includes(car._id));
        if (line?.includes(shows[file as keyof typeof shows])) pending.delete(file);
      }
      if (pending.size > 0) await sleep(250);
    }
    expect([...pending]).toEqual([]);
  }, 70_000);
});
