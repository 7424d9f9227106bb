import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { FileVehicleStore } from "./file-vehicle-store";
import { StockFollower, type StockStep } from "./stock-follower";

let directory: string;
let store: FileVehicleStore;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "stock-follower-"));
  store = await FileVehicleStore.open(directory);
  await store.applyChange({ records: KNOWN_VEHICLES.map((known) => ({ id: known.id, record: feedRecord(known) })), mode: "upsert" });
});
afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

/** What a step hands over, read out: the kind, the ids of the records given, and the ids removed. */
async function handed(follower: StockFollower): Promise<{ kind: StockStep["kind"]; ids: string[]; removedIds: readonly string[] }> {
  return follower.step(async (step) => {
    const ids: string[] = [];
    for await (const record of step.kind === "whole" ? step.records : step.upserts) ids.push(record._id);
    return { kind: step.kind, ids, removedIds: step.kind === "changes" ? step.removedIds : [] };
  });
}

const fiesta = KNOWN_VEHICLES.find(({ id }) => id === "fiesta-2019")!;
const reprice = (price: number) =>
  store.applyChange({ records: [{ id: fiesta.id, record: feedRecord({ ...fiesta, price }) }], mode: "upsert" });

it("hands over the whole stock first, then only what each change touched", async () => {
  const follower = new StockFollower(store);
  expect(await handed(follower)).toEqual({ kind: "whole", ids: KNOWN_VEHICLES.map(({ id }) => id), removedIds: [] });
  expect(await handed(follower)).toEqual({ kind: "changes", ids: [], removedIds: [] });
  await reprice(9495);
  await store.applyChange({ records: [], mode: "upsert", removeIds: ["scania-r450-2017"] });
  expect(await handed(follower)).toEqual({ kind: "changes", ids: ["fiesta-2019"], removedIds: ["scania-r450-2017"] });
});

it("hands over the same changes again when the step using them failed", async () => {
  const follower = new StockFollower(store);
  await handed(follower);
  await reprice(9495);
  await expect(follower.step(async () => Promise.reject(new Error("could not use them")))).rejects.toThrow("could not use them");
  expect(await handed(follower)).toEqual({ kind: "changes", ids: ["fiesta-2019"], removedIds: [] });
});

it("reads the whole stock again when it fell too far behind for the store to say what changed, and says why", async () => {
  const logged: unknown[] = [];
  const follower = new StockFollower(store, { info: (fields: unknown) => logged.push(fields) });
  await handed(follower);
  for (let price = 9000; price < 9070; price++) await reprice(price);
  expect(await handed(follower)).toMatchObject({ kind: "whole", ids: KNOWN_VEHICLES.map(({ id }) => id) });
  expect(logged).toEqual([{ reason: expect.stringContaining("no longer kept") }]);
  expect(await handed(follower)).toEqual({ kind: "changes", ids: [], removedIds: [] });
});
