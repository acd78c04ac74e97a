/** `readSitemaps`: from a site, its robots.txt or sitemap URLs to every URL the sitemaps list. */

import { type Deadline, startDeadline } from '../fetch/deadline.js';
import { nodeAccess } from '../node/access.js';
import { fetchRobotsTxt } from '../node/index.js';
import { MAX_TIMER_DELAY } from '../util/sleep.js';
import { createHostRegistry, type HostRobots, normalizeUrl, sitemapSet } from './hosts.js';
import { resolveSitemapSettings, type SitemapSettings } from './options.js';
import { type QueuedSitemap, type RunState, readSitemapFile } from './read-file.js';
import { skipped, totalTimeoutMessage } from './records.js';
import { robotsOptions, startingPoint } from './start.js';
import type {
  ReadSitemapsOptions,
  SitemapFileRecord,
  SitemapRecord,
  SitemapSource,
} from './types.js';
import { unbatch } from './unbatch.js';

const CALLER = 'readSitemaps';

/**
 * Reads the sitemaps of a site — those its robots.txt lists (RFC 9309 §2.2.4), or those given —
 * and yields, as they stream in: the robots.txt record first (for a site or robots.txt source),
 * every URL entry (`type: 'url'`), and each sitemap's record when it is done (`type: 'sitemap'`:
 * its status, counts, and the problem that stopped it). XML `urlset` and `sitemapindex` (followed
 * to `maxDepth`), gzip, plain text, RSS 2.0 and Atom are read.
 *
 * Safe on input from strangers: every connection goes through the address policy of
 * `robots-rep/node` (`allowPrivateAddresses`), each file is bounded (50,000 URLs, 50 MiB
 * uncompressed, `timeout`) and the site as a whole too (`maxSitemaps`, `maxTotalUrls`,
 * `maxTotalBytes`); a DOCTYPE is refused (no entity is ever expanded), index loops are cut. URLs
 * outside the protocol's scope (sitemaps.org) are counted and not yielded unless
 * `includeOutOfScope`; with `agents`, each URL carries its robots.txt verdicts.
 *
 * @throws {TypeError} for a bad source or option.
 * @throws the signal's reason when `options.signal` aborts.
 * @example
 * ```ts no-run
 * import { readSitemaps } from 'robots-rep/sitemaps';
 *
 * for await (const record of readSitemaps('https://example.com/', { agents: ['FooBot'] })) {
 *   if (record.type === 'url' && record.verdicts?.[0]?.allowed) enqueue(record.loc);
 *   if (record.type === 'sitemap' && record.problem) console.warn(record.url, record.error);
 * }
 * ```
 */
export function readSitemaps(
  source: SitemapSource,
  options: ReadSitemapsOptions = {},
): AsyncGenerator<SitemapRecord, void, undefined> {
  return unbatch(readBatches(source, options));
}

