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

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A URL entry: `changefreq` and `priority` kept only when the protocol's values. Built a field at
 * a time (conditional spreads would make and copy an object for each field of every entry).
 */
export function urlEntry(
  entry: RawEntry,
  loc: string,
  sitemap: string,
  scope: UrlScope,
  verdicts: SitemapUrlEntry['verdicts'],
): SitemapUrlEntry {
  const record = { type: 'url', loc } as Mutable<SitemapUrlEntry>;
  const { lastmod, changefreq, priority } = entry;
  if (lastmod !== undefined && lastmod !== '') record.lastmod = lastmod;
  if (changefreq !== undefined) {
    const lower = CHANGE_FREQUENCIES.has(changefreq) ? changefreq : changefreq.toLowerCase();
    if (CHANGE_FREQUENCIES.has(lower)) record.changefreq = lower as ChangeFrequency;
  }
  if (priority !== undefined) {
    const value = Number(priority);
    if (value >= 0 && value <= 1) record.priority = value;
  }
  record.sitemap = sitemap;
  record.inScope = scope !== 'outside';
  record.scope = scope;
  if (verdicts !== undefined) record.verdicts = verdicts;
  return record;
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

/** Why reading stopped when the run's time limit was reached. */
export function totalTimeoutMessage(totalTimeout: number): string {
  return `the run's time limit of ${totalTimeout} ms (totalTimeout) was reached`;
}
