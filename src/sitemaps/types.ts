/** The records `readSitemaps` yields and the options it takes: plain data, no logic. */

import type { NodeAccessOptions } from '../node/access.js';
import type { RobotsTxt } from '../types.js';

/** A sitemap's format, as its content says (not its name or Content-Type). */
export type SitemapFormat = 'urlset' | 'sitemapindex' | 'text' | 'rss' | 'atom';

/** A `<changefreq>` value of the sitemaps.org protocol. */
export type ChangeFrequency =
  | 'always'
  | 'hourly'
  | 'daily'
  | 'weekly'
  | 'monthly'
  | 'yearly'
  | 'never';

/**
 * Why a sitemap was not read, or not read whole:
 * - fetching: `http` (a status other than 2xx), `network` (connection or body failure), `refused`
 *   (the address policy), `timeout`, `redirect` (a loop, too many hops, https → http);
 * - content: `content-type` (not a sitemap type), `html` (an HTML page, e.g. an error page),
 *   `gzip` (corrupt or truncated: never read as empty), `xml` (not well-formed), `dtd` (a
 *   DOCTYPE: DTDs and entity declarations are refused, so no entity is ever expanded),
 *   `empty`, `unknown-format` (XML that is no sitemap or feed, text with no URL);
 * - limits: `too-large` (over `maxBytes` uncompressed), `too-many-urls` (over `maxUrls`),
 *   `budget` (the site's total budget is spent), `total-timeout` (the run's time limit,
 *   `totalTimeout`, was reached: the file being read then is `partial` or `failed`, those not yet
 *   read are `skipped`), `depth` (nested deeper than `maxDepth`);
 * - the index: `loop` (it lists itself or an index it came from), `duplicate` (already read),
 *   `out-of-scope` (a child on another site whose robots.txt does not list it), `invalid-url`.
 */
export type SitemapProblem =
  | 'http'
  | 'network'
  | 'refused'
  | 'timeout'
  | 'redirect'
  | 'content-type'
  | 'html'
  | 'gzip'
  | 'xml'
  | 'dtd'
  | 'empty'
  | 'unknown-format'
  | 'too-large'
  | 'too-many-urls'
  | 'budget'
  | 'total-timeout'
  | 'depth'
  | 'loop'
  | 'duplicate'
  | 'out-of-scope'
  | 'invalid-url';

/**
 * How a sitemap fared: `ok` read whole; `partial` an error cut it after some entries (those were
 * yielded: they are all the file gave, not all it holds); `failed` nothing read; `skipped` not
 * fetched (a loop, a duplicate, out of scope, too deep, over budget).
 */
export type SitemapStatus = 'ok' | 'partial' | 'failed' | 'skipped';

/**
 * Why a URL is in the protocol's scope (sitemaps.org, "Sitemap file location" and "cross
 * submits"): `directory` — same scheme, host and port as the sitemap, path under its directory;
 * `robots-txt` — its own host's robots.txt lists the sitemap or an index it came from; `outside`
 * — neither (a search engine ignores it).
 */
export type UrlScope = 'directory' | 'robots-txt' | 'outside';

/** The verdict of the URL's own robots.txt for one agent. */
export interface AgentVerdict {
  readonly agent: string;
  readonly allowed: boolean;
  /** 1-based line of the deciding rule; 0 when no rule matched or the file's fetch decided. */
  readonly line: number;
  /** The deciding rule as written (`Disallow: /private`), when a rule decided. */
  readonly rule?: string;
  /** Why, in words. */
  readonly reason: string;
}

/** A page URL listed in a sitemap (`<url>`, a text line, an RSS `<item>`, an Atom `<entry>`). */
export interface SitemapUrlEntry {
  readonly type: 'url';
  /** The absolute URL, as the WHATWG parser writes it. */
  readonly loc: string;
  /** `<lastmod>` (RSS `<pubDate>`, Atom `<updated>`) as written. */
  readonly lastmod?: string;
  readonly changefreq?: ChangeFrequency;
  /** `<priority>`, from 0.0 to 1.0. */
  readonly priority?: number;
  /** The URL of the sitemap that listed it. */
  readonly sitemap: string;
  /** Whether the URL is in the protocol's scope (see {@link UrlScope}). */
  readonly inScope: boolean;
  readonly scope: UrlScope;
  /** With `agents` given, the verdict of the URL's robots.txt for each (in scope URLs only). */
  readonly verdicts?: readonly AgentVerdict[];
}

