/**
 * What CPython's RFC 9309 robotparser does to text before it matches: the body decoded as
 * `read()` decodes it (UTF-8, bytes that are not UTF-8 kept as lone surrogates), the URL split
 * by the private `urllib.parse._urlsplit`/`_urlunsplit` of CPython's main branch (an empty `?`
 * or `#` kept), and the percent-normalisation of paths and patterns (`normalize`,
 * `normalize_uri`, `normalize_pattern`).
 */

import { checkNetloc, isIpv6, PythonError, SCHEME_CHARS } from './python-text.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The length of the UTF-8 sequence starting at `at`, or 0 when it is not valid UTF-8. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  const cont = (i: number, low = 0x80, high = 0xbf) => {
    const b = bytes[at + i];
    return b !== undefined && b >= low && b <= high;
  };
  if (lead >= 0xc2 && lead <= 0xdf) return cont(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const low = lead === 0xe0 ? 0xa0 : 0x80;
    const high = lead === 0xed ? 0x9f : 0xbf;
    return cont(1, low, high) && cont(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const low = lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xf4 ? 0x8f : 0xbf;
    return cont(1, low, high) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/**
 * `bytes.decode('utf-8', 'surrogateescape')`: valid UTF-8 decoded (a BOM kept as U+FEFF), every
 * other byte as the lone surrogate U+DC80–U+DCFF that `quote` turns back into that byte.
 */
export function decodeSurrogateEscape(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    let text = '';
    let start = 0;
    for (let i = 0; i < bytes.length; ) {
      if (bytes[i]! < 0x80) {
        i++;
        continue;
      }
      const length = sequenceLength(bytes, i);
      if (length > 0) {
        i += length;
        continue;
      }
      text += strictUtf8.decode(bytes.subarray(start, i)) + String.fromCharCode(0xdc00 + bytes[i]!);
      start = ++i;
    }
    return text + strictUtf8.decode(bytes.subarray(start));
  }
}

/** `str.encode('utf-8', 'surrogateescape')`: a lone surrogate outside U+DC80–U+DCFF raises. */
function encodeSurrogateEscape(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      bytes.push(c);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63));
        bytes.push(0x80 | (c & 63));
        continue;
      }
      if (c < 0xdc80 || c > 0xdcff) {
        throw new PythonError(
          'UnicodeEncodeError',
          `'utf-8' codec can't encode character '\\u${c.toString(16)}': surrogates not allowed`,
        );
      }
      bytes.push(c - 0xdc00);
    } else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return bytes;
}

function hexValue(c: number | undefined): number {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** The bytes `quote(…, safe='/')` leaves bare: letters, digits, `_.-~` and `/`. */
const BARE = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/') {
  BARE[c.charCodeAt(0)] = 1;
}
const HEX = '0123456789ABCDEF';

/**
 * The robotparser's `normalize(text)`: `quote(unquote(text, errors='surrogateescape'),
 * errors='surrogateescape')`. Decoding and encoding with `surrogateescape` give back the bytes
 * they were given, so this is: the text's UTF-8 bytes with `%XX` escapes decoded, then every
 * byte but letters, digits, `_.-~` and `/` escaped with upper-case hex.
 */
export function normalize(text: string): string {
  const bytes = encodeSurrogateEscape(text);
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    let b = bytes[i]!;
    const high = b === 0x25 ? hexValue(bytes[i + 1]) : -1;
    const low = high >= 0 ? hexValue(bytes[i + 2]) : -1;
    if (low >= 0) {
      b = high * 16 + low;
      i += 2;
    }
    out += b < 128 && BARE[b] === 1 ? String.fromCharCode(b) : `%${HEX[b >> 4]}${HEX[b & 15]}`;
  }
  return out;
}

/** `re.sub('[^<kept>]+', normalize, text)`: every run of other characters normalised. */
function normalizeRuns(text: string, kept: RegExp): string {
  return text.replace(kept, (run) => normalize(run));
}

/**
 * `normalize_uri(path)`: the part before the first `?` normalised whole; after it each run
 * between `=` and `&` on its own, so `=` and `&` stay distinct from `%3D` and `%26`.
 */
export function normalizeUri(path: string): string {
  const question = path.indexOf('?');
  if (question < 0) return normalize(path);
  return `${normalize(path.slice(0, question))}?${normalizeRuns(path.slice(question + 1), /[^=&]+/g)}`;
}

/**
 * `normalize_pattern(path)`: as {@link normalizeUri}, with `*` and `$` kept too — and before the
 * first `?`, `=` and `&` normalised (`%3D`, `%26`): a pattern without `?` never matches them in
 * a query.
 */
export function normalizePattern(pattern: string): string {
  const question = pattern.indexOf('?');
  if (question < 0) return normalizeRuns(pattern, /[^*$]+/g);
  return `${normalizeRuns(pattern.slice(0, question), /[^*$]+/g)}?${normalizeRuns(pattern.slice(question + 1), /[^=&*$]+/g)}`;
}

/** `ipaddress.IPv4Address(text)` accepts it: four decimal octets, no leading zeros. */
function isIpv4(text: string): boolean {
  const octets = text.split('.');
  return (
    octets.length === 4 &&
    octets.every((o) => /^[0-9]{1,3}$/.test(o) && Number(o) <= 255 && !/^0./.test(o))
  );
}

/** `_check_bracketed_host` of CPython's main branch: IPvFuture or IPv6, never IPv4. */
function checkBracketedHost(host: string): void {
  if (host.startsWith('v')) {
    if (!/^v[a-fA-F0-9]+\.[^\n]+$/.test(host))
      throw new PythonError('ValueError', 'IPvFuture address is invalid');
  } else if (isIpv4(host)) {
    throw new PythonError('ValueError', 'An IPv4 address cannot be in brackets');
  } else if (!isIpv6(host)) {
    throw new PythonError('ValueError', `'${host}' does not appear to be an IPv4 or IPv6 address`);
  }
}

/**
 * `_urlunsplit(None, None, *_urlsplit(url, '')[2:])` of CPython's main branch: the URL's path,
 * `?query` and `#fragment` (each kept when present, even empty), a path starting `//` given two
 * more slashes. Throws a {@link PythonError} where `_urlsplit` raises `ValueError`.
 */
export function pathQueryFragment(input: string): string {
  let url = input.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
  const colon = url.indexOf(':');
  if (colon > 0 && /^[a-zA-Z]/.test(url) && SCHEME_CHARS.test(url.slice(0, colon))) {
    url = url.slice(colon + 1);
  }
  let netloc = '';
  if (url.startsWith('//')) {
    let delim = url.length;
    for (const c of '/?#') {
      const at = url.indexOf(c, 2);
      if (at >= 0) delim = Math.min(delim, at);
    }
    netloc = url.slice(2, delim);
    url = url.slice(delim);
    const open = netloc.includes('[');
    if (open !== netloc.includes(']')) throw new PythonError('ValueError', 'Invalid IPv6 URL');
    if (open) {
      const after = netloc.slice(netloc.indexOf('[') + 1);
      checkBracketedHost(after.includes(']') ? after.slice(0, after.indexOf(']')) : after);
    }
  }
  let fragment = '';
  const hash = url.indexOf('#');
  if (hash >= 0) {
    fragment = url.slice(hash);
    url = url.slice(0, hash);
  }
  let query = '';
  const question = url.indexOf('?');
  if (question >= 0) {
    query = url.slice(question);
    url = url.slice(0, question);
  }
  checkNetloc(netloc);
  return `${url.startsWith('//') ? '//' : ''}${url}${query}${fragment}`;
}
