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

describe("reading the stock file", () => {
  it("reads every line, whatever its ending and wherever the large reads split it, and skips what it cannot read", async () => {
    const records = knownStockChange().map(({ id, record }) =>
      JSON.stringify({ _id: id, ...record, createdAt: "2026-10-01T09:00:00.000Z", updatedAt: "2026-10-01T09:00:00.000Z" }),
    );
    // Enough filler vehicles to run past one 8 MB read, so lines cross the seam between reads.
    const filler = Array.from({ length: 9000 }, (_, i) => JSON.stringify({ _id: `filler-${i}`, padding: "x".repeat(1000) }));
    const text = [records[0], "not a record", ...filler, `${records[1]}\r`, "", ...records.slice(2, -1)].join("\n") + `\n${records.at(-1)}`;
    await writeFile(path.join(directory, "vehicles.ndjson"), text);

    const store = await FileVehicleStore.open(directory);
    expect(await store.count()).toBe(records.length + filler.length);
    for (const { id, record } of knownStockChange()) expect((await store.get(id))?.vehicle).toEqual(record.vehicle);
    expect((await store.getManyJson(["filler-8999"]))[0]).toBe(filler.at(-1));
    await store.close();
  });
});
