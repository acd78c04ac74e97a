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
