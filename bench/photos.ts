import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { PhotoLibrary } from "../backend/media/photo-library";
import { PHOTO_FORMATS, PHOTO_WIDTHS } from "../domain/vehicle-photos";

/**
 * A 12-megapixel photo (4000 x 3000, as a phone takes) through the photo library: the time to
 * check it and store its master (turned upright, metadata stripped, at most 2,560 px), then,
 * at each width, the time to make each format and the bytes each comes to. The photo is made
 * here: smoothed noise over a gradient, which compresses about as a real photo's detail does
 * (a flat colour would flatter every encoder).
 */
export async function benchPhotos(): Promise<string[]> {
  const directory = await mkdtemp(path.join(tmpdir(), "bench-photos-"));
  try {
    const width = 4000;
    const height = 3000;
    const noise = await sharp({
      create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .blur(1.2)
      .png()
      .toBuffer();
    const gradient = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#3a6ea5"/><stop offset=".6" stop-color="#c9d6e2"/><stop offset="1" stop-color="#6b5a3e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    );
    const original = await sharp(gradient)
      .composite([{ input: noise, blend: "overlay" }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const library = new PhotoLibrary(directory);
    await library.prepare();
    let started = performance.now();
    const photo = await library.ingest(original);
    const ingestMs = performance.now() - started;
    const master = (await stat(path.join(directory, "masters", `${photo.id}.jpg`))).size;

    const rows: string[] = [];
    let totalMs = 0;
    for (const target of PHOTO_WIDTHS) {
      const cells: string[] = [];
      for (const format of PHOTO_FORMATS) {
        started = performance.now();
        const file = (await library.size(photo.id, target, format))!;
        const ms = performance.now() - started;
        totalMs += ms;
        cells.push(`${kb((await readFile(file)).length)} in ${Math.round(ms)} ms`);
      }
      rows.push(`| ${target} px | ${cells.join(" | ")} |`);
    }
    return [
      `Photo processing: a ${width} x ${height} (12 MP) JPEG of ${kb(original.length)} checked and stored as a ${photo.width} x ${photo.height} master of ${kb(master)} in ${Math.round(ingestMs)} ms; every size below made once in ${Math.round(totalMs)} ms in all:`,
      "",
      "| width | AVIF | WebP | JPEG |",
      "|---:|---:|---:|---:|",
      ...rows,
      "",
    ];
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1024).toLocaleString("en-GB")} KB`;
}
