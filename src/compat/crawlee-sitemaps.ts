/**
 * crawlee's sitemap side of `RobotsTxtFile` (`parseSitemaps`, `parseUrlsFromSitemaps`) and its
 * `Sitemap` value, over `robots-rep/sitemaps`: the same meaning, read with the address policy,
 * the protocol's limits and scope. crawlee is not imported.
 */

import { argumentError } from '../errors.js';
import { readSitemaps } from '../sitemaps/read.js';
import type { ReadSitemapsOptions, SitemapFileRecord } from '../sitemaps/types.js';

/** How URLs are kept relative to the sitemap that lists them, as crawlee's `enqueueStrategy`. */
export type SitemapEnqueueStrategy = 'all' | 'same-hostname' | 'same-origin';

/**
 * Options of {@link Sitemap.load} and of `RobotsTxtFile.parseSitemaps`: crawlee's that apply, and
 * `readSitemaps`'s (the address policy, limits, `userAgent`, `timeout`).
 */
export interface CrawleeSitemapOptions
  extends Omit<ReadSitemapsOptions, 'agents' | 'includeOutOfScope' | 'tryCommonNames'> {
  /**
   * Keep only URLs (and child sitemaps) matching this strategy relative to the sitemap that lists
   * them; non-http(s) URLs are always dropped, as in crawlee. (`same-domain` needs a public-suffix
   * list and is not supported.)
   * @default 'same-hostname'
   */
  readonly enqueueStrategy?: SitemapEnqueueStrategy;
  /** Called with each sitemap's record when it is done (crawlee logs these as warnings). */
  readonly onSitemap?: (record: SitemapFileRecord) => void;
  /** crawlee's; network errors are always reported to `onSitemap`. */
  readonly reportNetworkErrors?: boolean;
}

const STRATEGIES: readonly string[] = ['all', 'same-hostname', 'same-origin'];

/** Options of crawlee's that would change what is read and have no equivalent here. */
const UNSUPPORTED = ['emitNestedSitemaps', 'nestedSitemapFilter', 'sitemapRetries'] as const;

/** Whether `url` may be kept for `sitemap` under `strategy` (both already absolute http(s)). */
function keep(url: string, sitemap: URL, strategy: SitemapEnqueueStrategy): boolean {
  if (strategy === 'all') return true;
  const target = new URL(url);
  return strategy === 'same-origin'
    ? target.origin === sitemap.origin
    : target.hostname === sitemap.hostname;
}

/**
 * crawlee's `Sitemap`: the URLs of one or more sitemaps, child sitemaps followed.
 *
 * @example
 * ```ts no-run
 * const sitemap = await Sitemap.load('https://example.com/sitemap.xml');
 * await crawler.addRequests(sitemap.urls);
 * ```
 */
export class Sitemap {
  /** The page URLs, in the order read. */
  readonly urls: string[];

  constructor(urls: string[]) {
    this.urls = urls;
  }

  /**
   * Reads the sitemaps at `urls` (as crawlee's `Sitemap.load`): the URLs of every file, what a
   * file gave before an error included; a file that cannot be read adds nothing (its record goes
   * to `onSitemap`).
   * @param proxyUrl not supported (a TypeError): give `lookup`, or reach the proxy otherwise
   */
  static async load(
    urls: string | readonly string[],
    proxyUrl?: string,
    options: CrawleeSitemapOptions = {},
  ): Promise<Sitemap> {
    if (proxyUrl !== undefined) {
      throw argumentError(
        'Sitemap.load',
        'proxyUrl',
        'undefined (proxies are not supported)',
        proxyUrl,
      );
    }
    const list = typeof urls === 'string' ? [urls] : urls;
    return new Sitemap(await collectUrls(list, options, 'Sitemap.load'));
  }
}

/** The URLs of the sitemaps `sitemaps`, as crawlee's `Sitemap.load` gives them. */
async function collectUrls(
  sitemaps: readonly string[],
  options: CrawleeSitemapOptions,
  caller: string,
): Promise<string[]> {
  const {
    enqueueStrategy = 'same-hostname',
    onSitemap,
    reportNetworkErrors: _report,
    ...rest
  } = options;
  if (!STRATEGIES.includes(enqueueStrategy)) {
    throw argumentError(
      caller,
      'options.enqueueStrategy',
      "'all', 'same-hostname' or 'same-origin'",
      enqueueStrategy,
    );
  }
  for (const name of UNSUPPORTED) {
    if ((options as Record<string, unknown>)[name] !== undefined) {
      throw argumentError(
        caller,
        `options.${name}`,
        'undefined (not supported by robots-rep)',
        (options as Record<string, unknown>)[name],
      );
    }
  }
  if (onSitemap !== undefined && typeof onSitemap !== 'function') {
    throw argumentError(caller, 'options.onSitemap', 'a function', onSitemap);
  }
  const urls: string[] = [];
  const parents = new Map<string, URL>();
  for await (const record of readSitemaps({ sitemaps }, rest)) {
    if (record.type === 'url') {
      let parent = parents.get(record.sitemap);
      if (parent === undefined) {
        parent = new URL(record.sitemap);
        parents.clear();
        parents.set(record.sitemap, parent);
      }
      if (keep(record.loc, parent, enqueueStrategy)) urls.push(record.loc);
    } else if (record.type === 'sitemap') {
      onSitemap?.(record);
    }
  }
  return urls;
}

/** `RobotsTxtFile.parseSitemaps` for the sitemaps `getSitemaps` kept. */
export async function parseSitemapsOf(
  sitemaps: readonly string[],
  options: CrawleeSitemapOptions,
): Promise<Sitemap> {
  return new Sitemap(await collectUrls(sitemaps, options, 'RobotsTxtFile.parseSitemaps'));
}
