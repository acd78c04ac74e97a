/**
 * crawlee's `RobotsTxtFile`, backed by the robots-rep client: RFC 9309 status handling (a 5xx,
 * 429 or network failure disallows everything, where crawlee's own allows everything), Google's
 * matching, the shared cache (memory or Redis) and pacing. Exported as `robots-rep/crawlee`; it
 * does not import crawlee. A client it builds for you is `robots-rep/node`'s, with its address
 * policy: a URL on a page cannot make it fetch from loopback or private addresses.
 */

import { type AgentQuery, checkAgent } from '../cache/agent-check.js';
import type { RobotsClient } from '../cache/client.js';
import { requestedUrl } from '../cache/request-url.js';
import { argumentError } from '../errors.js';
import { createRobotsClient } from '../node/index.js';
import { parseRobotsTxt } from '../robots.js';
import type { RobotsPolicy } from '../types.js';
import { type CrawleeSitemapOptions, parseSitemapsOf, type Sitemap } from './crawlee-sitemaps.js';

export {
  type CrawleeSitemapOptions,
  Sitemap,
  type SitemapEnqueueStrategy,
} from './crawlee-sitemaps.js';

/** Options of {@link RobotsTxtFile.find}: crawlee's, plus the client to use. */
export interface RobotsTxtFileFindOptions {
  /** Abandons the lookup (a fetch shared with other lookups goes on). */
  readonly signal?: AbortSignal;
  /** Abandons the lookup after this many milliseconds. */
  readonly timeoutMillis?: number;
  /**
   * The client that fetches, caches and shares robots.txt files.
   * @default one client per process, created on first use by `robots-rep/node`'s
   * `createRobotsClient` with its default options (public addresses only)
   */
  readonly client?: RobotsClient;
}

/** Options of {@link RobotsTxtFile.getSitemaps}, as crawlee's. */
export interface RobotsTxtFileSitemapsOptions {
  /**
   * Which sitemaps to keep, compared with the robots.txt URL; non-`http(s)` URLs are always
   * dropped. (`same-domain` needs a public-suffix list and is not supported.)
   * @default 'same-hostname'
   */
  readonly enqueueStrategy?: 'all' | 'same-hostname' | 'same-origin';
}

let sharedClient: RobotsClient | undefined;

/** The client of `find` calls that name none: Node's, with the address policy. */
function defaultClient(): RobotsClient {
  sharedClient ??= createRobotsClient();
  return sharedClient;
}

/** `scheme://host:port` of a URL, or undefined when it is not one. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * crawlee's `RobotsTxtFile` API (v3, plus v4's `getCrawlDelay`) over robots-rep.
 *
 * @example
 * ```ts
 * const robots = await RobotsTxtFile.find('https://crawlee.dev/js/docs/introduction');
 * if (robots.isAllowed('https://crawlee.dev/api/core', 'FooBot')) await crawler.addRequests([url]);
 * ```
 */
export class RobotsTxtFile {
  readonly #url: string;
  readonly #origin: string | undefined;
  readonly #robots: RobotsPolicy;
  readonly #sitemaps: readonly string[];

  private constructor(url: string, robots: RobotsPolicy, sitemaps: readonly string[]) {
    this.#url = url;
    this.#origin = originOf(url);
    this.#robots = robots;
    this.#sitemaps = sitemaps;
  }

  /**
   * The robots.txt of `url`'s origin, from the client's cache or fetched: a 4xx allows
   * everything, a 5xx, 429 or network failure disallows everything (RFC 9309 §2.3.1).
   * @param proxyUrl not supported: configure the proxy on the client's `fetch` (a TypeError
   *   rather than a fetch that silently bypasses the proxy)
   */
  static async find(
    url: string,
    proxyUrl?: string,
    options: RobotsTxtFileFindOptions = {},
  ): Promise<RobotsTxtFile> {
    return RobotsTxtFile.load(url, proxyUrl, options);
  }

