import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip for a body that is the same but for a few short strings written between its parts
 * (a page with a fresh CSP nonce in each response): each part is compressed once, and each
 * response is assembled from them, with its strings as stored (uncompressed) blocks, in
 * microseconds rather than the milliseconds compressing the whole page again would take.
 */

/**
 * Each part as raw deflate blocks that end on a byte boundary, none of them final, so any
 * blocks may follow. An empty part needs no block (zlib would make its one block final).
 */
export function deflateParts(parts: readonly Buffer[]): Buffer[] {
  return parts.map((part) => (part.length === 0 ? part : deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH })));
}

/** No file name or time, unknown operating system: the same ten bytes every time. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** An empty final block (fixed codes, end of block at once), closing the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/** The gzip of `parts` joined with `joint` between each two, from the parts and their `deflateParts`. */
export function gzipJoined(parts: readonly Buffer[], deflated: readonly Buffer[], joint: Buffer): Buffer {
  if (joint.length > STORED_MAX) throw new RangeError("A joint must fit one stored block");
  const stored = Buffer.alloc(5 + joint.length);
  stored.writeUInt16LE(joint.length, 1);
  stored.writeUInt16LE(~joint.length & 0xffff, 3);
  joint.copy(stored, 5);
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(stored);
      crc = crc32(joint, crc);
      length += joint.length;
    }
    pieces.push(deflated[i]!);
    crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
