/**
 * The URL a crawler's request will carry: `fetch` and every HTTP client send the WHATWG
 * serialisation of the URL (`/café` goes out as `/caf%C3%A9`, `/a/../b` as `/b`), so that is the
 * URL to judge. The core matcher keeps the reference's byte semantics; the client, which stands
 * for a crawler, judges what will be requested.
 */

/**
 * Per ASCII code: 0 kept as is; 1 re-encoded or rewritten by the URL parser (controls, space,
 * `" ' < > \\ ^ \` { | }`, DEL); 2 to look at with its neighbours (`.`, `%`).
 */
const ascii = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  ascii[code] =
    code <= 0x20 || code === 0x7f || `"'<>\\^\`{|}`.includes(String.fromCharCode(code))
      ? 1
      : code === 0x2e || code === 0x25
        ? 2
        : 0;
}

/**
 * Whether `url` is already in the form the WHATWG URL parser would give its path and query: only
 * printable ASCII that is never percent-encoded, no backslash, no dot segment.
 */
function isSerialised(url: string): boolean {
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c >= 0x80) return false;
    const kind = ascii[c];
    if (kind === 0) continue;
    if (kind === 1) return false;
    // A `.` right after `/` may start a dot segment (`/./`, `/../`), which the parser removes;
    // `%2e` is a dot too.
    if (c === 0x2e) {
      if (url.charCodeAt(i - 1) === 0x2f) return false;
    } else if (url.charCodeAt(i + 1) === 0x32 && (url.charCodeAt(i + 2) | 0x20) === 0x65) {
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
