import { createHash, randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type OutputInfo } from "sharp";
import {
  DEMO_DRAWING_VERSION,
  DEMO_PHOTO_SIZE,
  PHOTO_WIDTHS,
  type Photo,
  type PhotoFormat,
  type PhotoWidth,
} from "../../domain/vehicle-photos";
import { parseDemoImagePath, type DemoImage } from "./demo-image-catalogue";
import { renderDemoImage } from "./demo-image-svg";
import type { Logger } from "../logger";
import { SizeCap } from "./size-cap";

/**
 * Where photos are checked, stored and sized. A photo is taken in only when its bytes are a
 * JPEG, PNG, WebP or AVIF/HEIF image (by content, never by name), within a byte and a pixel
 * limit (a small file can claim a 100,000 x 100,000 image: sharp refuses it before decoding).
 * It is stored once as a master: turned upright as its EXIF says, no larger than 2,560 px,
 * re-encoded as JPEG with no metadata at all (no location, no camera serial), named by a
 * digest of that master. Sizes are made from the master on first request, at most two at a
 * time (sharp works on libuv's threads, so the event loop stays free), and kept on disk under
 * a cap (size-cap.ts): `masters/{id}.jpg` and `sizes/{id}/{width}.{format}` under the photos
 * folder, which every site instance shares. A demo picture is drawn into a master only for
 * the current drawing version and a vehicle that lists it; nothing is written for an id the
 * site never gave out. A request that needs a size made waits in a queue of bounded length,
 * or, when the queue is full and it may not wait (a stranger's), is refused at once
 * (PhotoBusyError): no number of requests buys more work than the queue holds.
 */

export interface PhotoLimits {
  /** The largest file taken in. */
  maxBytes: number;
  /** The most pixels a photo may have (width x height), checked from its header before it is decoded. */
  maxPixels: number;
}

export const DEFAULT_PHOTO_LIMITS: PhotoLimits = { maxBytes: 25 * 1024 * 1024, maxPixels: 50_000_000 };

export interface PhotoLibraryOptions {
  limits?: PhotoLimits;
  /** Whether a vehicle in stock lists the demo picture of this id (listed-demo-pictures.ts); without it, none is drawn. */
  isListedDemo?: (id: string) => Promise<boolean>;
  /** PHOTO_QUEUE_LENGTH: requests that may wait while two sizes are being made; more that may not wait are refused. */
  queueLength?: number;
  /** PHOTO_SIZES_MAX_MB in bytes: the most the sizes may take on disk. */
  sizesMaxBytes?: number;
  logger?: Pick<Logger, "info" | "warn">;
}

/** A file that is not a photo the site takes, with the reason in words a stock manager can act on. */
export class PhotoRefusedError extends Error {}

/** A photo that cannot be given now (every place in the queue for making sizes taken, or the stock unread): try again after `retryAfterSeconds`. */
export class PhotoBusyError extends Error {
  readonly retryAfterSeconds = 5;
  constructor(message = "Too many photos are being made at the moment") {
    super(message);
  }
}

/** The stock could not be read to learn whether a demo picture is listed (a store slow or down): worth asking again, not a 500. */
function stockUnread(): never {
  throw new PhotoBusyError("The stock could not be read just now to find this photo");
}

const MASTER_MAX_SIDE = 2560;
const MAX_JOBS = 2;
export const DEFAULT_PHOTO_QUEUE_LENGTH = 64;
export const DEFAULT_PHOTO_SIZES_MAX_BYTES = 4096 * 2 ** 20;

type Sniffed = "jpeg" | "png" | "webp" | "avif" | "heic";

/** What the first bytes say the file is; undefined when they are not an image format taken here. */
export function sniffImage(bytes: Uint8Array): Sniffed | undefined {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "avif" || brand === "avis") return "avif";
    if (["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].includes(brand)) return "heic";
  }
  return undefined;
}

function refusalOf(bytes: Uint8Array): string {
  const start = Buffer.from(bytes.subarray(0, 256))
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (/^<(\?xml|svg|!DOCTYPE svg)/i.test(start)) return "is an SVG drawing, which is not taken: upload a photo (JPEG, PNG, WebP or AVIF)";
  return "is not a JPEG, PNG, WebP or AVIF photo (whatever its name says)";
}

export class PhotoLibrary {
  readonly limits: PhotoLimits;
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly queueLength: number;
  private readonly isListedDemo: (id: string) => Promise<boolean>;
  private readonly cap: SizeCap;

  constructor(
    readonly directory: string,
    {
      limits = DEFAULT_PHOTO_LIMITS,
      isListedDemo,
      queueLength = DEFAULT_PHOTO_QUEUE_LENGTH,
      sizesMaxBytes,
      logger,
    }: PhotoLibraryOptions = {},
  ) {
    this.limits = limits;
    this.queueLength = queueLength;
    this.isListedDemo = isListedDemo ?? (async () => false);
    this.cap = new SizeCap(path.join(directory, "sizes"), sizesMaxBytes ?? DEFAULT_PHOTO_SIZES_MAX_BYTES, logger);
  }

  async prepare(): Promise<void> {
    await mkdir(path.join(this.directory, "masters"), { recursive: true });
    await mkdir(path.join(this.directory, "sizes"), { recursive: true });
    void this.cap.look();
  }

