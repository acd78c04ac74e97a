/**
 * The protocol's scope of one sitemap (sitemaps.org, "Sitemap file location" and "cross
 * submits"): the URLs under its directory, and those whose own host's robots.txt lists it (or an
 * index it came from). Decided without waiting when that robots.txt is already known.
 */

import type { HostRegistry, HostRobots } from './hosts.js';
import type { UrlScope } from './types.js';

/** Where a URL stands, and the robots.txt of its origin when known. */
export interface ScopeDecision {
  readonly scope: UrlScope;
  readonly robots: HostRobots | undefined;
}

/** The scope of one sitemap. */
export interface SitemapScope {
  /** `scheme://host[:port]/path/up/to/last/slash/` of the sitemap (canonical). */
  readonly directory: string;
  /** `scheme://host[:port]/` of the sitemap (canonical). */
  readonly root: string;
  /** The sitemap's own robots.txt (when known or needed). */
  readonly siteRobots: HostRobots | undefined;
  /**
   * The robots.txt of `target`'s origin when it lists this sitemap, an index it came from, or
   * (`self`, for a child sitemap) `target` itself.
   */
  listedBy(target: string, self?: boolean): Promise<HostRobots | undefined>;
  /** The scope of a canonical http(s) URL. */
  of(loc: string): ScopeDecision | Promise<ScopeDecision>;
}

/**
 * The scope of the sitemap at `finalUrl`, named also by `names` (its URL as listed, the indexes
 * it came from); its own robots.txt is fetched first when `needRobots` (verdicts are asked for).
 */
export async function sitemapScope(
  hosts: HostRegistry,
  finalUrl: string,
  names: ReadonlySet<string>,
  needRobots: boolean,
): Promise<SitemapScope> {
  const parsed = new URL(finalUrl);
  const origin = parsed.origin;
  const directory = `${origin}${parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/') + 1)}`;
  const root = `${origin}/`;
  const siteRobots = needRobots ? await hosts.get(origin) : hosts.known(origin);
  const lists = (robots: HostRobots | undefined): boolean => {
    if (robots === undefined) return false;
    for (const name of names) if (robots.sitemaps.has(name)) return true;
    return false;
  };
  const decide = (robots: HostRobots | undefined): ScopeDecision =>
    lists(robots) ? { scope: 'robots-txt', robots } : { scope: 'outside', robots };
  return {
    directory,
    root,
    siteRobots,
    async listedBy(target, self = false) {
      const robots = await hosts.get(new URL(target).origin);
      if (robots === undefined) return undefined;
      return (self && robots.sitemaps.has(target)) || lists(robots) ? robots : undefined;
    },
    of(loc) {
      if (loc.startsWith(directory)) return { scope: 'directory', robots: siteRobots };
      const target = loc.startsWith(root) ? origin : new URL(loc).origin;
      const known = hosts.known(target);
      return known === undefined ? hosts.get(target).then(decide) : decide(known);
    },
  };
}
