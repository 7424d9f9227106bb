import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signedInMember } from "../../tests/support/staff-accounts";
import { startTestSite } from "../../tests/support/start-test-site";
import { createLogger } from "../logger";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { StockImports } from "./stock-imports";

/** Where the console keeps uploads until their import ends: the dealer's stock and prices, for the site's own user alone. */
let directory: string;
let store: FileVehicleStore;
let staff: Awaited<ReturnType<typeof signedInMember>>;
let imports: StockImports;
const uploads = () => path.join(directory, "stock-uploads");
const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "stock-uploads-"));
  store = await FileVehicleStore.open(directory);
  staff = await signedInMember(directory, "stock");
  imports = new StockImports(
    store,
    staff.access,
    undefined,
    { uploadDirectory: uploads(), maxUploadBytes: 1 << 20 },
    createLogger("silent"),
  );
});
afterEach(async () => {
  await staff.close();
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

describe("the upload folder", () => {
  it("is made for the site's own user alone, as the site starts or at the first upload", async () => {
    await imports.prepareUploadFolder();
    expect(await modeOf(uploads())).toBe(0o700);
    await rm(uploads(), { recursive: true });
    await imports.uploadPath();
    expect(await modeOf(uploads())).toBe(0o700);
  });

  it("is closed to other users, with an upload left in it, when an earlier version made it open to all", async () => {
    await mkdir(uploads());
    await chmod(uploads(), 0o755);
    await writeFile(path.join(uploads(), "left-behind.feed"), "make,model\nFord,Fiesta\n", { mode: 0o644 });
    await imports.prepareUploadFolder();
    expect(await modeOf(uploads())).toBe(0o700);
  });

  it("is closed as the site starts, before any upload", async () => {
    const site = await startTestSite([], {
      prepare: async (dataDir) => {
        await mkdir(path.join(dataDir, "stock-uploads"));
        await chmod(path.join(dataDir, "stock-uploads"), 0o755);
      },
    });
    try {
      expect(await modeOf(path.join(site.dataDir, "stock-uploads"))).toBe(0o700);
    } finally {
      await site.close();
    }
  });
});