  /**
   * What {@link RobotsTxtFile.find} does once it has the robots.txt URL, as crawlee declares it
   * (`protected static`): for a subclass that overrides how a file is had. The file loaded is the
   * one governing `url`'s origin (for a robots.txt URL, that file), from the client's cache or
   * fetched; crawlee fetches `url` as given.
   */
  protected static async load(
    url: string,
    proxyUrl?: string,
    options: RobotsTxtFileFindOptions = {},
  ): Promise<RobotsTxtFile> {
    if (proxyUrl !== undefined) {
      throw argumentError(
        'RobotsTxtFile.find',
        'proxyUrl',
        "undefined: set the proxy on the client's fetch (createRobotsClient({ fetch })) and pass the client in options.client",
        proxyUrl,
      );
    }
    const { client = defaultClient(), timeoutMillis } = options;
    const signals = [
      ...(options.signal === undefined ? [] : [options.signal]),
      ...(timeoutMillis === undefined ? [] : [AbortSignal.timeout(timeoutMillis)]),
    ];
    const signal = signals.length === 0 ? undefined : AbortSignal.any(signals);
    const lookup = await client.get(url, signal === undefined ? {} : { signal });
    const sitemaps = lookup.robots.sitemaps;
    return new RobotsTxtFile(lookup.url, lookup.robots, sitemaps);
  }

  /** A file from its URL and contents, without fetching. */
  static from(url: string, content: string, proxyUrl?: string): RobotsTxtFile {
    if (proxyUrl !== undefined && typeof proxyUrl !== 'string') {
      throw argumentError('RobotsTxtFile.from', 'proxyUrl', 'a string or undefined', proxyUrl);
    }
    const robots = parseRobotsTxt(content);
    return new RobotsTxtFile(
      url,
      robots,
      robots.sitemapLines.map((line) => line.url),
    );
  }

  /**
   * Whether `userAgent` may crawl `url`, judged as it will be requested. A URL of another origin
   * is not governed by this file: true, as in crawlee.
   * @param userAgent a product token (`FooBot`), or `*` for the global group
   * @throws TypeError for an agent that is not a product token (`FooBot/1.0`)
   */
  isAllowed(url: string, userAgent: AgentQuery = '*'): boolean {
    checkAgent(userAgent, undefined, 'RobotsTxtFile.isAllowed');
    const target = requestedUrl(url);
    if (this.#origin === undefined || originOf(target) !== this.#origin) return true;
    return this.#robots.isAllowed(target, userAgent);
  }

  /** The `Crawl-delay` in seconds for `userAgent`, if the file sets one. */
  getCrawlDelay(userAgent: AgentQuery = '*'): number | undefined {
    checkAgent(userAgent, undefined, 'RobotsTxtFile.getCrawlDelay');
    return this.#robots.crawlDelay(userAgent);
  }

  /** The sitemap URLs of the file, filtered as crawlee filters them. */
  getSitemaps(options: RobotsTxtFileSitemapsOptions = {}): string[] {
    const { enqueueStrategy = 'same-hostname' } = options;
    if (!['all', 'same-hostname', 'same-origin'].includes(enqueueStrategy)) {
      throw argumentError(
        'RobotsTxtFile.getSitemaps',
        'options.enqueueStrategy',
        "'all', 'same-hostname' or 'same-origin'",
        enqueueStrategy,
      );
    }
    const base = new URL(this.#url);
    return this.#sitemaps.filter((value) => {
      let sitemap: URL;
      try {
        sitemap = new URL(value);
      } catch {
        return false;
      }
      if (sitemap.protocol !== 'http:' && sitemap.protocol !== 'https:') return false;
      if (enqueueStrategy === 'same-hostname') return sitemap.hostname === base.hostname;
      if (enqueueStrategy === 'same-origin') return sitemap.origin === base.origin;
      return true;
    });
  }

  /**
   * Reads the sitemaps {@link getSitemaps} keeps (`options` go to both), as crawlee's: a
   * `Sitemap` whose `urls` are every page URL they list, child sitemaps followed — through
   * `robots-rep/sitemaps` (address policy, the protocol's limits and scope).
   */
  async parseSitemaps(options: CrawleeSitemapOptions = {}): Promise<Sitemap> {
    return parseSitemapsOf(this.getSitemaps(options), options);
  }

  /** The URLs of every sitemap of the file: `(await parseSitemaps(options)).urls`, as crawlee's. */
  async parseUrlsFromSitemaps(options: CrawleeSitemapOptions = {}): Promise<string[]> {
    return (await this.parseSitemaps(options)).urls;
  }
}

