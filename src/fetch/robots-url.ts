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
