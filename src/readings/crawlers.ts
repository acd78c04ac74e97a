/**
 * Well-known crawlers and the product tokens they look for in robots.txt, for audits such as
 * "which search engines and AI crawlers may fetch this path?". Data (`catalog/`): every row names
 * its source (the operator's documentation, or where there is none the report or community list
 * the row rests on) and the date it was last compared with it. How a crawler reads the file beyond its own group
 * (Applebot following Googlebot's) is the crawler model's (`crawler-model.ts`), not a row's.
 */

import { aiCrawlers } from './catalog/ai.js';
import { communityCrawlers } from './catalog/community.js';
import { fetcherCrawlers } from './catalog/fetchers.js';
import { otherCrawlers } from './catalog/others.js';
import { searchCrawlers } from './catalog/search.js';
import type { Crawler } from './crawler.js';

export {
  CRAWLER_PURPOSES,
  type Crawler,
  type CrawlerPurpose,
  crawlerTokenProblem,
  MAX_TOKEN_LENGTH,
} from './crawler.js';

/**
 * Well-known crawlers: search engines first, then AI crawlers and control tokens, archives, SEO
 * tools and other services, user-triggered fetchers, then the crawlers known from the ai-robots-txt
 * list only (`secondary`).
 */
export const crawlers: readonly Crawler[] = [
  ...searchCrawlers,
  ...aiCrawlers,
  ...otherCrawlers,
  ...fetcherCrawlers,
  ...communityCrawlers,
];
