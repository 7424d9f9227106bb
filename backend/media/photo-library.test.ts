import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_DRAWING_VERSION, PHOTO_FORMATS, PHOTO_WIDTHS, demoPhotoId } from "../../domain/vehicle-photos";
import { PhotoLibrary, PhotoBusyError, PhotoRefusedError, sniffImage } from "./photo-library";

let directory: string;
let library: PhotoLibrary;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "photos-"));
  library = new PhotoLibrary(directory, {
    limits: { maxBytes: 2 * 1024 * 1024, maxPixels: 40_000_000 },
    isListedDemo: async (id) => id.startsWith("demo") && id.includes("hatchback"),
  });
  await library.prepare();
});
afterEach(() => rm(directory, { recursive: true, force: true }));

const photo = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 30, b: 40 } } })
    .jpeg()
    .toBuffer();

async function refusal(bytes: Buffer): Promise<string> {
  const error = await library.ingest(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PhotoRefusedError);
  return (error as Error).message;
}

describe("taking a photo in", () => {
  it("strips EXIF, location included, and keeps nothing but the pixels", async () => {
    const withGps = await sharp(await photo())
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif?.toString("latin1")).toContain("PhoneMaker");
    const { id } = await library.ingest(withGps);
    const master = await readFile(path.join(directory, "masters", `${id}.jpg`));
    const metadata = await sharp(master).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(master.toString("latin1")).not.toContain("PhoneMaker");
    const sized = await sharp(await readFile((await library.size(id, 320, "jpg"))!)).metadata();
    expect(sized.exif).toBeUndefined();
  });

  it("turns a photo upright as its EXIF orientation says", async () => {
    // Stored 400 wide and 300 high, with orientation 6: to be shown rotated a quarter turn.
    const sideways = await sharp(await photo(400, 300))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await library.ingest(sideways)).toMatchObject({ width: 300, height: 400 });
  });

  it("stores a photo once, named by its content", async () => {
    const bytes = await photo();
    const first = await library.ingest(bytes);
    expect(first.id).toMatch(/^[0-9a-f]{32}$/);
    expect(await library.ingest(bytes)).toEqual(first);
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    // A real 64 x 64 PNG whose header claims 60,000 x 60,000 pixels: 3.6 gigapixels from a few hundred bytes.
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    png.writeUInt32BE(60_000, 16);
    png.writeUInt32BE(60_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
    expect(await refusal(png)).toMatch(/60000 x 60000 pixels, more than the limit of 40 megapixels/);
  });

  it("refuses an executable renamed as a photo, by its content", async () => {
    const executable = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(512)]);
    expect(await refusal(executable)).toBe("is not a JPEG, PNG, WebP or AVIF photo (whatever its name says)");
    expect(await refusal(Buffer.from("\x7fELF\x02\x01\x01\x00", "latin1"))).toMatch(/is not a JPEG/);
  });

  it("refuses an SVG, script and all", async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await refusal(svg)).toMatch(/is an SVG drawing, which is not taken/);
    expect(await refusal(Buffer.from('\uFEFF  <svg onload="alert(1)"/>'))).toMatch(/SVG/);
  });

  it("refuses a file over the byte limit, and a damaged one", async () => {
    expect(await refusal(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(3 * 1024 * 1024)]))).toMatch(
      /larger than the limit of 2 MB/,
    );
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]))).toMatch(/could not be read as a JPEG/);
  });

  it("knows formats by their first bytes", () => {
    expect(sniffImage(Buffer.from("\x89PNG\r\n\x1a\n", "latin1"))).toBe("png");
    expect(sniffImage(Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1"))).toBe("webp");
    expect(sniffImage(Buffer.from("\0\0\0\x1cftypavif", "latin1"))).toBe("avif");
    expect(sniffImage(Buffer.from("\0\0\0\x18ftypheic", "latin1"))).toBe("heic");
    expect(sniffImage(Buffer.from("GIF89a", "latin1"))).toBeUndefined();
  });
});

