import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { Logger } from "../logger";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { FeedPictures } from "./feed-pictures";
import { PhotoLibrary } from "../media/photo-library";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "feed-pictures-"));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

it("refuses a feed picture on a loopback address: nothing is fetched or stored, the page keeps the feed's address, and the reason is logged", async () => {
  const store = await FileVehicleStore.open(directory);
  const known = feedRecord(KNOWN_VEHICLES[0]!);
  const images = [{ href: "https://127.0.0.1/stock/1.jpg" }, { href: "https://[::1]/stock/2.jpg" }];
  await store.applyChange({ records: [{ id: "v1", record: { ...known, media: { images } } }], mode: "upsert" });
  const warnings: unknown[] = [];
  const logger = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;
  const library = new PhotoLibrary(path.join(directory, "photos"));
  await library.prepare();
  const pictures = new FeedPictures(store, library, { maxBytes: 1 << 20, timeoutMs: 2000, allowHosts: [] }, logger);

  await pictures.fetchMissing();
  expect((await store.get("v1"))?.photos).toBeUndefined();
  expect(warnings).toEqual([
    { href: "https://127.0.0.1/stock/1.jpg", reason: "127.0.0.1 is a private address", notAPhoto: false },
    { href: "https://[::1]/stock/2.jpg", reason: "::1 is a private address", notAPhoto: false },
  ]);
  // Not tried again within the day.
  await pictures.fetchMissing();
  expect(warnings).toHaveLength(2);
  await store.close();
});

it("looks only at the vehicles each change touched, not the whole stock again, and not at those removed", async () => {
  const store = await FileVehicleStore.open(directory);
  const known = feedRecord(KNOWN_VEHICLES[0]!);
  const withPicture = (id: string, href: string) => ({ id, record: { ...known, media: { images: [{ href }] } } });
  await store.applyChange({ records: [withPicture("v1", "https://127.0.0.1/stock/1.jpg")], mode: "upsert" });
  const tried: unknown[] = [];
  const logger = { info: () => undefined, warn: (fields: { href: string }) => tried.push(fields.href) } as unknown as Logger;
  const library = new PhotoLibrary(path.join(directory, "photos"));
  await library.prepare();
  const pictures = new FeedPictures(store, library, { maxBytes: 1 << 20, timeoutMs: 2000, allowHosts: [] }, logger);
  await pictures.fetchMissing();
  expect(tried).toEqual(["https://127.0.0.1/stock/1.jpg"]);

  const wholeReads = vi.spyOn(store, "snapshot");
  await store.applyChange({
    records: [withPicture("v2", "https://127.0.0.2/stock/2.jpg"), withPicture("v3", "https://127.0.0.3/stock/3.jpg")],
    mode: "upsert",
  });
  await store.applyChange({ records: [], mode: "upsert", removeIds: ["v3"] });
  await pictures.fetchMissing();
  expect(tried).toEqual(["https://127.0.0.1/stock/1.jpg", "https://127.0.0.2/stock/2.jpg"]);
  expect(wholeReads).not.toHaveBeenCalled();
  await store.close();
});

it("leaves the round to the instance running one", async () => {
  const store = await FileVehicleStore.open(directory);
  const known = feedRecord(KNOWN_VEHICLES[0]!);
  await store.applyChange({
    records: [{ id: "v1", record: { ...known, media: { images: [{ href: "https://127.0.0.1/1.jpg" }] } } }],
    mode: "upsert",
  });
  const warnings: unknown[] = [];
  const logger = { info: () => undefined, warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;
  const library = new PhotoLibrary(path.join(directory, "photos"));
  const limits = { maxBytes: 1 << 20, timeoutMs: 2000, allowHosts: [] };
  const elsewhere = { runAlone: async () => false };
  await new FeedPictures(store, library, limits, logger, undefined, elsewhere).fetchMissing();
  expect(warnings).toEqual([]);
  await store.close();
});
