/**
 * The robots.txt of each origin a sitemap names, fetched once and kept for the run: what it lists
 * (a cross submit puts a URL in scope: sitemaps.org) and its verdicts for the agents checked.
 */

import { formatRule } from '../explain.js';
import type { RobotsPolicy } from '../types.js';
import type { AgentVerdict } from './types.js';

/** One origin's robots.txt, as far as sitemaps need it. */
export interface HostRobots {
  readonly policy: RobotsPolicy;
  /** Its `Sitemap:` URLs, normalised (`new URL().href`). */
  readonly sitemaps: ReadonlySet<string>;
}

/** Fetches an origin's robots.txt (the address policy applies): its verdicts and sitemaps. */
export type LoadRobots = (origin: string) => Promise<HostRobots>;

/** The robots.txt files of a run, by origin: at most `limit` fetched besides those given. */
export interface HostRegistry {
  /** The file of `origin` if already known (no fetch). */
  known(origin: string): HostRobots | undefined;
  /** The file of `origin`, fetched when new; undefined past the limit. */
  get(origin: string): Promise<HostRobots | undefined>;
}

/** A registry that starts with `given` files and fetches at most `limit` others with `load`. */
export function createHostRegistry(
  given: ReadonlyMap<string, HostRobots>,
  limit: number,
  load: LoadRobots,
): HostRegistry {
  const done = new Map(given);
  const pending = new Map<string, Promise<HostRobots>>();
  let fetched = 0;
  return {
    known: (origin) => done.get(origin),
    async get(origin) {
      const have = done.get(origin);
      if (have !== undefined) return have;
      let loading = pending.get(origin);
      if (loading === undefined) {
        if (fetched >= limit) return undefined;
        fetched += 1;
        loading = load(origin);
        pending.set(origin, loading);
      }
      const robots = await loading;
      done.set(origin, robots);
      pending.delete(origin);
      return robots;
    },
  };
}

/** The normalised URLs of `Sitemap:` values (those that are URLs). */
export function sitemapSet(urls: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const url of urls) {
    const normal = normalizeUrl(url);
    if (normal !== undefined) set.add(normal);
  }
  return set;
}

/** `new URL(url).href` without the fragment, or undefined when `url` is no absolute http(s) URL. */
export function normalizeUrl(url: string, base?: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.hash !== '') parsed.hash = '';
  return parsed.href;
}

/** After a canonical prefix, characters the WHATWG URL parser leaves as they are: 1 in this table. */
const PLAIN = (() => {
  const table = new Uint8Array(128);
  for (const character of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.~!$&()*+,;=:@/?%') {
    table[character.charCodeAt(0)] = 1;
  }
  return table;
})();
const SLASH = 0x2f;
const DOT = 0x2e;
const PERCENT = 0x25;

let lastDirectory = '';
let lastPlain = false;

/**
 * Whether `directory` holds no dot segment (`/.`) and no `%2e`. Node's own parser can leave one in
 * a canonical href (Node 20: `new URL('https://h/a/.a/./x').href` keeps the `./`) and drop it when
 * the same path goes on otherwise (`/a/.a/./%41` becomes `/a/.a/%41`), so after such a directory
 * only parsing can tell. Remembered for the last directory: a sitemap's entries share one.
 */
function plainDirectory(directory: string): boolean {
  if (directory !== lastDirectory) {
    lastDirectory = directory;
    lastPlain = !directory.includes('/.') && !/%2e/i.test(directory);
  }
  return lastPlain;
}

/**
 * `loc` when it is already canonical (what `new URL(loc).href` gives) and under `directory`, a
 * canonical `scheme://host[:port]/path/`; undefined when only parsing can tell. Most sitemap URLs
 * take this path, which costs a prefix comparison and one pass over the rest instead of a parse.
 */
export function canonicalUnder(loc: string, directory: string): string | undefined {
  const length = loc.length;
  if (length > 2048 || !loc.startsWith(directory) || !plainDirectory(directory)) return undefined;
  // `directory` ends with a slash: what follows starts a segment.
  let previous = SLASH;
  for (let i = directory.length; i < length; i++) {
    const code = loc.charCodeAt(i);
    if (code >= 128 || PLAIN[code] !== 1) return undefined;
    // Dot segments (`.`, `..`, `%2e`) are resolved by the parser: any `/.` and any `%2e` is left
    // to it (a `%` that starts no `%2e` stays as it is).
    if (code === DOT && previous === SLASH) return undefined;
    if (
      code === PERCENT &&
      loc.charCodeAt(i + 1) === 0x32 &&
      (loc.charCodeAt(i + 2) | 0x20) === 0x65
    ) {
      return undefined;
    }
    previous = code;
  }
  return loc;
}

/** The verdict of `robots` on `url` for each agent, with the deciding line of a disallow. */
export function verdictsFor(
  robots: RobotsPolicy,
  url: string,
  agents: readonly string[],
): AgentVerdict[] {
  return agents.map((agent) => {
    if (robots.isAllowed(url, agent)) {
      return { agent, allowed: true, line: 0, reason: 'allowed' };
    }
    const explanation = robots.explain(url, agent);
    return {
      agent,
      allowed: false,
      line: explanation.line,
      ...(explanation.rule === undefined ? {} : { rule: formatRule(explanation.rule) }),
      reason: explanation.reason,
    };
  });
}
