/** Where a run of `readSitemaps` starts: a site's robots.txt, one given, or sitemap URLs. */

import { argumentError } from '../errors.js';
import { robotsTxtUrl } from '../fetch/robots-url.js';
import { fetchRobotsTxt } from '../node/index.js';
import { parseRobotsTxt } from '../robots.js';
import { terminalSafe } from '../util/terminal.js';
import { type HostRobots, sitemapSet } from './hosts.js';
import type { ReadSitemapsOptions, SitemapRobotsRecord, SitemapSource } from './types.js';

const CALLER = 'readSitemaps';

/** The options of the run's robots.txt fetches. */
export type RobotsFetchOptions = Parameters<typeof fetchRobotsTxt>[1];

/** The robots.txt record, its origin and rules, and the sitemaps to start from. */
export interface Start {
  readonly record?: SitemapRobotsRecord;
  readonly origin?: string;
  readonly robots?: HostRobots;
  readonly sitemaps: readonly { url: string; listedIn?: string; guessed?: true }[];
}

export function robotsOptions(
  options: ReadSitemapsOptions,
  signal: AbortSignal,
): RobotsFetchOptions {
  return {
    ...(options.allowPrivateAddresses === undefined
      ? {}
      : { allowPrivateAddresses: options.allowPrivateAddresses }),
    ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    signal,
  };
}

/** The robots.txt record and the sitemaps to start from. */
export async function startingPoint(
  source: SitemapSource,
  options: ReadSitemapsOptions,
  fetchOptions: RobotsFetchOptions,
  ranOut: () => string | undefined,
): Promise<Start> {
  if (typeof source === 'string' || source instanceof URL) {
    const url = robotsTxtUrl(source);
    let result: Awaited<ReturnType<typeof fetchRobotsTxt>>;
    try {
      result = await fetchRobotsTxt(url, fetchOptions);
    } catch (error) {
      // The run's time limit cut the fetch: reported as the robots.txt's, the caller's abort thrown.
      const reason = options.signal?.aborted ? undefined : ranOut();
      if (reason === undefined) throw error;
      return { record: robotsRecord(url, 'unreachable', [], reason), sitemaps: [] };
    }
    const origin = result.origin;
    const robots = { policy: result.robots, sitemaps: sitemapSet(result.robots.sitemaps) };
    const record = robotsRecord(url, result.status, result.robots.sitemaps, result.reason);
    if (result.status === 'unreachable') return { record, origin, robots, sitemaps: [] };
    return {
      record,
      origin,
      robots,
      sitemaps: listed(url, origin, result.robots.sitemaps, options),
    };
  }
  if (typeof source === 'object' && source !== null && 'robotsTxt' in source) {
    const url = robotsTxtUrl(source.url);
    const parsed =
      typeof source.robotsTxt === 'string' ? parseRobotsTxt(source.robotsTxt) : source.robotsTxt;
    if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.sitemaps)) {
      throw argumentError(
        CALLER,
        'source.robotsTxt',
        'a parsed robots.txt or its body',
        source.robotsTxt,
      );
    }
    const origin = new URL(url).origin;
    const robots = { policy: parsed, sitemaps: sitemapSet(parsed.sitemaps) };
    const record = robotsRecord(url, 'given', parsed.sitemaps, undefined);
    return { record, origin, robots, sitemaps: listed(url, origin, parsed.sitemaps, options) };
  }
  if (typeof source === 'object' && source !== null && 'sitemaps' in source) {
    if (!Array.isArray(source.sitemaps)) {
      throw argumentError(CALLER, 'source.sitemaps', 'an array of URLs', source.sitemaps);
    }
    return { sitemaps: source.sitemaps.map((url) => ({ url: String(url) })) };
  }
  throw argumentError(CALLER, 'source', 'a site URL, { robotsTxt, url } or { sitemaps }', source);
}

function listed(
  robotsUrl: string,
  origin: string,
  sitemaps: readonly string[],
  options: ReadSitemapsOptions,
): Start['sitemaps'] {
  if (sitemaps.length > 0) return sitemaps.map((url) => ({ url, listedIn: robotsUrl }));
  if (options.tryCommonNames !== true) return [];
  return [`${origin}/sitemap.xml`, `${origin}/sitemap.txt`].map((url) => ({
    url,
    guessed: true as const,
  }));
}

function robotsRecord(
  url: string,
  status: SitemapRobotsRecord['status'],
  sitemaps: readonly string[],
  reason: string | undefined,
): SitemapRobotsRecord {
  const count = sitemaps.length;
  const message =
    status === 'unreachable'
      ? `robots.txt could not be read: ${reason ?? 'unreachable'}`
      : count === 0
        ? status === 'unavailable'
          ? `no robots.txt (${reason ?? 'unavailable'}), so no Sitemap: lines`
          : 'robots.txt has no Sitemap: lines'
        : `robots.txt lists ${count} sitemap${count === 1 ? '' : 's'}`;
  return {
    type: 'robots-txt',
    url,
    status,
    sitemaps: [...sitemaps],
    message: terminalSafe(message),
  };
}
