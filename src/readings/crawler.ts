/**
 * A row of the crawler catalog: a crawler, the product token site owners write for it, what its
 * fetches are for, and the source the row rests on. Also the one check every token of a row goes
 * through, the package's own rows and rows loaded from a list alike.
 */

import { terminalSafe } from '../util/terminal.js';

/** What a crawler's fetches are for. */
export type CrawlerPurpose =
  /** Builds a web search index. */
  | 'search'
  /** Collects training data for AI models. */
  | 'ai-training'
  /** Builds the index an AI product answers from (AI search, AI answers). */
  | 'ai-search'
  /** Fetches pages on behalf of a user of an AI assistant (AI input). */
  | 'ai-assistant'
  /** SEO and backlink tools. */
  | 'seo'
  /** Web archives. */
  | 'archiving'
  /** Link previews and other services. */
  | 'other';

/** Every purpose, in the order tables list them. */
export const CRAWLER_PURPOSES: readonly CrawlerPurpose[] = [
  'search',
  'ai-training',
  'ai-search',
  'ai-assistant',
  'seo',
  'archiving',
  'other',
];

/** A crawler that honours robots.txt under a known product token. */
export interface Crawler {
  /** Display name. */
  readonly name: string;
  /** The product token to write in `User-agent:` lines (and to query with). */
  readonly token: string;
  /** Who runs it. */
  readonly operator: string;
  /** What it crawls for first: `purposes[0]`. */
  readonly purpose: CrawlerPurpose;
  /** Everything its fetches are used for, as its source says; blocking it stops all of them. */
  readonly purposes: readonly CrawlerPurpose[];
  /**
   * A control token: no crawler fetches with it; its operator reads the rules written for it to
   * decide how pages its crawler ({@link Crawler.governs}) fetched may be used.
   */
  readonly control?: true;
  /** For a control token: the token of the crawler whose pages it governs. */
  readonly governs?: string;
  /** It fetches when a person asks; its operator says robots.txt may not apply then. */
  readonly userInitiated?: true;
  /**
   * It fetches pages only for ads: the landing pages of ads, to check them (AdsBot-Google,
   * AdIdxBot), or an ad network's partner pages, to choose ads for them (YandexDirect). Which of a
   * site's pages it may fetch matters little for crawling.
   */
  readonly checksAds?: true;
  /**
   * It fetches images or videos only (Googlebot-Image): the `*` rules it escapes through a group
   * of its own are mostly rules about pages.
   */
  readonly media?: true;
  /** What else its source says that matters to a site owner. */
  readonly remark?: string;
  /** The source of this row: the operator's documentation of the crawler where there is one. */
  readonly docs: string;
  /**
   * The row rests on the ai-robots-txt project's community list (`docs`), not on its operator's
   * documentation: none was found that names the token.
   */
  readonly secondary?: true;
  /**
   * The date (YYYY-MM-DD) the row was last compared with its source; empty for a row loaded from
   * a list that states no date (`parseCrawlerList`).
   */
  readonly checked: string;
}

/** The longest token a row may have. */
export const MAX_TOKEN_LENGTH = 64;

const TOKEN_CHARS = /^[A-Za-z0-9._-]+$/;

/**
 * Why `token` cannot be a catalog row's token, or undefined when it can: 1 to 64 letters, digits,
 * `-`, `_` and `.` — what a `User-agent:` line can name. (Google's parser reads only letters, `-`
 * and `_` as the product token; a row whose token has digits or dots, as `MJ12bot`, is read by
 * the audit as its crawler reads it.) `*` is every crawler, not one.
 *
 * @example
 * crawlerTokenProblem('GPTBot'); // undefined
 * crawlerTokenProblem('ChatGPT Agent'); // 'holds " ", which a User-agent line cannot name a crawler with'
 */
export function crawlerTokenProblem(token: string): string | undefined {
  if (token === '') return 'is empty';
  if (token === '*') return 'is "*", every crawler, not one';
  if (token.length > MAX_TOKEN_LENGTH) return `is longer than ${MAX_TOKEN_LENGTH} characters`;
  if (TOKEN_CHARS.test(token)) return undefined;
  const bad = [...token].find((c) => !TOKEN_CHARS.test(c)) ?? '';
  return `holds "${terminalSafe(bad)}", which a User-agent line cannot name a crawler with`;
}
