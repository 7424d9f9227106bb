import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { feedRecord, KNOWN_VEHICLES, knownStockChange } from "../../tests/support/known-vehicles";
import { openMongoSandbox, sandboxName } from "../../tests/support/sandboxes";
import { suiteServers } from "../../tests/support/suite-servers";
import { createLogger } from "../logger";
import { FileVehicleStore } from "../store/file-vehicle-store";
import type { VehicleStore } from "../store/vehicle-store";
import { PageCache, type CachedPage } from "./page-cache";
import { PageCacheFollower } from "./page-cache-follower";

/**
 * Each instance's kept pages follow the store: a change made through another handle (another
 * instance, an import on the command line) makes the pages showing its vehicles forgotten,
 * with nothing asked of the search index.
 */
const AT = Date.now();
const page = (html: string): CachedPage => ({ status: 200, headers: [], parts: [Buffer.from(html)], deflatedParts: [] });
const fiesta = KNOWN_VEHICLES.find(({ id }) => id === "fiesta-2019")!;

const mongo = await suiteServers("the page cache following MongoDB's stock", ["mongo"]);
const engines: [string, () => Promise<{ store: VehicleStore; other: () => Promise<VehicleStore>; dispose(): Promise<void> }>][] = [
  [
    "embedded store",
    async () => {
      const directory = await mkdtemp(path.join(tmpdir(), "page-cache-follower-"));
      const store = await FileVehicleStore.open(directory);
      const others: VehicleStore[] = [];
      return {
        store,
        other: async () => others[others.push(await FileVehicleStore.open(directory)) - 1]!,
        async dispose() {
          await Promise.all([store, ...others].map((opened) => opened.close()));
          await rm(directory, { recursive: true, force: true });
        },
      };
    },
  ],
  ...(mongo
    ? [
        [
          "MongoDB",
          async () => {
            const sandbox = await openMongoSandbox(mongo.mongo.client, sandboxName("page_cache"));
            return { store: sandbox.store, other: () => sandbox.openStore(), dispose: () => sandbox.dispose() };
          },
        ] as (typeof engines)[number],
      ]
    : []),
];

describe.each(engines)("with the %s", (_name, open) => {
  let opened: Awaited<ReturnType<typeof open>>;
  let cache: PageCache;
  let follower: PageCacheFollower;
  beforeEach(async () => {
    opened = await open();
    await opened.store.applyChange({ records: knownStockChange(), mode: "upsert" });
    cache = new PageCache(1 << 20);
    follower = new PageCacheFollower(opened.store, cache, createLogger("silent"));
    follower.start();
    await follower.catchUp();
    const start = cache.renderStart(1);
    cache.set("/vehicles/fiesta-2019", page('<link rel="canonical" href="/vehicles/fiesta-2019">'), start, AT);
    cache.set("/car-search", page('<a href="/vehicles/fiesta-2019">Fiesta</a> <a href="/vehicles/focus-2021">Focus</a>'), start, AT);
    cache.set("/vehicles/focus-2021", page('<a href="/vehicles/focus-2021">'), start, AT);
  });
  afterEach(async () => {
    follower.stop();
    await opened.dispose();
  });

  const kept = () => ["/vehicles/fiesta-2019", "/car-search", "/vehicles/focus-2021"].filter((key) => cache.get(key, 1, AT));

  it("forgets the pages showing a vehicle sold through another instance, once it hears of it", { timeout: 20_000 }, async () => {
    expect(kept()).toHaveLength(3);
    const other = await opened.other();
    await other.applyChange({ records: [], mode: "upsert", removeIds: [fiesta.id] });
    await expect.poll(kept, { timeout: 10_000, interval: 50 }).toEqual(["/vehicles/focus-2021"]);
  });

  it("forgets them at once for a change this instance made and tells it of", async () => {
    const result = await opened.store.applyChange({
      records: [{ id: fiesta.id, record: feedRecord({ ...fiesta, price: 9495 }) }],
      mode: "upsert",
    });
    follower.changed(result);
    expect(kept()).toEqual(["/vehicles/focus-2021"]);
  });
});
