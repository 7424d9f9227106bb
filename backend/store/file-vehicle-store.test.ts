import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { knownStockChange } from "../../tests/support/known-vehicles";
import { FileVehicleStore } from "./file-vehicle-store";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "file-vehicle-store-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const tempFiles = async () => (await readdir(directory)).filter((name) => name.includes(".partial-"));

describe("the temporary file of a stock being written", () => {
  it("survives another process opening the store meanwhile, and goes with the next change once its writer is gone", async () => {
    // As an import in another process leaves it while it writes the new stock.
    const inProgress = path.join(directory, "vehicles.ndjson.partial-99999-abcd1234");
    await writeFile(inProgress, '{"_id":"half-written');

    const store = await FileVehicleStore.open(directory);
    expect(await tempFiles()).toEqual([path.basename(inProgress)]);

    // A change holds the lock every writer takes, so a temporary file still there is abandoned.
    await store.applyChange({ records: knownStockChange(), mode: "upsert" });
    expect(await tempFiles()).toEqual([]);
    await store.close();
  });
});
