import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomically } from "../store/atomic-file";
import { withFileLock } from "../store/file-lock";
import { SITE_VERSION } from "../release";

/**
 * A copy of an embedded site's data folder (DATA_DIR, and PHOTOS_DIR when it lies elsewhere)
 * taken while the site runs, and its restore into an empty folder.
 *
 * Every store in the folder writes a file whole, beside it and renamed into place, or appends
 * whole lines: so each file is read whole here, as it stood at one moment, and a file of lines
 * is cut at its last complete line (an append caught halfway). The stock and its register of
 * sold vehicles, which one import changes together, are read under the stock's own lock, so
 * they agree. Left out: locks, writers' temporary files, indexes the site makes again from the
 * rest at start (leads/index.ndjson, staff/audit.idx) and photo sizes (made again on demand).
 * Each file's digest is kept in the backup's manifest, and checked by the restore.
 */

export const MANIFEST = "manifest.json";
/** Where the copy of each folder goes inside a backup. */
const PARTS = { data: "data", photos: "photos" } as const;
type Part = keyof typeof PARTS;

const manifestSchema = z.object({
  version: z.string(),
  createdAt: z.iso.datetime(),
  files: z.array(z.object({ part: z.enum(["data", "photos"]), path: z.string(), bytes: z.number().int().min(0), sha256: z.string() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** The stock's files, changed together by an import under the stock's lock (file-vehicle-store.ts). */
const STOCK_FILES = new Set(["vehicles.ndjson", "sold-vehicles.ndjson"]);
const STOCK_LOCK = "vehicles.ndjson.lock";

/** Indexes and caches the site makes again from the rest, and files that are not data. */
function leftOut(relative: string): boolean {
  const name = path.basename(relative);
  return (
    name.includes(".lock") ||
    name.includes(".partial-") ||
    relative === path.join("leads", "index.ndjson") ||
    relative === path.join("staff", "audit.idx") ||
    relative.split(path.sep).includes("sizes")
  );
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .filter((relative) => !leftOut(relative))
    .sort();
}

/** A file's content as it stood at one moment: a file of lines up to its last whole one. */
async function snapshotOf(file: string): Promise<Buffer | undefined> {
  const content = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    // Deleted since the folder was listed (a sent message forgotten, a lead past retention).
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!content || !file.endsWith(".ndjson")) return content;
  const lastLineEnd = content.lastIndexOf(0x0a);
  return content.subarray(0, lastLineEnd + 1);
}

const digestOf = (content: Buffer) => createHash("sha256").update(content).digest("hex");

export interface BackupFolders {
  dataDir: string;
  /** PHOTOS_DIR, when it is not DATA_DIR/photos. */
  photosDir?: string;
}

function inside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** Copies the site's data into `target`, a new or empty folder outside it; resolves to the manifest written there. */
export async function backUp({ dataDir, photosDir }: BackupFolders, target: string): Promise<BackupManifest> {
  const folders: [Part, string][] = [
    ["data", dataDir],
    ...(photosDir && !inside(dataDir, photosDir) ? [["photos", photosDir] as [Part, string]] : []),
  ];
  for (const [, folder] of folders) {
    if (inside(folder, target)) throw new BackupError(`The backup cannot go inside ${folder}, which it copies`);
  }
  await mustBeEmpty(target, "The backup's folder");
  const files: BackupManifest["files"] = [];
  const copy = async (part: Part, folder: string, relative: string) => {
    const content = await snapshotOf(path.join(folder, relative));
    if (!content) return;
    const destination = path.join(target, PARTS[part], relative);
    await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
    await writeFileAtomically(destination, [content]);
    files.push({ part, path: relative.split(path.sep).join("/"), bytes: content.length, sha256: digestOf(content) });
  };
  for (const [part, folder] of folders) {
    const relatives = await filesUnder(folder);
    if (part === "data") {
      await withFileLock(path.join(folder, STOCK_LOCK), async () => {
        for (const relative of relatives.filter((file) => STOCK_FILES.has(file))) await copy(part, folder, relative);
      });
    }
    for (const relative of relatives.filter((file) => part !== "data" || !STOCK_FILES.has(file))) await copy(part, folder, relative);
  }
  const manifest: BackupManifest = { version: SITE_VERSION, createdAt: new Date().toISOString(), files };
  await writeFileAtomically(path.join(target, MANIFEST), [JSON.stringify(manifest, null, 2)]);
  return manifest;
}

/** Brings a backup back into empty folders (DATA_DIR, and PHOTOS_DIR when the backup holds one), checking every file against the manifest. */
export async function restore(source: string, { dataDir, photosDir }: BackupFolders): Promise<BackupManifest> {
  const manifest = manifestSchema.parse(
    JSON.parse(
      await readFile(path.join(source, MANIFEST), "utf8").catch(() => {
        throw new BackupError(`${source} holds no ${MANIFEST}: it is not a backup made by npm run backup`);
      }),
    ),
  );
  const folderOf: Record<Part, string> = { data: dataDir, photos: photosDir ?? path.join(dataDir, "photos") };
  await mustBeEmpty(dataDir, "DATA_DIR");
  if (photosDir && manifest.files.some((file) => file.part === "photos")) await mustBeEmpty(photosDir, "PHOTOS_DIR");
  for (const file of manifest.files) {
    const content = await readFile(path.join(source, PARTS[file.part], file.path));
    if (digestOf(content) !== file.sha256) throw new BackupError(`${file.part}/${file.path} in the backup is not as it was backed up`);
    const destination = path.join(folderOf[file.part], file.path);
    await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
    await writeFileAtomically(destination, [content]);
  }
  return manifest;
}

export class BackupError extends Error {}

async function mustBeEmpty(folder: string, what: string): Promise<void> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (entries.length > 0) throw new BackupError(`${what} ${folder} is not empty`);
  if ((await stat(folder).catch(() => undefined))?.isFile()) throw new BackupError(`${what} ${folder} is a file`);
}
