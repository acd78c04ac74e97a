/**
 * The pieces of CPython 3.11's `str` and `urllib.parse` that `urllib.robotparser` relies on,
 * reproduced exactly: `str.splitlines`, `str.strip`, `unquote`, `quote`, `urlparse`/`urlunparse`.
 * Python raises where these functions raise; here that is a {@link PythonError}.
 */

/** What CPython would raise: its exception class and message. */
export class PythonError extends Error {
  override name = 'PythonError' as const;
  /** The Python exception class, e.g. `ValueError`, `UnicodeEncodeError`. */
  readonly pythonType: string;

  constructor(pythonType: string, message: string) {
    super(`${pythonType}: ${message}`);
    this.pythonType = pythonType;
  }
}

/** `str.splitlines()`: the line boundaries Python knows; a final boundary adds no empty line. */
export function splitlines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const boundary =
      c === 0x0a ||
      c === 0x0d ||
      c === 0x0b ||
      c === 0x0c ||
      c === 0x1c ||
      c === 0x1d ||
      c === 0x1e ||
      c === 0x85 ||
      c === 0x2028 ||
      c === 0x2029;
    if (!boundary) continue;
    lines.push(text.slice(start, i));
    if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
    start = i + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** `str.isspace()` for one UTF-16 code unit (every Python whitespace character is in the BMP). */
function isPythonSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x20) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** `str.strip()` with no argument. */
export function strip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonSpace(text.charCodeAt(start))) start++;
  while (end > start && isPythonSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

const encoder = new TextEncoder();
const replacingDecoder = new TextDecoder('utf-8');

/** `str.encode('utf-8')` (strict): a lone surrogate raises. */
function encodeUtf8(text: string, what: string): Uint8Array {
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) {
    throw new PythonError(
      'UnicodeEncodeError',
      `'utf-8' codec can't encode a surrogate in ${what}: surrogates not allowed`,
    );
  }
  return encoder.encode(text);
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** `unquote_to_bytes` of an ASCII run. */
function unquoteToBytes(run: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < run.length; i++) {
    const c = run.charCodeAt(i);
    if (
      c === 0x25 &&
      i + 2 < run.length &&
      hexValue(run.charCodeAt(i + 1)) >= 0 &&
      hexValue(run.charCodeAt(i + 2)) >= 0
    ) {
      bytes.push(hexValue(run.charCodeAt(i + 1)) * 16 + hexValue(run.charCodeAt(i + 2)));
      i += 2;
    } else bytes.push(c);
  }
  return Uint8Array.from(bytes);
}

/**
 * `urllib.parse.unquote(string)`: `%XX` escapes in ASCII runs decoded as UTF-8, invalid sequences
 * replaced by U+FFFD; other characters kept.
 */
export function unquote(text: string): string {
  if (!text.includes('%')) return text;
  // _asciire splits the string into ASCII runs and the rest.
  return text.replace(/[\x00-\x7f]+/g, (run) =>
    run.includes('%') ? replacingDecoder.decode(unquoteToBytes(run)) : run,
  );
}

const ALWAYS_SAFE = new Set(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~'].map((c) =>
    c.charCodeAt(0),
  ),
);
const HEX = '0123456789ABCDEF';

