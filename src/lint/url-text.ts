/**
 * Which characters a URL a crawler requests never carries raw: what URL serializers (WHATWG URL,
 * as browsers and crawlers parse links) percent-encode. Lint flags rules holding them and leaves
 * paths holding them out of what a fix is said to change.
 */

/**
 * Characters that WHATWG URL serializers percent-encode everywhere in a path and query (space,
 * `"`, `<`, `>`): a rule holding one raw matches no URL a crawler requests.
 */
export const NEVER_RAW: Readonly<Record<string, string>> = {
  ' ': '%20',
  '\t': '%09',
  '"': '%22',
  '<': '%3C',
  '>': '%3E',
};

/**
 * Characters encoded (or, for `\\`, turned into `/`) in a path but not in a query: flagged only
 * where the rule can only be in the path — before any `*` or `?`.
 */
export const NEVER_RAW_IN_PATH: Readonly<Record<string, string>> = {
  '`': '%60',
  '{': '%7B',
  '}': '%7D',
  // WHATWG URL parsing turns `\` into `/` in the path of an http(s) URL: browsers and crawlers
  // request `/a/b` for a link to `/a\b`.
  '\\': '/',
};

/**
 * Whether a crawler can request `url` (a path with its query) as written: false when it holds a
 * character URL serializers always encode, or one they encode in the path before its `?`.
 */
export function isRequestable(url: string): boolean {
  let inPath = true;
  for (const c of url) {
    if (c === '?') inPath = false;
    if (NEVER_RAW[c] !== undefined || (inPath && NEVER_RAW_IN_PATH[c] !== undefined)) return false;
  }
  return true;
}
