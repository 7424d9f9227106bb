import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { createLogger } from "../../backend/logger";
import { MemoryImportBoard } from "../../backend/stock/import-board";
import { ImportBusyError, StockImports } from "../../backend/stock/stock-imports";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { signedInMember } from "../support/staff-accounts";

/**
 * The console's imports through its service: when two stock managers act at once (one import
 * at a time, the other told who), and imports stopped by what they did not expect.
 */
let directory: string;
let store: FileVehicleStore;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let imports: StockImports;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "stock-imports-"));
  store = await FileVehicleStore.open(directory);
  staff = await signedInMember(directory, "stock");
  imports = new StockImports(
    store,
    staff.access,
    undefined,
    { uploadDirectory: path.join(directory, "uploads"), maxUploadBytes: 1 << 20 },
    createLogger("silent"),
  );
});
afterEach(async () => {
  await imports.settled();
  await staff.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

async function uploaded(name: string, seed: number) {
  return uploadedFeed(name, Array.from(generateDemoStock({ count: 3, seed }), (record) => JSON.stringify(record)).join("\n"));
}

async function uploadedFeed(name: string, content: string) {
  const filePath = await imports.uploadPath();
  await writeFile(filePath, content);
  return { path: filePath, name, size: content.length };
}

it("starts one of two uploads that arrive at once, and refuses the other naming who is importing, keeping none of its file", async () => {
  const [first, second] = await Promise.allSettled([
    imports.start(staff.member, "127.0.0.1", await uploaded("first.ndjson", 1), "upsert"),
    imports.start(staff.member, "127.0.0.1", await uploaded("second.ndjson", 2), "upsert"),
  ]);
  expect(first.status).toBe("fulfilled");
  expect(second.status).toBe("rejected");
  const refusal = (second as PromiseRejectedResult).reason as Error;
  expect(refusal).toBeInstanceOf(ImportBusyError);
  expect(refusal.message).toBe("Stock Person is importing first.ndjson; try again when that import has finished.");
  await imports.settled();
  expect(await readdir(path.join(directory, "uploads"))).toHaveLength(1);
  expect(await imports.latest(staff.member)).toMatchObject({ fileName: "first.ndjson", phase: "ready" });
});

it("shows an import as ended only once its history lists it, as the console stops following it then", async () => {
  // A slow audit log widens the moment between the import's end and its history entry.
  const audit = staff.access.audit.bind(staff.access);
  staff.access.audit = async (entry) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    await audit(entry);
  };
  const job = await imports.start(staff.member, "127.0.0.1", await uploaded("slow-history.ndjson", 3), "upsert");
  await imports.settled();
  await imports.apply(staff.member, "127.0.0.1", job.id, false);
  let seen = (await imports.latest(staff.member))?.phase;
  while (seen === "applying") {
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen = (await imports.latest(staff.member))?.phase;
  }
  expect(seen).toBe("done");
  const files = (await imports.history(staff.member)).map((entry) => entry.details?.file);
  expect(files).toContain("slow-history.ndjson");
});

it("imports a CSV feed with columns named like Object's own properties, ignoring them, then removes the upload and records the import", async () => {
  const csv = "_id,vehicleType,make,model,price,constructor,__proto__,toString\nv1,car,Ford,Focus,12995,a,b,c\nv2,car,Kia,Ceed,9995,,,\n";
  const job = await imports.start(staff.member, "127.0.0.1", await uploadedFeed("object-names.csv", csv), "upsert");
  await imports.settled();
  expect(job).toMatchObject({
    phase: "ready",
    preview: { added: 2, rejected: [], ignoredColumns: ["constructor", "__proto__", "toString"] },
  });
  await imports.apply(staff.member, "127.0.0.1", job.id, false);
  await imports.settled();
  expect(await imports.latest(staff.member)).toMatchObject({ phase: "done", result: { added: 2 } });
  expect(await store.count()).toBe(2);
  expect(await readdir(path.join(directory, "uploads"))).toEqual([]);
  expect((await imports.history(staff.member))[0]?.details).toMatchObject({ file: "object-names.csv", result: "imported", added: 2 });
});

it("removes the upload and records the import as failed when it stops with an unexpected error", async () => {
  const job = await imports.start(staff.member, "127.0.0.1", await uploaded("disk-full.ndjson", 5), "upsert");
  await imports.settled();
  store.applyChange = () => Promise.reject(new Error("ENOSPC: no space left on device"));
  await imports.apply(staff.member, "127.0.0.1", job.id, false);
  await imports.settled();
  expect(await imports.latest(staff.member)).toMatchObject({
    phase: "failed",
    failure: expect.stringMatching(/^The import stopped with an unexpected error/),
  });
  expect(await readdir(path.join(directory, "uploads"))).toEqual([]);
  expect((await imports.history(staff.member))[0]?.details).toMatchObject({ file: "disk-full.ndjson", result: "failed" });
  expect(await imports.isFree()).toBe(true);
});

it("shows an import whose instance stopped mid-way as failed once its hold runs out, and lets another start", async () => {
  // Two instances sharing one board: the first takes an upload and stops before it ends.
  const board = new MemoryImportBoard();
  const settings = { uploadDirectory: path.join(directory, "uploads"), maxUploadBytes: 1 << 20 };
  const other = new StockImports(store, staff.access, undefined, settings, createLogger("silent"), board);
  const stopped = {
    ...(await imports.start(staff.member, "127.0.0.1", await uploaded("stopped.ndjson", 8), "upsert")),
    phase: "applying" as const,
  };
  await board.take({ ...stopped, heldUntil: new Date(Date.now() + 60_000) }, new Date());
  await expect(other.checkFree(staff.member)).rejects.toThrow(ImportBusyError);
  await board.save({ ...stopped, heldUntil: new Date(Date.now() - 1) });
  expect(await other.latest(staff.member)).toMatchObject({
    phase: "failed",
    failure: expect.stringMatching(/^The site instance running this import stopped before it ended/),
  });
  await expect(other.checkFree(staff.member)).resolves.toBeUndefined();
});