/** `urllib.parse.quote(string, safe='/')`: every byte but the unreserved ones and `/` as `%XX`. */
export function quote(text: string): string {
  if (text === '') return text;
  let out = '';
  for (const byte of encodeUtf8(text, 'a path')) {
    out +=
      ALWAYS_SAFE.has(byte) || byte === 0x2f
        ? String.fromCharCode(byte)
        : `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
  }
  return out;
}

/** The six parts `urlparse` returns. */
export interface ParseResult {
  readonly scheme: string;
  readonly netloc: string;
  readonly path: string;
  readonly params: string;
  readonly query: string;
  readonly fragment: string;
}

export const SCHEME_CHARS: RegExp = /^[a-zA-Z0-9+\-.]*$/;
const USES_PARAMS = new Set([
  '',
  'ftp',
  'hdl',
  'prospero',
  'http',
  'imap',
  'https',
  'shttp',
  'rtsp',
  'rtsps',
  'rtspu',
  'sip',
  'sips',
  'mms',
  'sftp',
  'tel',
]);
const USES_NETLOC = new Set([
  '',
  'ftp',
  'http',
  'gopher',
  'nntp',
  'telnet',
  'imap',
  'wais',
  'file',
  'mms',
  'https',
  'shttp',
  'snews',
  'prospero',
  'rtsp',
  'rtsps',
  'rtspu',
  'rsync',
  'svn',
  'svn+ssh',
  'sftp',
  'nfs',
  'git',
  'git+ssh',
  'ws',
  'wss',
]);

/** `ipaddress.ip_address(text)` gives an IPv6 address (CPython 3.11's `IPv6Address` rules). */
export function isIpv6(text: string): boolean {
  const percent = text.indexOf('%');
  const address = percent < 0 ? text : text.slice(0, percent);
  if (percent >= 0) {
    const scope = text.slice(percent + 1);
    if (scope === '' || scope.includes('%')) return false;
  }
  const parts = address.split(':');
  if (parts.length < 3) return false;
  const last = parts[parts.length - 1]!;
  if (last.includes('.')) {
    const octets = last.split('.');
    const valid =
      octets.length === 4 &&
      octets.every(
        (o) => /^\d{1,3}$/.test(o) && Number(o) <= 255 && !(o.length > 1 && o.startsWith('0')),
      );
    if (!valid) return false;
    parts.splice(parts.length - 1, 1, '0', '0');
  }
  if (parts.length > 9) return false;
  let skip = -1;
  for (let i = 1; i < parts.length - 1; i++) {
    if (parts[i] !== '') continue;
    if (skip >= 0) return false;
    skip = i;
  }
  let hi: number;
  let lo: number;
  if (skip >= 0) {
    hi = skip;
    lo = parts.length - skip - 1;
    if (parts[0] === '' && --hi !== 0) return false;
    if (parts[parts.length - 1] === '' && --lo !== 0) return false;
    if (8 - (hi + lo) < 1) return false;
  } else {
    if (parts.length !== 8 || parts[0] === '' || parts[7] === '') return false;
    hi = 8;
    lo = 0;
  }
  const hextets = [...parts.slice(0, hi), ...parts.slice(parts.length - lo)];
  return hextets.every((p) => /^[0-9a-fA-F]{1,4}$/.test(p));
}

function checkBracketedHost(host: string): void {
  if (host.startsWith('v')) {
    if (!/^v[a-fA-F0-9]+\.[a-zA-Z0-9._~!$&'()*+,;=:]+$/.test(host))
      throw new PythonError('ValueError', 'IPvFuture address is invalid');
  } else if (!isIpv6(host)) {
    throw new PythonError('ValueError', `'${host}' does not appear to be an IPv4 or IPv6 address`);
  }
}

export function checkNetloc(netloc: string): void {
  if (netloc === '' || /^[\x00-\x7f]*$/.test(netloc)) return;
  const n = netloc.replace(/[@:#?]/g, '');
  const normalized = n.normalize('NFKC');
  if (n === normalized) return;
  for (const c of '/?#@:') {
    if (normalized.includes(c))
      throw new PythonError(
        'ValueError',
        `netloc '${netloc}' contains invalid characters under NFKC normalization`,
      );
  }
}

/** `urllib.parse.urlparse(url)` (CPython 3.11.7). */
export function urlparse(input: string): ParseResult {
  // lstrip of C0 controls and space, then tab, CR and LF removed anywhere.
  let url = input.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
  let scheme = '';
  let netloc = '';
  let query = '';
  let fragment = '';
  const colon = url.indexOf(':');
  if (colon > 0 && /^[a-zA-Z]/.test(url) && SCHEME_CHARS.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  if (url.startsWith('//')) {
    let delim = url.length;
    for (const c of '/?#') {
      const at = url.indexOf(c, 2);
      if (at >= 0) delim = Math.min(delim, at);
    }
    netloc = url.slice(2, delim);
    url = url.slice(delim);
    if (
      (netloc.includes('[') && !netloc.includes(']')) ||
      (netloc.includes(']') && !netloc.includes('['))
    ) {
      throw new PythonError('ValueError', 'Invalid IPv6 URL');
    }
    if (netloc.includes('[') && netloc.includes(']')) {
      const after = netloc.slice(netloc.indexOf('[') + 1);
      checkBracketedHost(after.includes(']') ? after.slice(0, after.indexOf(']')) : after);
    }
  }
  const hash = url.indexOf('#');
  if (hash >= 0) {
    fragment = url.slice(hash + 1);
    url = url.slice(0, hash);
  }
  const question = url.indexOf('?');
  if (question >= 0) {
    query = url.slice(question + 1);
    url = url.slice(0, question);
  }
  checkNetloc(netloc);
  let params = '';
  if (USES_PARAMS.has(scheme) && url.includes(';')) {
    const semicolon = url.includes('/') ? url.indexOf(';', url.lastIndexOf('/')) : url.indexOf(';');
    if (semicolon >= 0) {
      params = url.slice(semicolon + 1);
      url = url.slice(0, semicolon);
    }
  }
  return { scheme, netloc, path: url, params, query, fragment };
}

/** `urllib.parse.urlunparse(parts)`. */
export function urlunparse(parts: ParseResult): string {
  let url = parts.params ? `${parts.path};${parts.params}` : parts.path;
  if (parts.netloc || (parts.scheme && USES_NETLOC.has(parts.scheme) && !url.startsWith('//'))) {
    if (url && !url.startsWith('/')) url = `/${url}`;
    url = `//${parts.netloc}${url}`;
  }
  if (parts.scheme) url = `${parts.scheme}:${url}`;
  if (parts.query) url = `${url}?${parts.query}`;
  if (parts.fragment) url = `${url}#${parts.fragment}`;
  return url;
}
