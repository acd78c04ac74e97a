/**
 * Which robots.txt governs a URL (RFC 9309 §2.3): the one at `/robots.txt` of the same scheme,
 * host and port.
 */

import { RobotsTxtError } from '../errors.js';
import { urlToString } from '../match/path.js';

/** Schemes whose URLs have a robots.txt we can name (RFC 9309 §2.3 lists HTTP, HTTPS and FTP). */
const supportedSchemes: ReadonlySet<string> = new Set(['http:', 'https:', 'ftp:']);

/** The authority of a URL and the robots.txt URL that governs it. */
export interface RobotsTxtLocation {
  /** `scheme://host[:port]`, default port folded: the key robots.txt rules are kept under. */
  readonly origin: string;
  /** `origin + '/robots.txt'`. */
  readonly url: string;
}

/**
 * The origin and robots.txt URL of `url`; see {@link robotsTxtUrl}. A wrong-type `url` is a
 * TypeError naming `caller`, the public function it was given to.
 *
 * @throws {RobotsTxtError} for a string that is not a URL, a URL without host, or another scheme
 *   than http, https and ftp.
 */
export function robotsTxtLocation(
  url: string | URL,
  caller = 'robotsTxtLocation',
): RobotsTxtLocation {
  const input = urlToString(url, caller);
  let parsed: URL;
  try {
    // The WHATWG parser lower-cases the host, turns IDNs into punycode (`bücher.de` →
    // `xn--bcher-kva.de`) and drops the scheme's default port (80, 443, 21).
    parsed = new URL(input);
  } catch (cause) {
    throw new RobotsTxtError(`Not a URL: ${JSON.stringify(input)}`, {
      code: 'ERR_INVALID_URL',
      input,
      cause,
    });
  }
  if (!supportedSchemes.has(parsed.protocol)) {
    throw new RobotsTxtError(
      `URLs with scheme ${parsed.protocol} have no robots.txt (supported: http, https, ftp): ${input}`,
      { code: 'ERR_UNSUPPORTED_SCHEME', input },
    );
  }
  if (parsed.host === '') {
    throw new RobotsTxtError(`URL has no host, so no robots.txt: ${input}`, {
      code: 'ERR_NO_HOST',
      input,
    });
  }
  // RFC 9309 §2.3: user-info, path, query and fragment play no part in which file applies.
  const origin = `${parsed.protocol}//${parsed.host}`;
  return { origin, url: `${origin}/robots.txt` };
}

/**
 * The robots.txt URL that governs `url`: same scheme, host and port (RFC 9309 §2.3), with the
 * default port folded, an IDN host in punycode, and user-info, path, query and fragment dropped.
 *
 * @throws {RobotsTxtError} `ERR_INVALID_URL` for a string that is not a URL,
 *   `ERR_UNSUPPORTED_SCHEME` for schemes other than http, https and ftp, `ERR_NO_HOST` for a URL
 *   without host.
 * @example
 * ```ts
 * robotsTxtUrl('https://user:pw@Bücher.example:443/a/b?q#f');
 * // → 'https://xn--bcher-kva.example/robots.txt'
 * robotsTxtUrl('http://example.com:8080/x'); // → 'http://example.com:8080/robots.txt'
 * ```
 */
export function robotsTxtUrl(url: string | URL): string {
  return robotsTxtLocation(url, 'robotsTxtUrl').url;
}

/**
 * A location as {@link createLocator} gives it: with `held`, a slot its caller may fill (the
 * client keeps there the record of the origin's rules), found again with the location.
 */
export interface LocatedOrigin<T> extends RobotsTxtLocation {
  held: T | undefined;
}

/**
 * A remembered authority, one record: the characters it was read from (the origin string itself
 * when they are the same), its location, and the caller's slot.
 */
interface KnownAuthority<T> extends LocatedOrigin<T> {
  readonly prefix: string;
  /** Another authority whose characters hash alike. */
  next: KnownAuthority<T> | null;
}

/** Authorities kept under one hash, at most: past it, the oldest of them is forgotten. */
const MAX_ALIKE = 4;

/**
 * Test setting, not part of the public API: the bits of an authority's hash that
 * {@link createLocator} files it by. Tests keep a few, so that authorities share a hash and the
 * lists of those that do are run through.
 * @internal
 */
export const locatorSettings: { hashMask: number } = { hashMask: 0x3fffffff };

