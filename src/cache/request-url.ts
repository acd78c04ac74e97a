/**
 * The URL a crawler's request will carry: `fetch` and every HTTP client send the WHATWG
 * serialisation of the URL (`/café` goes out as `/caf%C3%A9`, `/a/../b` as `/b`), so that is the
 * URL to judge. The core matcher keeps the reference's byte semantics; the client, which stands
 * for a crawler, judges what will be requested.
 */

/**
 * What makes the WHATWG URL parser change a URL's path or query: a character outside printable
 * ASCII, one it percent-encodes or rewrites (space, `" ' < > \\ ^ \` { | }`), or a dot segment
 * (`/.`, or `%2e` which is a dot too). A URL with none of them is already serialised.
 */
const NOT_SERIALISED = /[^\x21\x23-\x26\x28-\x3b\x3d\x3f-\x5b\x5d\x5f\x61-\x7a\x7e]|\/\.|%2e/i;

/**
 * `url` as it will be requested. Cheap for the common case (a plain ASCII string); otherwise
 * parsed and serialised. Unparsable strings are returned as given: the locator reports them.
 */
export function requestedUrl(url: string | URL): string {
  if (typeof url !== 'string') return url.href;
  if (!NOT_SERIALISED.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/**
 * The first character after which what a request carries may differ from what is written: one
 * that {@link NOT_SERIALISED} does not let through, the `#` that ends what is requested, or a
 * `/` followed by `.` or `%` (the start of a segment that may be a dot segment). Global: searched
 * from a given index (`lastIndex`).
 */
const REQUEST_STOP = /[^\x21\x24-\x26\x28-\x3b\x3d\x3f-\x5b\x5d\x5f\x61-\x7a\x7e]|\/[.%]/g;

/**
 * Where what a request for `url` carries (its path and query: the URL to its `#`, or to its end)
 * ends, when the WHATWG parser leaves it as written; -1 when the parser would rewrite it (a
 * character it percent-encodes or changes, or a dot segment: `.` or `..` between slashes, a dot
 * also written `%2e`). `start` is where the path starts, after a plain `http(s)://host[:port]`
 * (as the client's locator reads it). For the crawler client's cached checks: the URL is then
 * judged as written, from `start` to the returned end, and not searched again. One native
 * search in most URLs (a loop over the characters costs several times as much); what follows a
 * `#` is not requested, so not read.
 */
export function requestedPathEnd(url: string, start: number): number {
  let query = -2;
  REQUEST_STOP.lastIndex = start;
  while (REQUEST_STOP.test(url)) {
    const at = REQUEST_STOP.lastIndex - 1;
    const c = url.charCodeAt(at);
    if (c === 0x23) return at;
    if (c !== 0x2e && c !== 0x25) return -1;
    // `/.` or `/%`: a dot segment only in the path, before any `?` (the query keeps its dots).
    if (query === -2) query = url.indexOf('?', start);
    if ((query < 0 || at < query) && isDotSegment(url, at)) return -1;
    REQUEST_STOP.lastIndex = at;
  }
  return url.length;
}

/**
 * Whether the path segment of `url` that starts at `i` is `.` or `..`, each dot written `.` or
 * `%2e` (in any case): what the WHATWG parser removes, with the segment before for `..`.
 */
function isDotSegment(url: string, i: number): boolean {
  let at = i;
  for (let dots = 0; dots < 2; dots++) {
    if (url.charCodeAt(at) === 0x2e) {
      at += 1;
    } else if (
      url.charCodeAt(at) === 0x25 &&
      url.charCodeAt(at + 1) === 0x32 &&
      (url.charCodeAt(at + 2) | 0x20) === 0x65
    ) {
      at += 3;
    } else {
      return false;
    }
    if (endsSegment(url, at)) return true;
  }
  return false;
}

/** Whether a path segment of `url` ends at `i`: the end, `/`, `?` or `#`. */
function endsSegment(url: string, i: number): boolean {
  if (i >= url.length) return true;
  const c = url.charCodeAt(i);
  return c === 0x2f || c === 0x3f || c === 0x23;
}