/** A crawlee crawler class (`HttpCrawler`, `CheerioCrawler`, `PlaywrightCrawler`, …). */
// biome-ignore lint/suspicious/noExplicitAny: a mixin's base class takes any constructor arguments.
export type CrawlerClass = new (...args: any[]) => object;

/**
 * A subclass of a crawlee crawler whose robots.txt checks go through robots-rep: it overrides
 * crawlee's protected `getRobotsTxtFileForUrl(url)`, and turns `respectRobotsTxtFile` on unless
 * the options turn it off. The agent checked is `respectRobotsTxtFile.userAgent` (default `*`);
 * one that is not a product token is rejected when the crawler is created.
 *
 * @example
 * ```ts
 * import { HttpCrawler } from 'crawlee';
 * const PoliteCrawler = withRobotsClient(HttpCrawler, createRobotsClient({ agent: 'FooBot' }));
 * const crawler = new PoliteCrawler({ respectRobotsTxtFile: { userAgent: 'FooBot' }, requestHandler });
 * ```
 */
export function withRobotsClient<T extends CrawlerClass>(Crawler: T, client?: RobotsClient): T {
  const robots = client ?? defaultClient();
  return class RobotsRepCrawler extends Crawler {
    // biome-ignore lint/suspicious/noExplicitAny: crawlee's own constructor arguments, passed on.
    constructor(...args: any[]) {
      const [options = {}, ...rest] = args as [Record<string, unknown> | undefined, ...unknown[]];
      const respect = options['respectRobotsTxtFile'] ?? true;
      if (typeof respect === 'object' && respect !== null) {
        const agent = (respect as { userAgent?: unknown }).userAgent;
        if (agent !== undefined) checkAgent(agent as AgentQuery, undefined, 'respectRobotsTxtFile');
      }
      super({ ...options, respectRobotsTxtFile: respect }, ...rest);
    }

    protected async getRobotsTxtFileForUrl(url: string): Promise<RobotsTxtFile | undefined> {
      if (!(this as { respectRobotsTxtFile?: unknown }).respectRobotsTxtFile) return undefined;
      return RobotsTxtFile.find(url, undefined, { client: robots });
    }
  };
}

/** crawlee's other name for the class (`RobotsFile`), exported beside it as crawlee does. */
export { RobotsTxtFile as RobotsFile };

/** What {@link pacingHook} reads of a crawlee crawling context. */
export interface PacedContext {
  readonly request: { readonly url: string };
  /** Present for browser crawlers (the navigation is the browser's, not got's). */
  readonly page?: unknown;
}

/** The part of got's options (an HTTP crawler's second hook argument) the hook extends. */
export interface GotHookOptions {
  hooks?: { beforeRequest?: unknown[] | undefined } | undefined;
}

/**
 * A crawlee pre-navigation hook that waits for each request's slot (`client.acquire`) as late as
 * the crawler lets it: for HTTP crawlers (`HttpCrawler`, `CheerioCrawler`, …) in got's
 * `beforeRequest` hook, after got-scraping has built the request and right before it is sent —
 * the first request of a process spends a long while there (loading its header generator), and
 * a slot taken before it would let the next request reach the origin right after it — and once
 * per redirect, for the URL requested; for browser crawlers at once.
 *
 * @example
 * ```ts no-run
 * const crawler = new PoliteCrawler({ preNavigationHooks: [pacingHook(robots)], requestHandler });
 * ```
 */
export function pacingHook(
  client?: RobotsClient,
  agent?: AgentQuery,
): (context: PacedContext, gotOptions?: GotHookOptions) => Promise<void> {
  const robots = client ?? defaultClient();
  const acquire = async (url: string): Promise<void> => {
    await robots.acquire(url, agent);
  };
  return async (context, gotOptions) => {
    const { url } = context.request;
    if (context.page !== undefined || typeof gotOptions !== 'object' || gotOptions === null) {
      await acquire(url);
      return;
    }
    gotOptions.hooks ??= {};
    gotOptions.hooks.beforeRequest = [
      ...(gotOptions.hooks.beforeRequest ?? []),
      (options: { readonly url?: unknown } | undefined) =>
        acquire(options?.url === undefined ? url : String(options.url)),
    ];
  };
}
