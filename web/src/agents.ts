/**
 * The agent picker's choices: the well-known crawlers of the audit data, grouped by purpose, and
 * the new rows of a crawler list the page loaded (`combineCrawlers`: the catalog's row stays where
 * both name a token).
 */

import { type Crawler, type CrawlerPurpose, combineCrawlers, crawlers } from '../../src/index.js';

/** Purposes in the order the picker shows them, with a heading each. */
export const PURPOSES: readonly { readonly purpose: CrawlerPurpose; readonly label: string }[] = [
  { purpose: 'search', label: 'Search' },
  { purpose: 'ai-training', label: 'AI training' },
  { purpose: 'ai-search', label: 'AI search' },
  { purpose: 'ai-assistant', label: 'AI assistants' },
  { purpose: 'seo', label: 'SEO tools' },
  { purpose: 'archiving', label: 'Archives' },
  { purpose: 'other', label: 'Other' },
];

/** A crawler list loaded on the page: its rows and where they came from. */
export interface LoadedCrawlers {
  readonly source: string;
  readonly rows: readonly Crawler[];
}

let loaded: LoadedCrawlers | undefined;
let combined: readonly Crawler[] = crawlers;

/** Makes a loaded list's rows part of the page's crawlers (undefined: the catalog's only). */
export function setLoadedCrawlers(list: LoadedCrawlers | undefined): void {
  loaded = list;
  combined = list === undefined ? crawlers : combineCrawlers(crawlers, list.rows);
}

/** The loaded list, if any. */
export function loadedCrawlers(): LoadedCrawlers | undefined {
  return loaded;
}

/** The page's crawlers: the catalog's, then the new rows of the loaded list. */
export function pageCrawlers(): readonly Crawler[] {
  return combined;
}

/** The crawlers of one purpose. */
export function crawlersFor(purpose: CrawlerPurpose): readonly Crawler[] {
  return combined.filter((c) => c.purpose === purpose);
}

/** The agents checked when a page opens without a shared state. */
export const DEFAULT_AGENTS: readonly string[] = [
  'Googlebot',
  'Bingbot',
  'GPTBot',
  'ClaudeBot',
  'CCBot',
];
