import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { MAX_VEHICLE_PHOTOS } from "../../domain/vehicle-photo-schema";
import { knownStockChange } from "../../tests/support/known-vehicles";
import { signedInMember } from "../../tests/support/staff-accounts";
import { PhotoLibrary } from "../media/photo-library";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { PhotoDesk, type UploadedPhoto } from "./photo-desk";

/** Two stock managers giving one vehicle photos at the same moment: neither's are lost. */
let directory: string;
let store: FileVehicleStore;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let desk: PhotoDesk;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "photo-desk-"));
  store = await FileVehicleStore.open(directory);
  await store.applyChange({ records: knownStockChange(), mode: "upsert" });
  staff = await signedInMember(directory, "stock");
  const library = new PhotoLibrary(path.join(directory, "photos"));
  await library.prepare();
  desk = new PhotoDesk(store, library, staff.access, undefined);
});
afterEach(async () => {
  await staff.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

/** `count` photos of random noise, so each is stored as a photo of its own. */
async function photos(count: number, from: number): Promise<UploadedPhoto[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const bytes = await sharp({
        create: { width: 64, height: 48, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
      })
        .jpeg()
        .toBuffer();
      return { name: `photo-${from + i}.jpg`, read: async () => bytes };
    }),
  );
}

const upload = (files: UploadedPhoto[]) => desk.upload(staff.member, "127.0.0.1", "fiesta-2019", files);
const kept = async () => (await store.get("fiesta-2019"))?.photos?.uploaded ?? [];

it("keeps both managers' photos when two upload to one vehicle at once", async () => {
  const [first, second] = await Promise.all([upload(await photos(10, 0)), upload(await photos(10, 100))]);
  expect(first).toMatchObject({ added: 10, refused: [] });
  expect(second).toMatchObject({ added: 10, refused: [] });
  expect(await kept()).toHaveLength(20);
  expect(second!.record?.photos?.uploaded?.length ?? 0).toBeGreaterThanOrEqual(10);
});

it("refuses, by name, what two uploads at once would take over the most a vehicle may have", async () => {
  const [first, second] = await Promise.all([upload(await photos(25, 0)), upload(await photos(25, 100))]);
  expect(await kept()).toHaveLength(MAX_VEHICLE_PHOTOS);
  expect(first!.added + second!.added).toBe(MAX_VEHICLE_PHOTOS);
  const refused = [...first!.refused, ...second!.refused];
  expect(refused).toHaveLength(50 - MAX_VEHICLE_PHOTOS);
  for (const { name, reason } of refused) {
    expect(name).toMatch(/^photo-\d+\.jpg$/);
    expect(reason).toBe(`was not added: a vehicle may have at most ${MAX_VEHICLE_PHOTOS} photos`);
  }
});

it("keeps an upload made while another manager moves a photo", async () => {
  await upload(await photos(3, 0));
  const [main] = (await kept()).slice(-1);
  await Promise.all([
    upload(await photos(5, 100)),
    desk.edit(staff.member, "127.0.0.1", "fiesta-2019", { kind: "main", photoId: main!.id }),
  ]);
  const after = await kept();
  expect(after).toHaveLength(8);
  expect(after[0]!.id).toBe(main!.id);
});

it("adds nothing to a vehicle sold meanwhile, and says it is no longer in stock", async () => {
  const files = await photos(2, 0);
  const uploading = upload([
    {
      name: files[0]!.name,
      read: async () => {
        await store.applyChange({ records: [], mode: "upsert", removeIds: ["fiesta-2019"] });
        return files[0]!.read();
      },
    },
  ]);
  expect(await uploading).toBeUndefined();
  expect(await store.get("fiesta-2019")).toBeUndefined();
});
