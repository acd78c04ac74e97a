/** The records `readSitemaps` yields, made from what a file gave. */

import { terminalSafe } from '../util/terminal.js';
import type {
  ChangeFrequency,
  SitemapFileRecord,
  SitemapProblem,
  SitemapUrlEntry,
  UrlScope,
} from './types.js';
import type { RawEntry } from './xml.js';

const CHANGE_FREQUENCIES: ReadonlySet<string> = new Set([
  'always',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'never',
]);

/** A URL entry: `changefreq` and `priority` kept only when the protocol's values. */
export function urlEntry(
  entry: RawEntry,
  loc: string,
  sitemap: string,
  scope: UrlScope,
  verdicts: SitemapUrlEntry['verdicts'],
): SitemapUrlEntry {
  const priority = entry.priority === undefined ? Number.NaN : Number(entry.priority);
  const changefreq = entry.changefreq?.toLowerCase();
  return {
    type: 'url',
    loc,
    ...(entry.lastmod === undefined || entry.lastmod === '' ? {} : { lastmod: entry.lastmod }),
    ...(changefreq !== undefined && CHANGE_FREQUENCIES.has(changefreq)
      ? { changefreq: changefreq as ChangeFrequency }
      : {}),
    ...(priority >= 0 && priority <= 1 ? { priority } : {}),
    sitemap,
    inScope: scope !== 'outside',
    scope,
    ...(verdicts === undefined ? {} : { verdicts }),
  };
}

/** The record of a sitemap that is not fetched. */
export function skipped(
  url: string,
  from: { readonly depth: number } | undefined,
  listedIn: string | undefined,
  problem: SitemapProblem,
  error: string,
): SitemapFileRecord {
  return {
    type: 'sitemap',
    url,
    ...(listedIn === undefined ? {} : { listedIn }),
    depth: from === undefined ? 0 : from.depth + 1,
    status: 'skipped',
    gzip: false,
    urls: 0,
    children: 0,
    outOfScope: 0,
    invalid: 0,
    bytes: 0,
    problem,
    error: terminalSafe(error),
  };
}
