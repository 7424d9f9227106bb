import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { UPLOAD_FILE_MODE } from "../upload-file-mode";

/**
 * Reads a form posted as multipart/form-data (RFC 7578) as it arrives: the file in it (or
 * each of several, up to `maxFiles`) goes straight to disk, so a 50 MB stock feed is never
 * held in memory, and the small text fields are kept. Nothing more is kept once a file passes
 * its limit.
 */

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${Math.floor(maxBytes / (1 << 20))} MB`);
  }
}

/** The body is not a multipart form this reader can use. */
export class MalformedUploadError extends Error {}

export interface ReceivedUpload {
  fields: Map<string, string>;
  /** The file part, written to `path`; absent when the form held none or it was empty. */
  file?: ReceivedFile;
  /** Every file part, in the form's order (the first is `file`). */
  files: ReceivedFile[];
}

export interface ReceivedFile {
  path: string;
  name: string;
  size: number;
}

export interface UploadLimits {
  /** Where the file is written (a fresh name of the caller's); a second file goes to `{filePath}.1`, and so on. */
  filePath: string;
  maxFileBytes: number;
  /** How many files the form may hold; 1 unless said. */
  maxFiles?: number;
}

const MAX_FIELD_BYTES = 4096;
const MAX_HEADER_BYTES = 8192;
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

export function boundaryOf(contentType: string | null): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

export async function receiveUpload(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  { filePath, maxFileBytes, maxFiles = 1 }: UploadLimits,
): Promise<ReceivedUpload> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields = new Map<string, string>();
  const files: ReceivedFile[] = [];
  let file: ReceivedFile | undefined;
  let output: WriteStream | undefined;
  let field: { name: string; chunks: Buffer[]; size: number } | undefined;
  // The body starts with the delimiter less its line break: one is put in front to match.
  let pending: Buffer = CRLF;
  let state: "preamble" | "after-delimiter" | "headers" | "part" | "done" = "preamble";

  const takePart = async (data: Buffer) => {
    if (data.length === 0) return;
    if (output && file) {
      file.size += data.length;
      if (file.size > maxFileBytes) throw new UploadTooLargeError(maxFileBytes);
      if (!output.write(data)) await once(output, "drain");
    } else if (field) {
      field.size += data.length;
      if (field.size > MAX_FIELD_BYTES) throw new MalformedUploadError(`The form field ${field.name} is too long`);
      field.chunks.push(data);
    }
  };
  const endPart = async () => {
    if (field) fields.set(field.name, Buffer.concat(field.chunks).toString("utf8"));
    field = undefined;
    if (output) {
      output.end();
      await once(output, "finish");
      output = undefined;
    }
  };
  const startPart = (headerText: string) => {
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headerText)?.[1];
    const name = disposition && /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (!name) throw new MalformedUploadError("A part of the form has no name");
    const fileName = disposition && /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    if (fileName === undefined || fileName === null) {
      field = { name, chunks: [], size: 0 };
      return;
    }
    // A browser sends an empty part with an empty name when no file was chosen.
    if (fileName === "") return;
    if (files.length >= maxFiles)
      throw new MalformedUploadError(maxFiles === 1 ? "Send one file at a time" : `Send at most ${maxFiles} files at a time`);
    const at = files.length === 0 ? filePath : `${filePath}.${files.length}`;
    file = { path: at, name: fileName.split(/[\\/]/).pop()!, size: 0 };
    files.push(file);
    output = createWriteStream(at, { flags: "wx", mode: UPLOAD_FILE_MODE });
  };

  try {
    for await (const chunk of chunksOf(body)) {
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
      for (;;) {
        if (state === "done") break;
        if (state === "preamble" || state === "part") {
          const at = pending.indexOf(delimiter);
          if (at < 0) {
            // Whatever cannot be the start of a delimiter is part content.
            const safe = Math.max(0, pending.length - delimiter.length);
            if (state === "part") await takePart(pending.subarray(0, safe));
            pending = pending.subarray(safe);
            break;
          }
          if (state === "part") {
            await takePart(pending.subarray(0, at));
            await endPart();
          }
          pending = pending.subarray(at + delimiter.length);
          state = "after-delimiter";
        }
        if (state === "after-delimiter") {
          if (pending.length < 2) break;
          const next = pending.subarray(0, 2).toString("latin1");
          if (next === "--") state = "done";
          else if (next === "\r\n") state = "headers";
          else throw new MalformedUploadError("The form's parts are not separated as multipart/form-data requires");
          pending = pending.subarray(2);
        }
        if (state === "headers") {
          const end = pending.indexOf(HEADERS_END);
          if (end < 0) {
            if (pending.length > MAX_HEADER_BYTES) throw new MalformedUploadError("A part of the form has headers too long to be a form's");
            break;
          }
          startPart(`\r\n${pending.subarray(0, end).toString("utf8")}`);
          pending = pending.subarray(end + HEADERS_END.length);
          state = "part";
        }
      }
    }
    if (state !== "done") throw new MalformedUploadError("The form ended before its last part: the upload may have been cut short");
    return { fields, files, ...(files[0] ? { file: files[0] } : {}) };
  } catch (error) {
    // The file is opened in the background: removed before it has closed, it could be created after.
    if (output && !output.closed) {
      const closed = once(output, "close").catch(() => undefined);
      output.destroy();
      await closed;
    }
    await Promise.all(files.map(({ path }) => rm(path, { force: true })));
    throw error;
  }
}

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await dropTheRest(reader);
  }
}

/**
 * The rest of a body refused part-way (a file over its limit) is read and dropped rather
 * than cut off: a connection closed with data unread is reset, and the browser would show
 * "connection reset" instead of the answer saying the file is too large. It is no more than
 * the page's limit, which body-limit.ts has already held the declared length to.
 */
async function dropTheRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The sender went away: there is nobody left to answer.
  }
}