/** What became of one sitemap file, yielded when it is done (after its URLs). */
export interface SitemapFileRecord {
  readonly type: 'sitemap';
  /** The URL as listed (in robots.txt, an index, or given). */
  readonly url: string;
  /** The URL that answered, after redirects (when fetched). */
  readonly finalUrl?: string;
  /** Where it was listed: a robots.txt or an index URL; absent when given or guessed. */
  readonly listedIn?: string;
  /** True when it was tried only because robots.txt listed no sitemap (`tryCommonNames`). */
  readonly guessed?: true;
  /** 0 for a sitemap listed in robots.txt or given, 1 for a child of such an index, … */
  readonly depth: number;
  readonly status: SitemapStatus;
  readonly format?: SitemapFormat;
  readonly contentType?: string;
  /** True when the file itself was gzip (beyond any Content-Encoding). */
  readonly gzip: boolean;
  /** HTTP status of the last response, when there was one. */
  readonly httpStatus?: number;
  /** Page URLs read (in scope or not). */
  readonly urls: number;
  /** Child sitemaps an index listed. */
  readonly children: number;
  /** URLs outside the protocol's scope (not yielded unless `includeOutOfScope`). */
  readonly outOfScope: number;
  /** Entries with no absolute http(s) URL (or one over 2,048 characters), passed over. */
  readonly invalid: number;
  /** Bytes read, uncompressed. */
  readonly bytes: number;
  readonly problem?: SitemapProblem;
  /** What went wrong, in words (no raw control characters from the input). */
  readonly error?: string;
}

/** The robots.txt the sitemaps came from (the first record, for a site or a robots.txt source). */
export interface SitemapRobotsRecord {
  readonly type: 'robots-txt';
  /** The robots.txt URL. */
  readonly url: string;
  /**
   * `ok` fetched, `given` passed in; `unavailable` (4xx: no file, so no sitemap lines) or
   * `unreachable` (5xx, network, refused: its rules disallow everything, nothing more is read).
   */
  readonly status: 'ok' | 'given' | 'unavailable' | 'unreachable';
  /** The `Sitemap:` URLs it lists, in file order (invalid ones included: their record says so). */
  readonly sitemaps: readonly string[];
  /** In words: how many sitemaps it lists, or that it lists none, or why it could not be read. */
  readonly message: string;
}

/** What {@link readSitemaps} yields, discriminated on `type`. */
export type SitemapRecord = SitemapRobotsRecord | SitemapFileRecord | SitemapUrlEntry;

/**
 * Where to start: a site (any URL of it: its robots.txt is fetched), a robots.txt already parsed
 * (or its body) with its URL, or sitemap URLs.
 */
export type SitemapSource =
  | string
  | URL
  | { readonly robotsTxt: RobotsTxt | string; readonly url: string | URL }
  | { readonly sitemaps: readonly (string | URL)[] };

/** Options of {@link readSitemaps}: limits, checks, and how servers are reached. */
export interface ReadSitemapsOptions extends NodeAccessOptions {
  /**
   * Product tokens to check every in-scope URL for, against the robots.txt of the URL's own
   * origin (`verdicts` on each entry).
   */
  readonly agents?: readonly string[];
  /** Also yield URLs outside the protocol's scope (`inScope: false`); they are counted either way. */
  readonly includeOutOfScope?: boolean;
  /** When robots.txt lists no sitemap, try `/sitemap.xml` and `/sitemap.txt` (as crawlee does). */
  readonly tryCommonNames?: boolean;
  /**
   * Index levels followed below a sitemap listed in robots.txt (or given).
   * @default 3
   */
  readonly maxDepth?: number;
  /**
   * URLs (or child sitemaps) one file may list: the protocol's limit. The file is cut there.
   * @default 50000
   */
  readonly maxUrls?: number;
  /**
   * Bytes one file may have, uncompressed: the protocol's 50 MiB. The file is cut there.
   * @default 52428800
   */
  readonly maxBytes?: number;
  /**
   * Sitemap files fetched in all (the site's budget).
   * @default 1000
   */
  readonly maxSitemaps?: number;
  /**
   * Page URLs read in all (the site's budget).
   * @default 5000000
   */
  readonly maxTotalUrls?: number;
  /**
   * Bytes read in all, uncompressed (the site's budget).
   * @default 1073741824
   */
  readonly maxTotalBytes?: number;
  /**
   * Other hosts whose robots.txt is fetched (to decide cross-submit scope and verdicts); URLs on
   * hosts beyond are out of scope.
   * @default 50
   */
  readonly maxRobotsTxt?: number;
  /**
   * Milliseconds one sitemap may take, redirects and body included (a robots.txt: its own
   * fetch's default).
   * @default 30000
   */
  readonly timeout?: number;
  /**
   * Milliseconds the whole run may take — robots.txt files, every sitemap, their children — after
   * which reading stops: the file being read is reported `partial` (or `failed`) and every one not
   * yet read `skipped`, all with the problem `total-timeout`. `Infinity`: no limit.
   * @default 600000
   */
  readonly totalTimeout?: number;
  /** The `User-Agent` header sent: name your crawler. @default DEFAULT_USER_AGENT */
  readonly userAgent?: string;
  /**
   * Redirect hops followed for each file.
   * @default 5
   */
  readonly maxRedirects?: number;
  /**
   * Stops reading: the iterator then throws the signal's reason (unlike `totalTimeout`, whose end
   * is reported in records).
   */
  readonly signal?: AbortSignal;
}
