import { randomBytes } from "node:crypto";
import { open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { isProcessRunning } from "./process-running";

const TEMP_MARK = ".partial-";
/** A temporary file's name carries its writer's pid: `vehicles.ndjson.partial-1234-9f8e7d6c`. */
const TEMP_FILE_WRITER = /\.partial-(\d+)-/;

/**
 * Writes a file so that a crash at any moment leaves either the old file or the new one:
 * the content goes to a temporary file beside it, is flushed to disk, and is then renamed
 * over the old file (rename is atomic on one file system); the directory is flushed too so
 * the rename itself survives a power cut.
 */
export async function writeFileAtomically(
  file: string,
  chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
): Promise<void> {
  const temp = `${file}${TEMP_MARK}${process.pid}-${randomBytes(4).toString("hex")}`;
  const handle = await open(temp, "w", 0o640);
  try {
    let buffer = "";
    for await (const chunk of chunks) {
      if (typeof chunk !== "string") {
        await handle.write(buffer);
        buffer = "";
        await handle.write(chunk);
        continue;
      }
      buffer += chunk;
      if (buffer.length >= 1 << 20) {
        await handle.write(buffer);
        buffer = "";
      }
    }
    await handle.write(buffer);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, file);
  await syncDirectory(path.dirname(file));
}

/** Flushes a directory, so that a rename in it survives a power cut. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Removes temporary files a crashed writer left behind in this directory. Call it only while
 * holding the lock every writer of `baseName` takes, or it may remove a live writer's file.
 */
export async function removeAbandonedTempFiles(directory: string, baseName: string): Promise<void> {
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    names.filter((name) => name.startsWith(`${baseName}${TEMP_MARK}`)).map((name) => rm(path.join(directory, name), { force: true })),
  );
}

/**
 * For stores that write without a lock: true when `name` is a temporary file, which is then
 * removed if the process writing it, named in it, is no longer running on this machine.
 */
export async function settleTempFile(directory: string, name: string): Promise<boolean> {
  const writer = TEMP_FILE_WRITER.exec(name);
  if (!writer) return false;
  if (!isProcessRunning(Number(writer[1]))) await rm(path.join(directory, name), { force: true });
  return true;
}
