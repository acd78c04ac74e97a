/** Where a redirect leads, and whether it is followed (RFC 9309 §2.3.1.2). */

/** The next hop of a redirect, or why it is not taken. */
export type RedirectStep =
  | { readonly type: 'follow'; readonly target: string }
  /** No usable `Location`, a loop or too many hops: the file is unavailable (Google: a 404). */
  | { readonly type: 'unavailable'; readonly why: string }
  /** An https robots.txt sent to http: refused, so the file is unreachable. */
  | { readonly type: 'downgrade'; readonly target: string };

/** What a redirect decision needs to know about the hops so far. */
export interface RedirectState {
  /** The robots.txt URL first requested. */
  readonly first: string;
  /** The URL that answered with the redirect. */
  readonly current: string;
  /** The URLs already redirected to. */
  readonly redirects: readonly string[];
  readonly maxRedirects: number;
}

/**
 * Decides a redirect: follow it (at most `maxRedirects` hops, never in a loop, only to http and
 * https), or stop. Leaving https for http is refused: the rules would come over a channel anyone
 * on the path can rewrite, so the origin is treated as unreachable, not as having no file.
 */
export function nextHop(
  httpStatus: number,
  location: string | null,
  state: RedirectState,
): RedirectStep {
  const target = resolveLocation(location, state.current);
  if (target === undefined) {
    return { type: 'unavailable', why: `HTTP ${httpStatus} without a usable Location` };
  }
  if (target === state.first || state.redirects.includes(target)) {
    return { type: 'unavailable', why: `redirect loop back to ${target}` };
  }
  if (state.redirects.length >= state.maxRedirects) {
    return { type: 'unavailable', why: `more than ${state.maxRedirects} redirects` };
  }
  if (state.current.startsWith('https:') && target.startsWith('http:')) {
    return { type: 'downgrade', target };
  }
  return { type: 'follow', target };
}

/** The absolute http(s) URL a `Location` names, fragment dropped; undefined when it names none. */
function resolveLocation(location: string | null, base: string): string | undefined {
  if (location === null || location.trim() === '') return undefined;
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  target.hash = '';
  return target.href;
}
