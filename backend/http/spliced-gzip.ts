import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip for a page that is the same but for a few short strings written between its parts
 * (a fresh CSP nonce in each response): each part is compressed once, and each response is
 * assembled from them, with its strings as stored (uncompressed) blocks, in microseconds
 * rather than the milliseconds compressing the whole page again would take.
 *
 * Text that every page carries (the inline stylesheet, about half of each page) is
 * compressed once for all pages, so rendering a page compresses only its own text.
 */

/** A page cut wherever its nonce stood, each part with its raw deflate blocks. */
export interface SplicedPage {
  parts: Buffer[];
  /** Each part as raw deflate blocks that end on a byte boundary, none of them final, so any blocks may follow. */
  deflatedParts: Buffer[];
}

/**
 * A page's own text is compressed on the path a buyer waits on: level 4 costs about a
 * third less time than zlib's default 6 for about 3% more bytes.
 */
const PAGE_LEVEL = 4;
/** Text shared by every page is compressed once, so it gets the smallest result. */
const SHARED_LEVEL = 9;
/** Inline stylesheets shorter than this are left with the page's own text. */
const SHARED_MIN_BYTES = 1024;
/** Few distinct stylesheets exist (one per build); a bound all the same, so nothing grows without end. */
const SHARED_MAX_ENTRIES = 8;
const shared: { text: Buffer; deflated: Buffer }[] = [];

const STYLE_OPEN = Buffer.from("<style");
const STYLE_CLOSE = Buffer.from("</style>");
const TAG_END = ">".charCodeAt(0);

/** Cuts `body` wherever `nonce` stands and compresses each part once; without a nonce (development) the body is one part. */
export function splicePage(body: Buffer, nonce: string | undefined): SplicedPage {
  const parts = nonce ? cutAt(body, Buffer.from(nonce)) : [body];
  const sharedRanges = inlineStylesheets(body);
  let offset = 0;
  const deflatedParts = parts.map((part) => {
    const start = offset;
    offset += part.length + (nonce?.length ?? 0);
    return deflatePart(
      part,
      sharedRanges.filter(([from, to]) => from >= start && to <= start + part.length).map(([from, to]) => [from - start, to - start]),
    );
  });
  return { parts, deflatedParts };
}

function cutAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** Byte ranges of the text of each `<style>` element long enough to be worth sharing. */
function inlineStylesheets(body: Buffer): [number, number][] {
  const ranges: [number, number][] = [];
  for (let open = body.indexOf(STYLE_OPEN); open !== -1; open = body.indexOf(STYLE_OPEN, open + 1)) {
    const textFrom = body.indexOf(TAG_END, open) + 1;
    const textTo = body.indexOf(STYLE_CLOSE, textFrom);
    if (textFrom === 0 || textTo === -1) break;
    if (textTo - textFrom >= SHARED_MIN_BYTES) ranges.push([textFrom, textTo]);
    open = textTo;
  }
  return ranges;
}

/** Deflate blocks may follow one another, so a part is its pieces' blocks one after another. */
function deflatePart(part: Buffer, sharedRanges: [number, number][]): Buffer {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const [textFrom, textTo] of sharedRanges) {
    pieces.push(deflatePiece(part.subarray(from, textFrom), PAGE_LEVEL), deflateShared(part.subarray(textFrom, textTo)));
    from = textTo;
  }
  pieces.push(deflatePiece(part.subarray(from), PAGE_LEVEL));
  return Buffer.concat(pieces);
}

/**
 * Pieces shorter than this are stored as they are: the module preload links between a page's
 * nonces are 70–130 bytes each, which zlib shortens by a few bytes in all (35 bytes for a
 * vehicle page's nine) at the cost of a compressor made for each (0.2 ms a page).
 */
const STORED_BELOW_BYTES = 256;

/** An empty piece needs no block (zlib would make its one block final). */
function deflatePiece(piece: Buffer, level: number): Buffer {
  if (piece.length === 0) return piece;
  if (piece.length < STORED_BELOW_BYTES) return storedBlock(piece);
  return deflateRawSync(piece, { level, finishFlush: constants.Z_SYNC_FLUSH });
}

function deflateShared(text: Buffer): Buffer {
  const known = shared.find((entry) => entry.text.equals(text));
  if (known) return known.deflated;
  if (shared.length >= SHARED_MAX_ENTRIES) shared.shift();
  const deflated = deflatePiece(text, SHARED_LEVEL);
  // A copy: the page's own buffer may be dropped from the cache, or reused, long before the stylesheet is.
  shared.push({ text: Buffer.from(text), deflated });
  return deflated;
}

/** No file name or time, unknown operating system: the same ten bytes every time. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** An empty final block (fixed codes, end of block at once), closing the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/** `bytes` as they are, in one deflate block that is not the last (its header's three bits, then its length and that length's complement). */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The gzip of the page's parts joined with `joint` between each two. */
export function gzipJoined({ parts, deflatedParts }: SplicedPage, joint: Buffer): Buffer {
  if (joint.length > STORED_MAX) throw new RangeError("A joint must fit one stored block");
  const stored = storedBlock(joint);
  const pieces: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(stored);
      crc = crc32(joint, crc);
      length += joint.length;
    }
    pieces.push(deflatedParts[i]!);
    crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** The page's parts joined with `joint`, uncompressed, for a client that takes no gzip. */
export function joined({ parts }: SplicedPage, joint: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [joint, part])));
}
