/**
 * The URL a crawler's request will carry: `fetch` and every HTTP client send the WHATWG
 * serialisation of the URL (`/café` goes out as `/caf%C3%A9`, `/a/../b` as `/b`), so that is the
 * URL to judge. The core matcher keeps the reference's byte semantics; the client, which stands
 * for a crawler, judges what will be requested.
 */

/**
 * Whether `url` is already in the form the WHATWG URL parser would give its path and query: only
 * printable ASCII that is never percent-encoded, no backslash, no dot segment.
 */
function isSerialised(url: string): boolean {
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    // Controls, space, non-ASCII, and " < > \ ^ ` { | } ' are re-encoded or rewritten.
    if (c <= 0x20 || c >= 0x7f) return false;
    if (
      c === 0x22 ||
      c === 0x27 ||
      c === 0x3c ||
      c === 0x3e ||
      c === 0x5c ||
      c === 0x5e ||
      c === 0x60 ||
      c === 0x7b ||
      c === 0x7c ||
      c === 0x7d
    ) {
      return false;
    }
    // A `.` right after `/` may start a dot segment (`/./`, `/../`), which the parser removes;
    // `%2e` is a dot too.
    if (c === 0x2e && url.charCodeAt(i - 1) === 0x2f) return false;
    if (c === 0x25 && url.charCodeAt(i + 1) === 0x32 && (url.charCodeAt(i + 2) | 0x20) === 0x65) {
      return false;
    }
  }
  return true;
}

/**
 * `url` as it will be requested. Cheap for the common case (a plain ASCII string); otherwise
 * parsed and serialised. Unparsable strings are returned as given: the locator reports them.
 */
export function requestedUrl(url: string | URL): string {
  if (typeof url !== 'string') return url.href;
  if (isSerialised(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
