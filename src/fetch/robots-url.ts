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
 * {@link robotsTxtLocation} that remembers its answers: a crawler checks many URLs of one site in
 * a row, or of many sites in turn, and parsing each URL whole to find its origin cost about as
 * much as the check itself. An answer is reused for a string URL that begins with a plain
 * `http(s)://authority` seen before (see {@link plainAuthorityLength}) followed by the end, `/`,
 * `?` or `#`: the WHATWG parser reads the origin from those characters alone. At most `size`
 * authorities are remembered (the oldest go first).
 */
export function createLocator(size = 1): (url: string | URL, caller: string) => RobotsTxtLocation {
  let lastPrefix = '';
  let last: RobotsTxtLocation | null = null;
  const known = new Map<string, RobotsTxtLocation>();
  return (url, caller) => {
    if (typeof url === 'string') {
      if (last !== null && url.startsWith(lastPrefix) && endsAuthority(url, lastPrefix.length)) {
        return last;
      }
      const length = plainAuthorityLength(url);
      if (length > 0) {
        const prefix = url.slice(0, length);
        let location = known.get(prefix);
        if (location === undefined) {
          location = robotsTxtLocation(url, caller);
          if (known.size >= size) known.delete(known.keys().next().value as string);
          known.set(prefix, location);
        }
        lastPrefix = prefix;
        last = location;
        return location;
      }
    }
    return robotsTxtLocation(url, caller);
  };
}

/**
 * The length of `url`'s scheme and authority when they are written plainly: `http://` or
 * `https://` (lower case), then a non-empty run of ASCII letters, digits, `.`, `-` and `:`,
 * ended by the end of the string, `/`, `?` or `#`. 0 otherwise (user-info, IPv6, escapes,
 * whitespace, backslashes: whatever the WHATWG parser might read differently).
 */
function plainAuthorityLength(url: string): number {
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : 0;
  if (start === 0) return 0;
  let i = start;
  while (i < url.length && isPlainAuthorityChar(url.charCodeAt(i))) i++;
  return i > start && endsAuthority(url, i) ? i : 0;
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
