/**
 * One sitemap file, read as it streams: its entries checked (a URL, its scope, its verdicts; a
 * child sitemap, its scope) and yielded as they come, then the file's record — partial when an
 * error cut it. Memory stays constant in the number of URLs: a chunk's entries at most are held.
 */

import { startDeadline } from '../fetch/deadline.js';
import type { FetchFunction } from '../fetch/options.js';
import { terminalSafe } from '../util/terminal.js';
import { createContentReader } from './content.js';
import { fileBytes, openSitemap, requestProblem } from './fetch-file.js';
import {
  canonicalUnder,
  type HostRegistry,
  type HostRobots,
  normalizeUrl,
  verdictsFor,
} from './hosts.js';
import type { SitemapSettings } from './options.js';
import { skipped, totalTimeoutMessage, urlEntry } from './records.js';
import { type ScopeDecision, sitemapScope } from './scope.js';
import type {
  SitemapFileRecord,
  SitemapFormat,
  SitemapProblem,
  SitemapRecord,
  SitemapUrlEntry,
} from './types.js';
import { createUtf8Stream } from './utf8.js';
import { type RawEntry, SitemapReadError } from './xml.js';

/** A sitemap waiting to be read. */
export interface QueuedSitemap {
  /** Normalised URL. */
  readonly url: string;
  readonly listedIn?: string;
  readonly guessed?: true;
  readonly depth: number;
  /** The indexes it came from, nearest last. */
  readonly ancestors: readonly string[];
}

/** What the reading of every file shares. */
export interface RunState {
  readonly settings: SitemapSettings;
  readonly fetch: FetchFunction;
  readonly hosts: HostRegistry;
  /** Aborts when the caller aborts or the run's time limit is reached. */
  readonly signal: AbortSignal;
  /** The caller's signal: its abort is rethrown. */
  readonly callerSignal: AbortSignal | undefined;
  /** Whether the run's time limit (`totalTimeout`) was reached. */
  readonly expired: () => boolean;
  readonly totals: { urls: number; bytes: number };
  /** Queues a child of an index; returns the record of a child that is not queued. */
  enqueue(child: QueuedSitemap): SitemapFileRecord | undefined;
}

/** A sitemaps.org URL is under 2,048 characters. */
const MAX_URL = 2048;

class Stop extends Error {
  readonly problem: SitemapProblem;
  constructor(problem: SitemapProblem, message: string) {
    super(message);
    this.problem = problem;
  }
}

/** Runs `step`; what it threw, boxed (so that a thrown undefined is told apart from none). */
function attempt(step: () => void): { error: unknown } | undefined {
  try {
    step();
    return undefined;
  } catch (error) {
    return { error };
  }
}

/**
 * Reads `item`, yielding its entries a chunk's worth at a time, then (last) its record. Rethrows
 * the caller's abort.
 */
