/**
 * The part of a URL that rules are matched against, as the reference's `GetPathParamsQuery`.
 *
 * Runs at every check, before any engine: the facade and the readings extract the path here.
 */

import { argumentError } from '../errors.js';
import { escapedPattern } from '../parse/escape.js';

/**
 * The scheme and host of the last URL whose path {@link pathStartOf} found by reading it, with
 * the `/` that starts its path: a crawler checks many URLs of one site in a row, and a URL that
 * starts with it reads the same up to there, so its path starts at that `/`, found with one
 * native search instead of a loop over the scheme and host (URLs built by concatenation are not
 * flat strings, which makes such a loop slower still). Ending with the `/`, the search also
 * tells that the path starts with one, so the path is the URL's characters from there as they
 * are. (A path that starts with `?` or `;` is read in full each time.)
 */
let lastHead = '';

/**
 * Where the path of `url` starts, as the reference finds it (`GetPathParamsQuery`), or -1 when
 * it has none (the path is then `/`): the first `/`, `?` or `;` after the scheme's `://` (a
 * `://` after one of those is no scheme separator), unless a `#` comes first. One pass over the
 * characters before the path.
 */
function pathStartOf(url: string): number {
  const head = lastHead.length;
  // `indexOf` rather than `startsWith`: V8 compiles the latter into a loop over the characters
  // here, and reading a character of a string that is not flat costs several steps.
  return head > 0 && url.indexOf(lastHead) === 0 ? head - 1 : readPathStart(url);
}

/** {@link pathStartOf} by reading the characters before the path. */
function readPathStart(url: string): number {
  const n = url.length;
  // Initial two slashes are ignored (a scheme-relative URL).
  const searchStart = n >= 2 && url.charCodeAt(0) === 0x2f && url.charCodeAt(1) === 0x2f ? 2 : 0;
  let i = pathCharFrom(url, searchStart);
  if (i < 0) return -1;
  // The first `://` is the scheme separator only when no `/`, `?` or `;` comes before it: then
  // its `/` is the first of them, and the path starts after it.
  if (
    i > searchStart &&
    i + 1 < n &&
    url.charCodeAt(i - 1) === 0x3a &&
    url.charCodeAt(i) === 0x2f &&
    url.charCodeAt(i + 1) === 0x2f
  ) {
    i = pathCharFrom(url, i + 2);
    // Scheme and host hold none of `/?;#` but the scheme's `//`, which decided how the rest is
    // read: a URL starting with them and the path's first character reads the same up to
    // there. (Without a scheme, the characters after the first `/`, `?` or `;` decide, so there
    // is nothing to keep.)
    if (i > 0 && url.charCodeAt(i) === 0x2f) lastHead = url.slice(0, i + 1);
  }
  return i;
}

/** The first `/`, `?` or `;` at or after `from`, or -1 when there is none or a `#` comes first. */
function pathCharFrom(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return i;
    if (c === 0x23) return -1;
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
  const start = pathStartOf(url);
  if (start < 0) return '/';
  const hash = url.indexOf('#', start);
  return pathOf(url, start, hash < 0 ? url.length : hash);
}

/** `url[start, end)` as a path: with a `/` before it unless it starts with one. */
function pathOf(url: string, start: number, end: number): string {
  const path = url.slice(start, end);
  return url.charCodeAt(start) === 0x2f ? path : `/${path}`;
}

/**
 * The first character at or after `lastIndex` that ends a path (`#`, NUL) or that RFC 9309 mode
 * escapes or decodes (`%`, non-ASCII). Stateful (`g`, `lastIndex`) and shared: checks are
 * synchronous.
 */
const PATH_END_OR_ESCAPE = /[\0#%\u0080-\uffff]/g;

/**
 * The path as matched: extracted from the URL, cut at a NUL (the reference passes it on as a C
 * string) and, in RFC 9309 mode, percent-encoded and normalised like the rules.
 */
export function pathForMatching(url: string, rfc9309: boolean): string {
  // A URL that starts with the last head (see {@link pathStartOf}, written out: a call costs
  // more than the rest) has a path that starts with the head's `/`, read from there as it is.
  const head = lastHead.length;
  if (rfc9309 || head === 0 || url.indexOf(lastHead) !== 0)
    return readPathForMatching(url, rfc9309);
  return url.slice(head - 1, pathEnd(url, head));
}

/**
 * {@link pathForMatching} of a URL whose path starts at `start` (-1: it has none), as
 * {@link pathStartOf} would find it, and ends at `end` (its `#`, or the URL's end) with no NUL
 * before: for a caller that has read the URL already (the crawler client's cached checks), so
 * that it is not searched again.
 */
export function pathForMatchingAt(
  url: string,
  start: number,
  end: number,
  rfc9309: boolean,
): string {
  if (start < 0) return '/';
  if (rfc9309) return rfc9309Path(url, start);
  return pathOf(url, start, end);
}

/**
 * {@link pathForMatching} of any URL but one that starts with the last head outside RFC 9309
 * mode (searched for there already: its head is read, not searched for again).
 */
function readPathForMatching(url: string, rfc9309: boolean): string {
  const start = rfc9309 ? pathStartOf(url) : readPathStart(url);
  if (start < 0) return '/';
  if (rfc9309) return rfc9309Path(url, start);
  return pathOf(url, start, pathEnd(url, start));
}

/**
 * Where the path starting at `start` ends: at the fragment or at a NUL, whichever comes first,
 * searched for from `from` (native searches: a loop over the path's characters costs more).
 */
function pathEnd(url: string, from: number): number {
  const end = url.indexOf('#', from);
  const nul = url.indexOf('\0', from);
  if (nul >= 0 && (end < 0 || nul < end)) return nul;
  return end < 0 ? url.length : end;
}

/** {@link pathForMatching} in RFC 9309 mode, of the path starting at `start`. */
function rfc9309Path(url: string, start: number): string {
  // Most paths hold nothing to escape: one native search finds where they end, and they are
  // matched as they are (escaping reads each character through `charCodeAt`, which costs
  // several times as much on a sliced or concatenated string).
  PATH_END_OR_ESCAPE.lastIndex = start;
  if (!PATH_END_OR_ESCAPE.test(url)) return pathOf(url, start, url.length);
  const found = PATH_END_OR_ESCAPE.lastIndex - 1;
  const c = url.charCodeAt(found);
  if (c === 0x23 || c === 0) return pathOf(url, start, found);
  // The path is text: each non-ASCII character is escaped as the bytes of its UTF-8 encoding.
  return escapedPattern(pathOf(url, start, pathEnd(url, found)), true, true);
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
