/**
 * A text's character codes in a typed array, for a reader that looks at many single characters:
 * V8 reads an element of a `Uint8Array` in about half the time of a `charCodeAt` (which must
 * test the string's representation on every call), and a native copy of the whole text costs
 * less than what a tokenizer saves on a typical file.
 */

/**
 * Character codes, one byte each: a byte string's bytes; for UTF-16 text, each code unit up to
 * 0xFF as itself and any above as 0xFF. The readers look only for ASCII characters, and a code
 * unit of 0x80 or more stays one that is not ASCII; one kind of array for both (rather than a
 * `Uint16Array` for UTF-16 text) spares them checking which kind on every read.
 */
export type CharCodes = Uint8Array;

const encoder = new TextEncoder();

/** Node's native Latin-1 and UTF-16 writers, where the platform has them (browsers: none). */
type Write = (this: Uint8Array, text: string, offset: number, length: number) => number;
interface Writers {
  latin1Write?: unknown;
  ucs2Write?: unknown;
}
const nodeBuffer = (globalThis as { Buffer?: { prototype?: Writers } }).Buffer?.prototype;
const latin1Write = nodeBuffer?.latin1Write as Write | undefined;
const littleEndian = new Uint16Array(new Uint8Array([1, 0]).buffer)[0] === 1;
// UTF-16LE is the layout of a Uint16Array only on a little-endian machine.
const ucs2Write = littleEndian ? (nodeBuffer?.ucs2Write as Write | undefined) : undefined;

/**
 * The one array {@link withCharCodes} fills for texts up to {@link LARGEST_KEPT} characters
 * (and the code units of UTF-16 text on their way there). It is lent to one reader at a time; a
 * reader that starts while it is lent gets an array of its own.
 */
let shared = new Uint8Array(2048);
/** A view of {@link shared}'s bytes, made again when it is ({@link viewOf}). */
let sharedView = new DataView(shared.buffer);
let units: Uint16Array = new Uint16Array(0);
let lent = false;
/**
 * The text whose codes {@link shared} holds (null: none yet): a parse fills it, and the first
 * check of the file that follows reads the same codes ({@link charCodesOf}) without a copy.
 */
let held: string | null = null;

/**
 * Texts up to this many characters use the shared array, which then keeps its size: that covers
 * every body read with the default `maxBytes` (500 KiB).
 */
const LARGEST_KEPT = 512 * 1024 + 8;

/**
 * Calls `read` with the character codes of `text[0, text.length)` (`utf16`: UTF-16 text, else a
 * byte string, each character a byte) and returns its result. The array may be longer than the
 * text; what lies past the text is unspecified. It is valid only during `read`. `bytes`: the
 * byte string's bytes, when the caller has them (a body given as bytes), copied from rather than
 * the text, or lent as they are where the shared array is not.
 */
export function withCharCodes<T>(
  text: string,
  utf16: boolean,
  read: (codes: CharCodes) => T,
  bytes?: Uint8Array,
): T {
  if (lent || text.length > LARGEST_KEPT) {
    return read(bytes ?? fill(text, utf16, new Uint8Array(text.length), new Uint16Array(0)));
  }
  if (shared.length < text.length) {
    shared = new Uint8Array(Math.max(2 * shared.length, text.length));
    sharedView = new DataView(shared.buffer);
  }
  lent = true;
  try {
    // A native copy into the shared array, whose view is kept: a view of the caller's bytes
    // would be made for each body, which costs more than copying a small one.
    if (bytes !== undefined) shared.set(bytes);
    else fill(text, utf16, shared, units);
    held = text;
    return read(shared);
  } finally {
    lent = false;
  }
}

/**
 * The character codes of `text[0, text.length)` (`utf16` as for {@link withCharCodes}), to read
 * while nothing else runs: the shared array when it holds them (the text last read through
 * {@link withCharCodes} or this, as a check of a file just parsed finds it), else filled again,
 * or an array of its own while the shared one is lent or for a text longer than it keeps. Valid
 * until the next call of either function.
 */
export function charCodesOf(text: string, utf16: boolean): CharCodes {
  // A text equal to the one held has the same codes, whichever string holds it.
  if (text === held) return shared;
  if (lent || text.length > LARGEST_KEPT) {
    return fill(text, utf16, new Uint8Array(text.length), new Uint16Array(0));
  }
  if (shared.length < text.length) {
    shared = new Uint8Array(Math.max(2 * shared.length, text.length));
    sharedView = new DataView(shared.buffer);
  }
  fill(text, utf16, shared, units);
  held = text;
  return shared;
}

/**
 * Fills `codes` with the codes of `text` and returns it; `staging`, when long enough, holds the
 * code units of UTF-16 text on the way (kept for the next text when it is the shared one).
 */
function fill(text: string, utf16: boolean, codes: Uint8Array, staging: Uint16Array): Uint8Array {
  const length = text.length;
  if (utf16) {
    if (ucs2Write === undefined) {
      for (let i = 0; i < length; i++) codes[i] = Math.min(text.charCodeAt(i), 0xff);
      return codes;
    }
    let from: Uint16Array = staging;
    if (from.length < length) {
      from = new Uint16Array(Math.max(2 * from.length, length));
      if (codes === shared) units = from;
    }
    ucs2Write.call(new Uint8Array(from.buffer, 0, 2 * length), text, 0, 2 * length);
    // Two native copies: the code units, then each clamped to 0xFF into the bytes.
    new Uint8ClampedArray(codes.buffer, codes.byteOffset, length).set(from.subarray(0, length));
    return codes;
  }
  // Latin-1 writes each character of a byte string as its byte (a native copy).
  if (latin1Write !== undefined) {
    latin1Write.call(codes, text, 0, length);
    return codes;
  }
  // An ASCII text's UTF-8 is its byte string; a byte string with bytes ≥ 0x80 is not.
  const { read, written } = encoder.encodeInto(text, codes);
  if (read !== length || written !== length) {
    for (let i = 0; i < length; i++) codes[i] = text.charCodeAt(i);
  }
  return codes;
}

/**
 * A view of the bytes of `codes`, to read four character codes in one step (`getInt32(i, true)`:
 * the code at `i` in the low byte): the array {@link withCharCodes} lends has one kept, any other
 * gets a new one.
 */
export function viewOf(codes: CharCodes): DataView {
  return codes === shared
    ? sharedView
    : new DataView(codes.buffer, codes.byteOffset, codes.byteLength);
}