export async function* readSitemapFile(
  run: RunState,
  item: QueuedSitemap,
): AsyncGenerator<SitemapRecord[]> {
  const { settings } = run;
  const deadline = startDeadline(settings.timeout, run.signal);
  let finalUrl = item.url;
  let httpStatus: number | undefined;
  let contentType: string | undefined;
  let format: SitemapFormat | undefined;
  let gzip = false;
  const counts = { urls: 0, children: 0, outOfScope: 0, invalid: 0, bytes: 0 };
  const batches: SitemapRecord[][] = [];
  let problem: SitemapProblem | undefined;
  let error: string | undefined;
  const request = {
    fetch: run.fetch,
    headers: { 'user-agent': settings.userAgent },
    maxRedirects: settings.maxRedirects,
    signal: deadline.signal,
    timedOut: deadline.timedOut,
  };
  try {
    const opened = await openSitemap(item.url, request, run.callerSignal);
    finalUrl = opened.finalUrl;
    httpStatus = opened.httpStatus;
    contentType = opened.contentType;
    if (!opened.ok) throw new Stop(opened.problem, opened.error);
    const names = new Set([item.url, finalUrl, ...item.ancestors]);
    const isAtomOrRss = (): boolean => format === 'atom' || format === 'rss';
    const scope = await sitemapScope(run.hosts, finalUrl, names, settings.agents.length > 0);
    const { directory, root } = scope;
    const origin = root.slice(0, -1);

    const entries: RawEntry[] = [];
    const reader = createContentReader(contentType, opened.servedAsHtml, (entry) => {
      entries.push(entry);
    });

    const handleChild = async (entry: RawEntry): Promise<SitemapRecord | undefined> => {
      counts.children += 1;
      if (counts.children > settings.maxUrls) {
        counts.children -= 1;
        throw new Stop('too-many-urls', `more than ${settings.maxUrls} sitemaps listed`);
      }
      const child = entry.loc.length > MAX_URL ? undefined : normalizeUrl(entry.loc);
      if (child === undefined) {
        counts.invalid += 1;
        return undefined;
      }
      // sitemaps.org: an index lists sitemaps of its own site; another site's only when that
      // site's robots.txt lists them (a cross submit).
      if (new URL(child).origin !== origin && (await scope.listedBy(child, true)) === undefined) {
        return skipped(
          child,
          item,
          finalUrl,
          'out-of-scope',
          'on another site whose robots.txt does not list it',
        );
      }
      return run.enqueue({
        url: child,
        listedIn: finalUrl,
        depth: item.depth + 1,
        ancestors: [...item.ancestors, item.url],
      });
    };
    const verdicts = (robots: HostRobots | undefined, loc: string): SitemapUrlEntry['verdicts'] =>
      robots === undefined || settings.agents.length === 0
        ? undefined
        : verdictsFor(robots.policy, loc, settings.agents);
    const handle = (
      entry: RawEntry,
    ): SitemapRecord | undefined | Promise<SitemapRecord | undefined> => {
      if (entry.kind === 'child') return handleChild(entry);
      counts.urls += 1;
      if (counts.urls > settings.maxUrls) {
        counts.urls -= 1;
        throw new Stop('too-many-urls', `more than ${settings.maxUrls} URLs`);
      }
      if (run.totals.urls >= settings.maxTotalUrls) {
        counts.urls -= 1;
        throw new Stop('budget', `the site's budget of ${settings.maxTotalUrls} URLs is spent`);
      }
      run.totals.urls += 1;
      const plain = canonicalUnder(entry.loc, directory);
      if (plain !== undefined) {
        return urlEntry(entry, plain, finalUrl, 'directory', verdicts(scope.siteRobots, plain));
      }
      const loc =
        canonicalUnder(entry.loc, root) ??
        (entry.loc.length > MAX_URL
          ? undefined
          : normalizeUrl(entry.loc, isAtomOrRss() ? finalUrl : undefined));
      if (loc === undefined) {
        counts.invalid += 1;
        return undefined;
      }
      const place = (decision: ScopeDecision): SitemapRecord | undefined => {
        if (decision.scope === 'outside') {
          counts.outOfScope += 1;
          if (!settings.includeOutOfScope) return undefined;
          return urlEntry(entry, loc, finalUrl, 'outside', undefined);
        }
        return urlEntry(entry, loc, finalUrl, decision.scope, verdicts(decision.robots, loc));
      };
      const decision = scope.of(loc);
      return decision instanceof Promise ? decision.then(place) : place(decision);
    };
    // A chunk's records go out as one batch (a yield per record through every layer of async
    // generators would cost more than the parse); what an error stops keeps those before it.
    const drain = async (): Promise<{ records: SitemapRecord[]; error?: unknown }> => {
      const records: SitemapRecord[] = [];
      const batch = entries.splice(0);
      try {
        for (const entry of batch) {
          let record = handle(entry);
          if (record instanceof Promise) record = await record;
          if (record !== undefined) records.push(record);
        }
      } catch (error) {
        return { records, error };
      }
      return { records };
    };
    const flush = async (failed: { error: unknown } | undefined): Promise<SitemapRecord[]> => {
      const drained = await drain();
      if (drained.records.length > 0) batches.push(drained.records);
      if (failed !== undefined) throw failed.error;
      if ('error' in drained) throw drained.error;
      return drained.records;
    };

    const decoder = createUtf8Stream();
    for await (const bytes of fileBytes(opened.body, () => {
      gzip = true;
    })) {
      if (run.expired())
        throw new Stop('total-timeout', totalTimeoutMessage(settings.totalTimeout));
      counts.bytes += bytes.length;
      run.totals.bytes += bytes.length;
      if (counts.bytes > settings.maxBytes) {
        throw new Stop('too-large', `over ${settings.maxBytes} bytes uncompressed`);
      }
      if (run.totals.bytes > settings.maxTotalBytes) {
        throw new Stop('budget', `the site's budget of ${settings.maxTotalBytes} bytes is spent`);
      }
      // Entries read before an error in the same chunk are yielded before it is reported.
      const failed = attempt(() => reader.write(decoder.write(bytes)));
      format ??= reader.format();
      await flush(failed);
      if (batches.length > 0) yield batches.splice(0).flat();
    }
    const failed = attempt(() => {
      reader.write(decoder.end());
      reader.close();
    });
    format ??= reader.format();
    await flush(failed);
    if (format === 'text' && counts.urls === counts.invalid && counts.invalid > 0) {
      throw new Stop('unknown-format', 'no line of the text is a URL');
    }
  } catch (caught) {
    if (run.callerSignal?.aborted) throw run.callerSignal.reason;
    if (run.expired()) {
      // Whatever failed, the run's time limit cut it (a fetch aborted, a body ended).
      problem = 'total-timeout';
      error = totalTimeoutMessage(settings.totalTimeout);
    } else if (caught instanceof Stop || caught instanceof SitemapReadError) {
      problem = caught.problem;
      error = caught.message;
    } else {
      ({ problem, error } = requestProblem(caught, request));
    }
  } finally {
    deadline.dispose();
  }
  const readSome = counts.urls + counts.children > 0;
  const record: SitemapFileRecord = {
    type: 'sitemap',
    url: item.url,
    finalUrl,
    ...(item.listedIn === undefined ? {} : { listedIn: item.listedIn }),
    ...(item.guessed ? { guessed: true as const } : {}),
    depth: item.depth,
    status: problem === undefined ? 'ok' : readSome ? 'partial' : 'failed',
    ...(format === undefined ? {} : { format }),
    ...(contentType === undefined ? {} : { contentType }),
    gzip,
    ...(httpStatus === undefined ? {} : { httpStatus }),
    urls: counts.urls,
    children: counts.children,
    outOfScope: counts.outOfScope,
    invalid: counts.invalid,
    bytes: counts.bytes,
    ...(problem === undefined ? {} : { problem }),
    ...(error === undefined ? {} : { error: terminalSafe(error) }),
  };
  yield [...batches.flat(), record];
}
