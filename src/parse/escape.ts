/**
 * What a rule value matches as: Google's escaping of rule values (percent-encoding non-ASCII
 * bytes, upper-casing escapes) and RFC 9309's optional decoding of escaped unreserved characters.
 */

import { utf8ByteString } from '../util/bytes.js';

const HEX = '0123456789ABCDEF';

function isHexDigit(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

/**
 * Escapes a rule value given as a byte string, as the reference's `MaybeEscapePattern`: every
 * byte ≥ 0x80 becomes `%XX`, and the hex digits of an existing `%xx` are upper-cased. Nothing is
 * decoded. The result is ASCII. A character above 0xFF is no byte: it becomes the `%XX` of each
 * byte of its UTF-8 encoding.
 */
export function escapePattern(value: string): string {
  return escapeValue(value, false);
}

/**
 * {@link escapePattern} of a byte string, or with `utf16` of UTF-16 text (well-formed): then each
 * non-ASCII character becomes the `%XX` of each byte of its UTF-8 encoding, as if the text had
 * been converted to a byte string first.
 */
export function escapeValue(value: string, utf16: boolean): string {
  // Unchanged spans are copied with one slice each: building the result a character at a time
  // made every value with a `%` or a non-ASCII byte cost about a microsecond.
  let out = '';
  let last = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x25) {
      const a = value.charCodeAt(i + 1);
      const b = value.charCodeAt(i + 2);
      if (!isHexDigit(a) || !isHexDigit(b)) continue;
      if (a >= 0x61 || b >= 0x61) {
        out += value.slice(last, i + 1) + String.fromCharCode(toUpperHex(a), toUpperHex(b));
        last = i + 3;
      }
      i += 2;
    } else if (c >= 0x80) {
      out += value.slice(last, i);
      if (utf16 || c > 0xff) {
        // The whole run of characters that are not bytes, as the bytes of its UTF-8 encoding.
        const notByte = utf16 ? 0x80 : 0x100;
        let end = i + 1;
        while (end < value.length && value.charCodeAt(end) >= notByte) end++;
        const bytes = utf8ByteString(value.slice(i, end));
        for (let k = 0; k < bytes.length; k++) out += PERCENT_BYTES[bytes.charCodeAt(k)];
        i = end - 1;
      } else {
        out += PERCENT_BYTES[c];
      }
      last = i + 1;
    }
  }
  return last === 0 ? value : out + value.slice(last);
}

/** `%XX` of each byte value: one lookup instead of building three-character strings per byte. */
const PERCENT_BYTES: readonly string[] = Array.from(
  { length: 256 },
  (_, byte) => `%${HEX[byte >> 4]}${HEX[byte & 0xf]}`,
);

/** The value of a hex digit's character code. */
function hexValue(code: number): number {
  return code <= 0x39 ? code - 0x30 : (code | 0x20) - 0x57;
}

/** Upper-cases a hex digit's character code (`a`–`f` → `A`–`F`). */
function toUpperHex(code: number): number {
  return code >= 0x61 ? code - 0x20 : code;
}

function isUnreserved(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

/**
 * RFC 9309 §2.2.2: a percent-encoded unreserved character (RFC 3986 §2.3: letters, digits,
 * `-._~`) is compared as the character itself. Expects upper-case escapes (after
 * {@link escapePattern}).
 */
export function decodeUnreserved(value: string): string {
  let out = '';
  let last = 0;
  for (let i = value.indexOf('%'); i >= 0 && i + 2 < value.length; i = value.indexOf('%', i + 1)) {
    const a = value.charCodeAt(i + 1);
    const b = value.charCodeAt(i + 2);
    if (!isHexDigit(a) || !isHexDigit(b)) continue;
    const code = (hexValue(a) << 4) | hexValue(b);
    if (!isUnreserved(code)) continue;
    out += value.slice(last, i) + String.fromCharCode(code);
    last = i + 3;
    i += 2;
  }
  return last === 0 ? value : out + value.slice(last);
}

/**
 * What a value that needs escaping matches as: escaped as the reference escapes it
 * ({@link escapeValue}), and with `rfc9309` its escaped unreserved characters decoded (RFC 9309
 * §2.2.2). `value` is a byte string, or UTF-16 text when `utf16` is set.
 */
export function escapedPattern(value: string, utf16: boolean, rfc9309: boolean): string {
  const escaped = escapeValue(value, utf16);
  return rfc9309 ? decodeUnreserved(escaped) : escaped;
}