  /** Checks a file and stores it as a master; throws PhotoRefusedError naming what is wrong. */
  async ingest(bytes: Buffer): Promise<Photo> {
    if (bytes.length > this.limits.maxBytes)
      throw new PhotoRefusedError(`is larger than the limit of ${Math.floor(this.limits.maxBytes / (1 << 20))} MB`);
    const kind = sniffImage(bytes);
    if (!kind) throw new PhotoRefusedError(refusalOf(bytes));
    let master: { data: Buffer; info: OutputInfo };
    try {
      // The header alone says how large the image is; the limit is checked on it before any decoding.
      const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
      if (width * height > this.limits.maxPixels)
        throw new PhotoRefusedError(`is ${width} x ${height} pixels, more than the limit of ${this.limits.maxPixels / 1e6} megapixels`);
      master = await sharp(bytes, { limitInputPixels: this.limits.maxPixels, failOn: "error" })
        .rotate()
        .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 88, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof PhotoRefusedError) throw error;
      if (kind === "heic") throw new PhotoRefusedError("is a HEIC photo, which cannot be read here: set the phone or camera to save JPEG");
      throw new PhotoRefusedError(`could not be read as a ${kind.toUpperCase()} image: it may be damaged or too large`);
    }
    const id = createHash("sha256").update(master.data).digest("hex").slice(0, 32);
    const file = this.masterPath(id);
    if (!(await statOf(file))) await writeAtomically(file, master.data);
    return { id, width: master.info.width, height: master.info.height };
  }

  /**
   * The file of a photo at a width and in a format, made now if this is its first request;
   * undefined for no such photo. `mayWait` false (a stranger's request): when the queue for
   * making sizes is full, throws PhotoBusyError rather than wait.
   */
  async size(id: string, width: PhotoWidth, format: PhotoFormat, { mayWait = true } = {}): Promise<string | undefined> {
    if (!PHOTO_WIDTHS.includes(width)) return undefined;
    const file = path.join(this.directory, "sizes", id, `${width}.${format}`);
    const kept = await statOf(file);
    if (kept) {
      this.cap.used(file, kept.mtimeMs);
      return file;
    }
    const joined = this.inFlight.get(file);
    if (joined) return joined;
    const master = await this.masterOf(id);
    if (!master) return undefined;
    // Asked again while this one looked for the master: one making serves both.
    const again = this.inFlight.get(file);
    if (again) return again;
    const made = this.queued(mayWait, async () => {
      const source = typeof master === "string" ? master : await this.drawn(master);
      await mkdir(path.dirname(file), { recursive: true });
      const resized = sharp(source).resize({ width, withoutEnlargement: true });
      const encoded =
        format === "avif"
          ? resized.avif({ quality: 50, effort: 2 })
          : format === "webp"
            ? resized.webp({ quality: 75 })
            : resized.jpeg({ quality: 80, mozjpeg: true, progressive: true });
      const bytes = await encoded.toBuffer();
      await writeAtomically(file, bytes);
      this.cap.written(bytes.length);
      return file;
    }).finally(() => this.inFlight.delete(file));
    this.inFlight.set(file, made);
    return made;
  }

  /** Settles once the sizes on disk have been counted and kept under their cap (tests wait on it). */
  sizesCounted(): Promise<void> {
    return this.cap.settled();
  }

  /** A master's path; for a demo picture not drawn yet, the picture to draw, if the site gave out its id. */
  private async masterOf(id: string): Promise<string | { id: string; image: DemoImage } | undefined> {
    const file = this.masterPath(id);
    if (await statOf(file)) return file;
    const demo = /^demo(\d+)-([a-z-]+)-([a-z]+)-(\d)$/.exec(id);
    if (!demo || Number(demo[1]) !== DEMO_DRAWING_VERSION) return undefined;
    const image = parseDemoImagePath(demo[2]!, demo[3]!, `${demo[4]}.svg`);
    if (!image || !(await this.isListedDemo(id).catch(stockUnread))) return undefined;
    return { id, image };
  }

  /** A demo picture drawn and stored as its master, once however many sizes ask for it at the same moment. */
  private drawn({ id, image }: { id: string; image: DemoImage }): Promise<string> {
    const file = this.masterPath(id);
    let drawing = this.inFlight.get(file);
    if (!drawing) {
      drawing = (async () => {
        if (await statOf(file)) return file;
        const jpeg = await sharp(Buffer.from(renderDemoImage(image)), { density: 72 * (DEMO_PHOTO_SIZE.width / 800) })
          .resize(DEMO_PHOTO_SIZE.width, DEMO_PHOTO_SIZE.height)
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: 90, mozjpeg: true })
          .toBuffer();
        await writeAtomically(file, jpeg);
        return file;
      })().finally(() => this.inFlight.delete(file));
      this.inFlight.set(file, drawing);
    }
    return drawing;
  }

  private masterPath(id: string): string {
    return path.join(this.directory, "masters", `${id}.jpg`);
  }

  private async queued<T>(mayWait: boolean, work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_JOBS) {
      if (!mayWait && this.waiting.length >= this.queueLength) throw new PhotoBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

async function statOf(file: string): Promise<Stats | undefined> {
  return stat(file).catch(() => undefined);
}

/** Written beside and renamed into place, so another instance reading the shared folder never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, data, { mode: 0o644 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
