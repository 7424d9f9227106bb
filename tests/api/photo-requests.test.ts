import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_DRAWING_VERSION, PHOTO_FORMATS, PHOTO_WIDTHS, demoPhotoId, photoUrl } from "../../domain/vehicle-photos";
import { knownStockChange } from "../support/known-vehicles";
import { startTestSite, type TestSite } from "../support/start-test-site";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * /media/photos as a stranger asks it: only photos the site has given out are made and
 * stored, a burst of requests that need a size made is refused beyond a queue rather than
 * worked through, and the sizes kept on disk stay under their cap.
 */
let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** Every file under the photos folder, with its size. */
async function photoFiles(dataDir: string): Promise<Map<string, number>> {
  const folder = path.join(dataDir, "photos");
  const names = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const files = new Map<string, number>();
  for (const entry of names) {
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(folder, file), (await stat(file)).size);
  }
  return files;
}

// The known stock lists the red hatchback's first two views, and nothing else drawn.
const listed = demoPhotoId("/media/demo/hatchback/red/1.svg")!;

describe("photos the site never gave out", () => {
  it("are 404 and leave nothing on disk: another drawing version, a picture no vehicle lists, a made-up digest", async () => {
    site = await startTestSite(knownStockChange());
    const before = await photoFiles(site.dataDir);
    const invented = [
      ...Array.from({ length: 5 }, (_, i) => `demo90000000${i}-suv-red-1`),
      `demo${DEMO_DRAWING_VERSION - 1}-hatchback-red-1`,
      `demo${DEMO_DRAWING_VERSION}-suv-red-1`,
      `demo${DEMO_DRAWING_VERSION}-hatchback-red-3`,
      "0123456789abcdef0123456789abcdef",
    ];
    for (const id of invented) {
      const response = await fetch(`${site.url}${photoUrl(id, 1600, "avif")}`);
      expect(response.status, id).toBe(404);
      await response.arrayBuffer();
    }
    expect(await photoFiles(site.dataDir)).toEqual(before);

    const shown = await fetch(`${site.url}${photoUrl(listed, 1600, "avif")}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/avif");
    expect((await shown.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

describe("a burst of requests that each need a size made", () => {
  const everySize = (id: string) => PHOTO_WIDTHS.flatMap((width) => PHOTO_FORMATS.map((format) => photoUrl(id, width, format)));

  it("is queued up to PHOTO_QUEUE_LENGTH and the rest refused with 503 and Retry-After, while a signed-in stock manager waits their turn", async () => {
    site = await startTestSite(knownStockChange(), { env: { PHOTO_QUEUE_LENGTH: "2" } });
    const answers = await Promise.all(everySize(listed).map((address) => fetch(`${site!.url}${address}`)));
    const statuses = answers.map((answer) => answer.status);
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    const refused = answers.filter((answer) => answer.status === 503);
    // Two made at a time and two waiting: of twelve asked at once, at least eight are turned away.
    expect(refused.length).toBeGreaterThanOrEqual(8);
    for (const answer of refused) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);

    await addStaffAccounts(site.dataDir, ["stock"]);
    const { sessionId } = await signedInAs(site.dataDir, "stock");
    const other = demoPhotoId("/media/demo/hatchback/red/2.svg")!;
    const staff = await Promise.all(
      everySize(other).map((address) => fetch(`${site!.url}${address}`, { headers: { Cookie: `staff_session=${sessionId}` } })),
    );
    await Promise.all(staff.map((answer) => answer.arrayBuffer()));
    expect(staff.map((answer) => answer.status)).toEqual(staff.map(() => 200));
  });
});

describe("the sizes kept on disk", () => {
  it("stay under PHOTO_SIZES_MAX_MB, the oldest made going first", async () => {
    site = await startTestSite(knownStockChange(), { env: { PHOTO_SIZES_MAX_MB: "0.2" } });
    for (const id of [listed, demoPhotoId("/media/demo/hatchback/red/2.svg")!]) {
      for (const width of PHOTO_WIDTHS) {
        for (const format of PHOTO_FORMATS) {
          const response = await fetch(`${site.url}${photoUrl(id, width, format)}`);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
        }
      }
    }
    const sizes = async () =>
      [...(await photoFiles(site!.dataDir))].filter(([file]) => file.startsWith("sizes")).reduce((sum, [, bytes]) => sum + bytes, 0);
    await expect.poll(sizes, { timeout: 10_000 }).toBeLessThanOrEqual(0.2 * 2 ** 20);
    expect(await sizes()).toBeGreaterThan(0);
  });
});
