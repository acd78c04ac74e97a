/**
 * The part of a URL that rules are matched against, as the reference's `GetPathParamsQuery`.
 */

import { argumentError } from '../errors.js';
import { escapedPattern } from '../parse/escape.js';

function firstOf(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return i;
  }
  return -1;
}

/**
 * Extracts path, params and query (no fragment) from a URL without validating, decoding or
 * normalising it, exactly as Google's reference does. The result always starts with `/`.
 *
 * @example
 * getPathParamsQuery('https://example.com/a;b?c#d'); // '/a;b?c'
 * getPathParamsQuery('https://example.com'); // '/'
 */
export function getPathParamsQuery(url: string): string {
  // Initial two slashes are ignored (a scheme-relative URL).
  const searchStart =
    url.length >= 2 && url.charCodeAt(0) === 0x2f && url.charCodeAt(1) === 0x2f ? 2 : 0;
  const earlyPath = firstOf(url, searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  // `://` after a `/`, `?` or `;` is not a scheme separator.
  if (earlyPath >= 0 && earlyPath < protocolEnd) protocolEnd = -1;
  protocolEnd = protocolEnd < 0 ? searchStart : protocolEnd + 3;

  const pathStart = firstOf(url, protocolEnd);
  if (pathStart < 0) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const path = url.slice(pathStart, hash < 0 ? url.length : hash);
  return url.charCodeAt(pathStart) === 0x2f ? path : `/${path}`;
}

/**
 * The path as matched: extracted from the URL, cut at a NUL (the reference passes it on as a C
 * string) and, in RFC 9309 mode, percent-encoded and normalised like the rules.
 */
export function pathForMatching(url: string, rfc9309: boolean): string {
  let path = getPathParamsQuery(url);
  const nul = path.indexOf('\0');
  if (nul >= 0) path = path.slice(0, nul);
  // The path is text: each non-ASCII character is escaped as the bytes of its UTF-8 encoding.
  if (rfc9309) path = escapedPattern(path, true, true);
  return path;
}

/** Turns a `url` argument into a string, or throws a TypeError naming the caller. */
export function urlToString(url: unknown, caller: string): string {
  if (typeof url === 'string') return url;
  if (url instanceof URL) return url.href;
  // A URL from another realm (an iframe, a vm context) fails instanceof but has its href.
  if (typeof url === 'object' && url !== null && typeof (url as URL).href === 'string') {
    return (url as URL).href;
  }
  throw argumentError(caller, 'url', 'a string or a URL', url);
}