describe("sizes", () => {
  it("makes each width in each format once, never wider than the photo", async () => {
    const { id } = await library.ingest(await photo(1200, 900));
    for (const [format, magic] of [
      ["avif", "ftypavif"],
      ["webp", "WEBP"],
      ["jpg", "\xff\xd8\xff"],
    ] as const) {
      const file = (await library.size(id, 640, format))!;
      expect((await readFile(file)).subarray(0, 12).toString("latin1")).toContain(magic);
      expect((await sharp(file).metadata()).width).toBe(640);
    }
    const [a, b] = await Promise.all([library.size(id, 1600, "webp"), library.size(id, 1600, "webp")]);
    expect(a).toBe(b);
    expect((await sharp(a!).metadata()).width).toBe(1200);
  });

  it("answers nothing for a photo it does not have", async () => {
    expect(await library.size("0123456789abcdef0123456789abcdef", 320, "jpg")).toBeUndefined();
  });

  it("draws a demo picture as a raster photo at its first request", async () => {
    const id = demoPhotoId("/media/demo/hatchback/red/1.svg")!;
    for (const [format, heif] of [
      ["avif", "heif"],
      ["webp", "webp"],
      ["jpg", "jpeg"],
    ] as const) {
      expect(await sharp((await library.size(id, 640, format))!).metadata()).toMatchObject({ format: heif, width: 640, height: 480 });
    }
    expect(await library.size(id.replace("hatchback", "not-a-shape"), 640, "webp")).toBeUndefined();
  });

  it("draws no demo picture for another drawing version or one no vehicle lists, and writes nothing for it", async () => {
    const listed = demoPhotoId("/media/demo/hatchback/red/1.svg")!;
    for (const id of [
      listed.replace(`demo${DEMO_DRAWING_VERSION}-`, "demo9000000001-"),
      listed.replace(`demo${DEMO_DRAWING_VERSION}-`, `demo${DEMO_DRAWING_VERSION - 1}-`),
      demoPhotoId("/media/demo/suv/red/1.svg")!,
    ]) {
      expect(await library.size(id, 1600, "avif"), id).toBeUndefined();
    }
    expect(await readdir(path.join(directory, "masters"))).toEqual([]);
    expect(await readdir(path.join(directory, "sizes"))).toEqual([]);
  });

  it("says to ask again, not that it failed, when the stock cannot be read to find a demo picture", async () => {
    const unread = new PhotoLibrary(directory, {
      isListedDemo: () => Promise.reject(new Error("connection 2 to 127.0.0.1 timed out")),
    });
    const id = demoPhotoId("/media/demo/hatchback/red/1.svg")!;
    const error = await unread.size(id, 1024, "jpg").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PhotoBusyError);
    expect((error as PhotoBusyError).retryAfterSeconds).toBeGreaterThan(0);
    expect(await readdir(path.join(directory, "masters"))).toEqual([]);
  });
});

const everySize = PHOTO_WIDTHS.flatMap((width) => PHOTO_FORMATS.map((format) => [width, format] as const));

describe("the queue for making sizes", () => {
  it("refuses a request that may not wait once two are being made and the queue is full, and serves those that may", async () => {
    const queued = new PhotoLibrary(directory, { isListedDemo: async () => true, queueLength: 1 });
    const id = demoPhotoId("/media/demo/saloon/blue/2.svg")!;
    const strangers = await Promise.allSettled(everySize.map(([width, format]) => queued.size(id, width, format, { mayWait: false })));
    const refused = strangers.filter((outcome) => outcome.status === "rejected");
    expect(strangers.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(3);
    expect(refused).toHaveLength(everySize.length - 3);
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(PhotoBusyError);

    const other = demoPhotoId("/media/demo/saloon/blue/3.svg")!;
    const staff = await Promise.all(everySize.map(([width, format]) => queued.size(other, width, format)));
    expect(staff.every((file) => file !== undefined)).toBe(true);
  });
});

describe("the sizes kept on disk", () => {
  const sizesOnDisk = async () => {
    const entries = await readdir(path.join(directory, "sizes"), { recursive: true, withFileTypes: true });
    let total = 0;
    for (const entry of entries) if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
    return total;
  };

  it("stay under their cap, those used longest ago deleted first and made again when asked for", async () => {
    const capped = new PhotoLibrary(directory, { isListedDemo: async () => true, sizesMaxBytes: 150_000 });
    await capped.prepare();
    const first = demoPhotoId("/media/demo/estate/green/1.svg")!;
    const firstFile = (await capped.size(first, 1600, "jpg"))!;
    for (const view of [2, 3, 4]) {
      for (const width of PHOTO_WIDTHS) await capped.size(demoPhotoId(`/media/demo/estate/green/${view}.svg`)!, width, "jpg");
    }
    await capped.sizesCounted();
    expect(await sizesOnDisk()).toBeLessThanOrEqual(150_000);
    expect(await stat(firstFile).catch(() => undefined)).toBeUndefined();
    expect(await capped.size(first, 1600, "jpg")).toBe(firstFile);
    expect((await stat(firstFile)).size).toBeGreaterThan(0);
  });

  it("are counted at start, so a folder already over a lowered cap is brought under it", async () => {
    for (const [width, format] of everySize) await library.size(demoPhotoId("/media/demo/hatchback/white/1.svg")!, width, format);
    const before = await sizesOnDisk();
    const lowered = new PhotoLibrary(directory, { sizesMaxBytes: Math.floor(before / 2) });
    await lowered.prepare();
    await lowered.sizesCounted();
    expect(await sizesOnDisk()).toBeLessThanOrEqual(before / 2);
  });
});