/** The records of {@link readSitemaps}, a batch at a time (a file's records a chunk at a time). */
async function* readBatches(
  source: SitemapSource,
  options: ReadSitemapsOptions,
): AsyncGenerator<readonly SitemapRecord[], void, undefined> {
  const settings = resolveSitemapSettings(options);
  const { fetch } = nodeAccess(
    {
      ...(options.allowPrivateAddresses === undefined
        ? {}
        : { allowPrivateAddresses: options.allowPrivateAddresses }),
      ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
    },
    CALLER,
  );
  const callerSignal = options.signal;
  // The run's time limit: every fetch of the run is cut when it is reached.
  const deadline = runDeadline(settings.totalTimeout, callerSignal);
  const fetchOptions = robotsOptions(options, deadline.signal);
  const ranOut = (): string => totalTimeoutMessage(settings.totalTimeout);
  try {
    const loadRobots = async (origin: string): Promise<HostRobots> => {
      const result = await fetchRobotsTxt(`${origin}/robots.txt`, fetchOptions);
      return { policy: result.robots, sitemaps: sitemapSet(result.robots.sitemaps) };
    };
    const start = await startingPoint(source, options, fetchOptions, () =>
      deadline.timedOut() ? ranOut() : undefined,
    );
    if (start.record !== undefined) yield [start.record];
    const given = new Map<string, HostRobots>();
    if (start.origin !== undefined && start.robots !== undefined) {
      given.set(start.origin, start.robots);
    }
    const hosts = createHostRegistry(given, settings.maxRobotsTxt, loadRobots);
    const queue: QueuedSitemap[] = [];
    const seen = new Set<string>();
    const pending: SitemapFileRecord[] = [];
    const run: RunState = {
      settings,
      fetch,
      hosts,
      signal: deadline.signal,
      callerSignal,
      expired: deadline.timedOut,
      totals: { urls: 0, bytes: 0 },
      enqueue: (child) => admit(child, settings, queue, seen),
    };
    for (const listed of start.sitemaps) {
      const url = normalizeUrl(listed.url);
      if (url === undefined) {
        const error = 'not an absolute http(s) URL';
        pending.push(skipped(listed.url, undefined, listed.listedIn, 'invalid-url', error));
        continue;
      }
      const record = admit({ ...listed, url, depth: 0, ancestors: [] }, settings, queue, seen);
      if (record !== undefined && record.problem !== 'duplicate') pending.push(record);
    }
    if (pending.length > 0) yield pending;
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      callerSignal?.throwIfAborted();
      if (deadline.timedOut()) {
        // Every sitemap not read is reported, none left out silently.
        const error = ranOut();
        yield [item, ...queue].map((left) =>
          skipped(left.url, parentOf(left), left.listedIn, 'total-timeout', error),
        );
        return;
      }
      yield* readSitemapFile(run, item);
    }
  } finally {
    deadline.dispose();
  }
}

/**
 * The run's deadline, linked to the caller's signal. Its timer does not keep the process alive:
 * a run left unfinished (an iterator no one reads on) must not hold a program open for minutes.
 */
function runDeadline(totalTimeout: number, callerSignal: AbortSignal | undefined): Deadline {
  if (totalTimeout > MAX_TIMER_DELAY) return startDeadline(Number.POSITIVE_INFINITY, callerSignal);
  const timer = AbortSignal.timeout(totalTimeout);
  return {
    signal: callerSignal === undefined ? timer : AbortSignal.any([callerSignal, timer]),
    timedOut: () => timer.aborted,
    dispose() {},
  };
}

/** Where `skipped` counts a queued sitemap's depth from. */
function parentOf(item: QueuedSitemap): { depth: number } | undefined {
  return item.depth === 0 ? undefined : { depth: item.depth - 1 };
}

/** Queues a sitemap when it is new, not too deep and within the budget; else its record. */
function admit(
  item: QueuedSitemap,
  settings: SitemapSettings,
  queue: QueuedSitemap[],
  seen: Set<string>,
): SitemapFileRecord | undefined {
  const parent = parentOf(item);
  if (item.ancestors.includes(item.url)) {
    const self = item.ancestors[item.ancestors.length - 1] === item.url;
    return skipped(
      item.url,
      parent,
      item.listedIn,
      'loop',
      self ? 'the index lists itself' : 'the index lists an index it came from',
    );
  }
  if (seen.has(item.url))
    return skipped(item.url, parent, item.listedIn, 'duplicate', 'already read');
  if (item.depth > settings.maxDepth) {
    return skipped(
      item.url,
      parent,
      item.listedIn,
      'depth',
      `nested deeper than ${settings.maxDepth} indexes`,
    );
  }
  if (seen.size >= settings.maxSitemaps) {
    return skipped(
      item.url,
      parent,
      item.listedIn,
      'budget',
      `the site's budget of ${settings.maxSitemaps} sitemaps is spent`,
    );
  }
  seen.add(item.url);
  queue.push(item);
  return undefined;
}
