/**
 * Byte-level helpers. The parser works on a "byte string": a JS string in which every character
 * code is one byte (0–255) of the body, so that native string search runs over bytes exactly as
 * the reference's C code does, and ASCII bodies need no conversion at all.
 */

const encoder = new TextEncoder();
// ignoreBOM keeps a U+FEFF that is part of a value instead of silently dropping it.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
// Throws on invalid UTF-8 instead of replacing it: then decoding and re-encoding is the identity.
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// Largest argument list passed to String.fromCharCode at once (engines cap argument counts).
const CHUNK = 8192;

/** Turns bytes into a byte string (one character per byte). */
export function bytesToByteString(bytes: Uint8Array): string {
  return latin1Of(bytes) ?? byteStringOf(bytes, decodeUtf8(bytes));
}

/** The one method of Node's `Buffer` that {@link latin1Of} uses. */
type Latin1Slice = (this: Uint8Array, start: number, end: number) => string;

/**
 * Node's native Latin-1 decoding, where the platform has one (read through `globalThis`, so that
 * browsers, which have none, take the portable path). Latin-1 maps each byte to the character
 * of the same code: exactly a byte string. On a 94 KiB body it takes a tenth of the time of
 * Node 20's `TextDecoder` (browsers' own `TextDecoder` is fast, and there is no such method).
 */
const nativeLatin1: Latin1Slice | undefined = (() => {
  const slice = (globalThis as { Buffer?: { prototype?: { latin1Slice?: unknown } } }).Buffer
    ?.prototype?.latin1Slice;
  return typeof slice === 'function' ? (slice as Latin1Slice) : undefined;
})();

/** The byte string of `bytes` through the platform's native Latin-1 decoding, if it has one. */
export function latin1Of(bytes: Uint8Array): string | undefined {
  return nativeLatin1 === undefined || bytes.length === 0
    ? undefined
    : nativeLatin1.call(bytes, 0, bytes.length);
}

/**
 * The byte string of `bytes`, given their UTF-8 decoding (undefined: not UTF-8, or not decoded).
 * Most bodies are pure ASCII, where the decoding is the byte string; most others are valid
 * UTF-8, whose non-ASCII runs are re-encoded exactly. Both beat building the string from char
 * codes in JS by far; bytes that are not UTF-8 take that exact byte-by-byte path.
 */
export function byteStringOf(bytes: Uint8Array, decoded: string | undefined): string {
  if (decoded === undefined) return fromCharCodes(bytes);
  // As many characters as bytes: every byte was ASCII.
  return decoded.length === bytes.length
    ? decoded
    : decoded.replace(NON_ASCII_RUNS, utf8ByteString);
}

/**
 * The text of valid UTF-8 bytes (a BOM kept as U+FEFF), or undefined if they are not UTF-8. A
 * few bytes are not decoded (undefined): building their string from char codes is cheaper.
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  if (bytes.length <= 64) return undefined;
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The number of bytes of the UTF-8 encoding of `text` (a lone surrogate counts 3, as U+FFFD). */
export function utf8Length(text: string): number {
  if (isAscii(text)) return text.length;
  return encoder.encode(text).length;
}

/**
 * The UTF-8 length of `text` without encoding it whole (a lone surrogate counts as U+FFFD's
 * three bytes, as `TextEncoder` writes it): for texts too long to copy. Encodes it in chunks
 * into one small buffer; a chunk never ends between the halves of a surrogate pair.
 */
export function countUtf8(text: string): number {
  if (isAscii(text)) return text.length;
  const buffer = new Uint8Array(3 * COUNT_CHUNK + 3);
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    let end = Math.min(i + COUNT_CHUNK, text.length);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end++;
    bytes += encoder.encodeInto(text.slice(i, end), buffer).written;
    i = end;
  }
  return bytes;
}

const COUNT_CHUNK = 1 << 16;

/**
 * A flat copy of ASCII `text`: a slice of a long string may keep the whole string alive (V8's
 * sliced strings), which a parsed file must not do with a body it reads only the start of.
 */
export function copyOfAscii(text: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(text));
}

/** One character per byte, built in chunks (the exact path for bytes that are not UTF-8). */
function fromCharCodes(bytes: Uint8Array): string {
  if (bytes.length <= CHUNK) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(
      String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]),
    );
  }
  return parts.join('');
}

// A native regexp over the whole string is far faster than a charCodeAt loop; it is a fixed
// expression, never one built from a robots.txt pattern. Not global, so `test` keeps no state;
// made once (a literal in the function body costs a new RegExp object per call).
const NOT_ASCII = /[^\x00-\x7f]/;

