/**
 * A text's character codes in a typed array, for a reader that looks at many single characters:
 * V8 reads an element of a `Uint8Array` in about half the time of a `charCodeAt` (which must
 * test the string's representation on every call), and a native copy of the whole text costs
 * less than what a tokenizer saves on a typical file.
 */

/** Character codes: bytes for a byte string, UTF-16 code units for other text. */
export type CharCodes = Uint8Array | Uint16Array;

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
 * The one buffer {@link withCharCodes} fills for texts up to {@link LARGEST_KEPT} characters,
 * with a byte view and a UTF-16 view of it. A buffer is lent to one reader at a time
 * ({@link withCharCodes}); a reader that starts while it is lent gets a buffer of its own.
 */
let shared = new ArrayBuffer(2048);
let shared8 = new Uint8Array(shared);
let shared16 = new Uint16Array(shared);
let lent = false;

/**
 * Texts up to this many characters use the shared buffer, which then keeps its size (up to twice
 * this in bytes): that covers every body read with the default `maxBytes` (500 KiB).
 */
const LARGEST_KEPT = 512 * 1024 + 8;

/**
 * Calls `read` with the character codes of `text[0, text.length)` (`utf16`: UTF-16 text, else a
 * byte string, each character a byte) and returns its result. The array may be longer than the
 * text; what lies past the text is unspecified. It is valid only during `read`.
 */
export function withCharCodes<T>(text: string, utf16: boolean, read: (codes: CharCodes) => T): T {
  if (lent || text.length > LARGEST_KEPT) return read(fill(text, utf16, null));
  if (shared8.length < (utf16 ? 2 : 1) * text.length) {
    shared = new ArrayBuffer(Math.max(2 * shared.byteLength, 2 * text.length));
    shared8 = new Uint8Array(shared);
    shared16 = new Uint16Array(shared);
  }
  lent = true;
  try {
    return read(fill(text, utf16, utf16 ? shared16 : shared8));
  } finally {
    lent = false;
  }
}

/** Fills `into` (or a new array when null) with the codes of `text`, and returns it. */
function fill(text: string, utf16: boolean, into: CharCodes | null): CharCodes {
  const length = text.length;
  if (utf16) {
    const codes = (into as Uint16Array | null) ?? new Uint16Array(length);
    if (ucs2Write !== undefined) {
      ucs2Write.call(
        new Uint8Array(codes.buffer, codes.byteOffset, 2 * length),
        text,
        0,
        2 * length,
      );
    } else {
      for (let i = 0; i < length; i++) codes[i] = text.charCodeAt(i);
    }
    return codes;
  }
  const codes = (into as Uint8Array | null) ?? new Uint8Array(length);
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
