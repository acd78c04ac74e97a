/**
 * A draft's bytes: an upload (or a live file, or a restored state) keeps its bytes while it is
 * not edited, so verdicts and lint are those of the file as a crawler reads it; the editor shows
 * the text with each run of bytes that are not UTF-8 as U+FFFD.
 */

/** What the page knows of uploaded bytes. */
export interface DecodedBytes {
  /** The bytes read as UTF-8, a BOM kept, each invalid sequence as U+FFFD. */
  readonly text: string;
  /** True when the text's UTF-8 encoding is the bytes (nothing replaced). */
  readonly exact: boolean;
  /** Replacement characters standing for bytes that are not UTF-8. */
  readonly replaced: number;
  /** The UTF-16 byte order the bytes look like, when they do. */
  readonly utf16?: 'utf-16le' | 'utf-16be';
}

/** Reads bytes as the editor shows them. */
export function decodeBytes(bytes: Uint8Array): DecodedBytes {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const exact = sameBytes(new TextEncoder().encode(text), bytes);
  let replaced = 0;
  if (!exact) for (const c of text) if (c === '\uFFFD') replaced++;
  const utf16 = utf16Order(bytes);
  return { text, exact, replaced, ...(utf16 === undefined ? {} : { utf16 }) };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** UTF-16 by its BOM, or by NUL bytes in every other place of the first 512 bytes. */
export function utf16Order(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 8) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  if (odd > n / 2 / 2 && even === 0) return 'utf-16le';
  if (even > n / 2 / 2 && odd === 0) return 'utf-16be';
  return undefined;
}

/** The text of UTF-16 bytes (its BOM dropped), to edit as UTF-8. */
export function convertUtf16(bytes: Uint8Array, order: 'utf-16le' | 'utf-16be'): string {
  return new TextDecoder(order).decode(bytes);
}

/** Bytes as base64 (for a share link or state file). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Base64 as bytes; undefined when it is not base64. */
export function fromBase64(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
