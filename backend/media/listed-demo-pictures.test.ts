import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { demoPhotoId } from "../../domain/vehicle-photos";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { ListedDemoPictures } from "./listed-demo-pictures";

let directory: string;
let store: FileVehicleStore;
let pictures: ListedDemoPictures;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "listed-demo-pictures-"));
  store = await FileVehicleStore.open(directory);
  await store.applyChange({ records: KNOWN_VEHICLES.map((known) => ({ id: known.id, record: feedRecord(known) })), mode: "upsert" });
  pictures = new ListedDemoPictures(store);
});
afterEach(async () => {
  pictures.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

const fiesta = KNOWN_VEHICLES.find(({ id }) => id === "fiesta-2019")!;

it("knows the pictures the stock lists, in the current drawing version only", async () => {
  expect(await pictures.has(demoPhotoId("/media/demo/hatchback/red/1.svg")!)).toBe(true);
  expect(await pictures.has(demoPhotoId("/media/demo/hatchback/red/3.svg")!)).toBe(false);
  expect(await pictures.has("demo1-hatchback-red-1")).toBe(false);
});

it("answers questions asked at once, while the stock is first read, from that read", async () => {
  const listed = ["/media/demo/hatchback/red/1.svg", "/media/demo/hatchback/red/2.svg"].map((href) => demoPhotoId(href)!);
  expect(await Promise.all([...listed, ...listed].map((id) => pictures.has(id)))).toEqual([true, true, true, true]);
});

it("learns a picture a later change lists", async () => {
  const suv = demoPhotoId("/media/demo/suv/blue/2.svg")!;
  expect(await pictures.has(suv)).toBe(false);
  const record = feedRecord(fiesta);
  await store.applyChange({
    records: [{ id: "new-suv", record: { ...record, media: { images: [{ href: "/media/demo/suv/blue/2.svg" }] } } }],
    mode: "upsert",
  });
  expect(await pictures.has(suv)).toBe(true);
});
