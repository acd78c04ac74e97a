/** The agent picker's choices: the well-known crawlers of the audit data, grouped by purpose. */

import { type Crawler, type CrawlerPurpose, crawlers } from '../../src/index.js';

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

/** The crawlers of one purpose. */
export function crawlersFor(purpose: CrawlerPurpose): readonly Crawler[] {
  return crawlers.filter((c) => c.purpose === purpose);
}

/** The agents checked when a page opens without a shared state. */
export const DEFAULT_AGENTS: readonly string[] = [
  'Googlebot',
  'Bingbot',
  'GPTBot',
  'ClaudeBot',
  'CCBot',
];