/** Node's native UTF-8 length of a string, where the platform has one (browsers take the regexp). */
const nativeUtf8Length: ((text: string, encoding: 'utf8') => number) | undefined = (() => {
  const length = (globalThis as { Buffer?: { byteLength?: unknown } }).Buffer?.byteLength;
  return typeof length === 'function'
    ? (length as (text: string, encoding: 'utf8') => number)
    : undefined;
})();

/**
 * Texts longer than this are tested by their native UTF-8 length (a vectorised count, a tenth of
 * the regexp's time on a 766-byte body); shorter ones by the regexp, cheaper than the call.
 */
const NATIVE_ASCII_TEST = 64;

/** True when every character of `text` is ASCII. */
export function isAscii(text: string): boolean {
  // UTF-8 takes one byte per character exactly when every character is ASCII (any other code
  // unit, a lone surrogate too, takes two or three).
  if (nativeUtf8Length !== undefined && text.length > NATIVE_ASCII_TEST) {
    return nativeUtf8Length(text, 'utf8') === text.length;
  }
  return !NOT_ASCII.test(text);
}

/** The UTF-8 encoding of `text` as a byte string (the identity for ASCII text). */
export function stringToByteString(text: string): string {
  if (isAscii(text)) return text;
  // Real files are mostly ASCII with a few non-ASCII runs (names, comments): encode only those
  // runs and keep the ASCII text as it is, instead of encoding and rebuilding the whole body.
  // A run never splits a surrogate pair (both halves are ≥ 0x80), so the bytes are exactly
  // those of encoding the whole text, lone surrogates (→ EF BF BD) included.
  return text.replace(NON_ASCII_RUNS, utf8ByteString);
}

// A fixed expression (never built from robots.txt content).
const NON_ASCII_RUNS = /[^\x00-\x7f]+/g;

/**
 * UTF-8 bytes of a run of non-ASCII characters, as TextEncoder would produce them (a lone
 * surrogate becomes U+FFFD). Runs are mostly a character or two (`é`, `ü`): encoding them here
 * avoids a native call and a typed array per run.
 */
export function utf8ByteString(run: string): string {
  if (run.length > 64) return fromCharCodes(encoder.encode(run));
  let out = '';
  for (let i = 0; i < run.length; i++) {
    let c = run.charCodeAt(i);
    if (c < 0x800) {
      out += String.fromCharCode(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < run.length) {
      const low = run.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        const cp = ((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        out += String.fromCharCode(
          0xf0 | (cp >> 18),
          0x80 | ((cp >> 12) & 0x3f),
          0x80 | ((cp >> 6) & 0x3f),
          0x80 | (cp & 0x3f),
        );
        i++;
        continue;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    out += String.fromCharCode(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return out;
}

/** Decodes a byte string slice as UTF-8 (invalid sequences become U+FFFD). */
export function decodeByteString(byteString: string): string {
  return isAscii(byteString) ? byteString : decodeBytes(byteStringToBytes(byteString));
}

/** Decodes bytes as UTF-8 (invalid sequences become U+FFFD, a BOM is kept as U+FEFF). */
export function decodeBytes(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** The bytes of a byte string (the inverse of {@link bytesToByteString}). */
export function byteStringToBytes(byteString: string): Uint8Array {
  const bytes = new Uint8Array(byteString.length);
  for (let i = 0; i < byteString.length; i++) bytes[i] = byteString.charCodeAt(i);
  return bytes;
}

// A fixed expression, as NOT_ASCII.
const NOT_BYTE = /[^\x00-\xff]/;

/** Whether every character of `text` is a byte (≤ 0xFF): a byte string. */
export function isByteString(text: string): boolean {
  return !NOT_BYTE.test(text);
}

/** ASCII whitespace as C's `isspace`: space, TAB, LF, VT, FF, CR. */
export function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/** ASCII-only lower-casing (Unicode case mapping would let `K` (Kelvin) equal `k`). */
export function asciiLowerCase(text: string): string {
  let upper = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Outside ASCII the native lower-casing would map more than ASCII letters.
    if (c >= 0x80) return foldAsciiLetters(text);
    if (c >= 0x41 && c <= 0x5a) upper = true;
  }
  // ASCII text: the native lower-casing is ASCII's, without building the string in JS.
  return upper ? text.toLowerCase() : text;
}

/** {@link asciiLowerCase} of text that is not all ASCII: only `A`–`Z` change. */
function foldAsciiLetters(text: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      out += text.slice(last, i) + String.fromCharCode(c + 0x20);
      last = i + 1;
    }
  }
  return last === 0 ? text : out + text.slice(last);
}
