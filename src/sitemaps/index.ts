/**
 * `robots-rep/sitemaps`: the sitemaps a robots.txt lists (or any others), read safely as they
 * stream in — every URL with its scope and robots.txt verdicts, every file with what became of
 * it. Node only: it reaches servers through `robots-rep/node`'s address policy.
 */

export { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS } from './options.js';
export { readSitemaps } from './read.js';
export type {
  AgentVerdict,
  ChangeFrequency,
  ReadSitemapsOptions,
  SitemapFileRecord,
  SitemapFormat,
  SitemapProblem,
  SitemapRecord,
  SitemapRobotsRecord,
  SitemapSource,
  SitemapStatus,
  SitemapUrlEntry,
  UrlScope,
} from './types.js';