/**
 * {@link robotsTxtLocation} that remembers its answers: a crawler checks many URLs of one site in
 * a row, or of many sites in turn, and parsing each URL whole to find its origin cost about as
 * much as the check itself. An answer is reused for a string URL that begins with a plain
 * `http(s)://authority` seen before (see {@link scanPlainAuthority}) followed by the end, `/`,
 * `?` or `#`: the WHATWG parser reads the origin from those characters alone. At most `size`
 * authorities are remembered (the oldest go first). A remembered answer is one record, given
 * again for each of its URLs, with a `held` slot for the caller; other answers are made anew.
 */
export function createLocator<T = never>(
  size = 1,
): (url: string | URL, caller: string) => LocatedOrigin<T> {
  let last: KnownAuthority<T> | null = null;
  // Filed by a hash of the authority's characters, taken while they are read: looking up the
  // characters themselves would first copy them into a new string (and hash that), which cost
  // more than the rest of a cached check when a crawl goes from site to site.
  const known = new Map<number, KnownAuthority<T>>();
  let count = 0;
  return (url, caller) => {
    if (typeof url === 'string') {
      if (last !== null && url.startsWith(last.prefix) && endsAuthority(url, last.prefix.length)) {
        return last;
      }
      const { length, hash } = scanPlainAuthority(url);
      if (length > 0) {
        let first = known.get(hash) ?? null;
        let found = first;
        while (found !== null && !startsWithAuthority(url, length, found.prefix)) {
          found = found.next;
        }
        if (found === null) {
          const location = robotsTxtLocation(url, caller);
          while (count >= size) {
            const [oldestHash, oldest] = known.entries().next().value as [
              number,
              KnownAuthority<T>,
            ];
            known.delete(oldestHash);
            count -= chainLength(oldest);
            if (oldestHash === hash) first = null;
          }
          const prefix = url.slice(0, length);
          found = {
            origin: location.origin,
            url: location.url,
            held: undefined,
            // The origin's own string when the characters are the same: one string, read by
            // the look-up.
            prefix: prefix === location.origin ? location.origin : prefix,
            next: first,
          };
          known.set(hash, found);
          count++;
          // Bounded however many authorities hash alike: past MAX_ALIKE, the oldest is forgotten.
          let end = found;
          for (let i = 1; i < MAX_ALIKE && end.next !== null; i++) end = end.next;
          if (end.next !== null) {
            count -= chainLength(end.next);
            end.next = null;
          }
        }
        last = found;
        return found;
      }
    }
    const { origin, url: robotsUrl } = robotsTxtLocation(url, caller);
    return { origin, url: robotsUrl, held: undefined };
  };
}

/** Whether `url`'s first `length` characters are `prefix`. */
function startsWithAuthority(url: string, length: number, prefix: string): boolean {
  return prefix.length === length && url.startsWith(prefix);
}

function chainLength(known: KnownAuthority<unknown>): number {
  let n = 0;
  for (let at: KnownAuthority<unknown> | null = known; at !== null; at = at.next) n++;
  return n;
}

/** What {@link scanPlainAuthority} found; one object reused (checks are synchronous). */
const scanned = { length: 0, hash: 0 };

/**
 * The length of `url`'s scheme and authority when they are written plainly: `http://` or
 * `https://` (lower case), then a non-empty run of ASCII letters, digits, `.`, `-` and `:`,
 * ended by the end of the string, `/`, `?` or `#`; 0 otherwise (user-info, IPv6, escapes,
 * whitespace, backslashes: whatever the WHATWG parser might read differently). With it, a hash
 * of those characters.
 */
function scanPlainAuthority(url: string): { readonly length: number; readonly hash: number } {
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : 0;
  scanned.length = 0;
  if (start === 0) return scanned;
  // FNV-1a over the authority, the scheme told apart by where the authority starts.
  let hash = Math.imul(0x811c9dc5 ^ start, 0x01000193);
  let i = start;
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (!isPlainAuthorityChar(c)) break;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  if (i > start && endsAuthority(url, i)) {
    scanned.length = i;
    // A small integer (30 bits): V8 keys a Map by it without boxing.
    scanned.hash = hash & locatorSettings.hashMask;
  }
  return scanned;
}

function isPlainAuthorityChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || // a-z
    (c >= 0x41 && c <= 0x5a) || // A-Z
    (c >= 0x30 && c <= 0x3a) || // 0-9 and ':'
    c === 0x2e ||
    c === 0x2d
  );
}

/** Whether the authority of `url` can end at `i`: the end of the string, `/`, `?` or `#`. */
function endsAuthority(url: string, i: number): boolean {
  if (i === url.length) return true;
  const c = url.charCodeAt(i);
  return c === 0x2f || c === 0x3f || c === 0x23;
}
