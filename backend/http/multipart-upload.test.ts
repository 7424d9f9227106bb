import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { boundaryOf, MalformedUploadError, receiveUpload, UploadTooLargeError } from "./multipart-upload";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "multipart-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const BOUNDARY = "----formBoundary7MA4YWxkTrZu0gW";
// A file whose content holds most of a delimiter, a CR LF and dashes, as CSV may.
const FILE = "make,model\r\nFord,Fiesta\r\n------formBoundary7MA4YWxk,not the end\r\n--\r\n";
const BODY =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\ntoken-123\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nreplace\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="feed"; filename="C:\\\\stock\\\\feed.csv"\r\nContent-Type: text/csv\r\n\r\n${FILE}\r\n` +
  `--${BOUNDARY}--\r\n`;

/** The body as a stream arriving in pieces of `size` bytes. */
function arriving(body: string, size: number): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(body);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
}

describe("receiveUpload", () => {
  it("reads the fields and writes the file, however the body is split as it arrives", async () => {
    for (const size of [1, 2, 3, 7, 16, 41, 64, 1000]) {
      const filePath = path.join(directory, `feed-${size}`);
      const received = await receiveUpload(arriving(BODY, size), BOUNDARY, { filePath, maxFileBytes: 1000 });
      expect(Object.fromEntries(received.fields), `pieces of ${size}`).toEqual({ csrf: "token-123", mode: "replace" });
      expect(received.file).toEqual({ path: filePath, name: "feed.csv", size: Buffer.byteLength(FILE) });
      expect(await readFile(filePath, "utf8")).toBe(FILE);
    }
  });

  it("writes the file for the site's own user alone to read", async () => {
    const filePath = path.join(directory, "private");
    await receiveUpload(arriving(BODY, 64), BOUNDARY, { filePath, maxFileBytes: 1000 });
    expect((await stat(filePath)).mode & 0o777).toBe(0o600);
  });

  it("stops at a file over the limit and leaves nothing on disk", async () => {
    const filePath = path.join(directory, "too-big");
    await expect(receiveUpload(arriving(BODY, 16), BOUNDARY, { filePath, maxFileBytes: 20 })).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(await readdir(directory)).toEqual([]);
  });

  it("reads the rest of a body refused part-way, so that its sender is answered rather than cut off", async () => {
    const body = `${BODY.slice(0, BODY.indexOf(FILE))}${"x".repeat(10_000)}\r\n--${BOUNDARY}--\r\n`;
    const source = arriving(body, 64).getReader();
    let pulled = 0;
    let cancelled = false;
    const watched = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) return controller.close();
        pulled += value.length;
        controller.enqueue(value);
      },
      cancel: () => void (cancelled = true),
    });
    const filePath = path.join(directory, "over");
    await expect(receiveUpload(watched, BOUNDARY, { filePath, maxFileBytes: 100 })).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(cancelled).toBe(false);
    expect(pulled).toBe(Buffer.byteLength(body));
    expect(await readdir(directory)).toEqual([]);
  });

  it("refuses a body cut short, leaving nothing on disk", async () => {
    const filePath = path.join(directory, "cut");
    await expect(
      receiveUpload(arriving(BODY.slice(0, BODY.length - 40), 16), BOUNDARY, { filePath, maxFileBytes: 1000 }),
    ).rejects.toBeInstanceOf(MalformedUploadError);
    expect(await readdir(directory)).toEqual([]);
  });

  it("takes a form where no file was chosen as one without a file", async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="feed"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${BOUNDARY}--\r\n`;
    const received = await receiveUpload(arriving(body, 10), BOUNDARY, { filePath: path.join(directory, "none"), maxFileBytes: 1000 });
    expect(received.file).toBeUndefined();
  });
});

describe("boundaryOf", () => {
  it("reads the boundary of a multipart form, quoted or not, and nothing else", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("application/x-www-form-urlencoded")).toBeUndefined();
    expect(boundaryOf(null)).toBeUndefined();
  });
});
