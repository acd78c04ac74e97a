/**
 * Cached checks at scale (issue #30): one client holding 20,000 origins against `isAllowed` on
 * the bench's typical file parsed once, side by side in one process, in two crawls: every origin
 * serving that file's bytes (the case: the client parses them once and every origin
 * shares the parsed file), and every origin serving a file of its own (the same file with a
 * `Sitemap` line naming the origin: 20,000 parsed files, as a mixed crawl holds). The client's
 * fetches go to an in-process `fetch` (no network): what is timed is only the cached path.
 * Prints the per-check p50/p99 of batches, and the throughput of 200 concurrent workers looping
 * on cached checks against one caller on the parsed file. Beside them, the parsed files the
 * client holds, checked directly: what a check costs when the rules it reads are not in the
 * processor's cache, without the client's work.
 */

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRobotsClient, parseRobotsTxt } from '../dist/index.js';
import { loadBenchFiles } from './inputs.js';
import { formatNs, printTable } from './timing.js';

const here = dirname(fileURLToPath(import.meta.url));
const shared = resolve(process.env['ROBOTS_REP_SHARED'] ?? join(here, '..', '..', 'shared'));

const ORIGINS = 20_000;
const WORKERS = 200;
const AGENT = 'ExampleBot';
const BATCH = 200;

/** Results kept so that the engine cannot drop the work. */
let kept = 0;
/** @param {unknown} value */
const sink = (value) => {
  if (value === true) kept++;
};
/**
 * Wall time in nanoseconds: a batch is shorter than the CPU clock's accounting tick, and every
 * figure here is a median or a ratio of runs taken side by side.
 */
const clock = () => performance.now() * 1e6;

/** @param {number[]} values @param {number} q */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
}

/**
 * The bench's typical file and the paths of its URLs.
 * @returns {{ body: string, paths: string[] }}
 */
function loadInputs() {
  const { files, urls } = loadBenchFiles(shared);
  const paths = urls.map((url) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  });
  return { body: files.typical, paths };
}

/**
 * A `fetch` answering each robots.txt with `bodyOf(url)` from memory: the smallest response the
 * fetcher reads (a web stream's reader of one chunk), since the platform's `Response` costs about
 * a millisecond to make here, and only the cached path is timed.
 * @param {(url: string) => string} bodyOf
 * @returns {import('../dist/index.js').FetchFunction}
 */
function localFetch(bodyOf) {
  const encoder = new TextEncoder();
  return async (url) => {
    const bytes = encoder.encode(bodyOf(String(url)));
    return {
      status: 200,
      url,
      redirected: false,
      type: 'basic',
      headers: { get: () => null },
      body: {
        getReader() {
          let sent = false;
          return {
            read: async () => {
              if (sent) return { done: true };
              sent = true;
              return { done: false, value: bytes };
            },
            cancel: async () => {},
          };
        },
      },
    };
  };
}

/**
 * The two crawls: every origin serving the typical file's bytes, or a file of its own.
 * @typedef {'shared' | 'distinct'} Crawl
 */

/**
 * Times `check(i)` in batches of BATCH calls; the per-call figure of each batch.
 * @param {(i: number) => unknown} check
 * @param {number} batches
 * @returns {number[]}
 */
function timeBatches(check, batches) {
  /** @type {number[]} */
  const perCall = [];
  let i = 0;
  for (let b = 0; b < batches; b++) {
    const start = clock();
    for (let k = 0; k < BATCH; k++) sink(check(i++));
    perCall.push((clock() - start) / BATCH);
  }
  return perCall;
}

/**
 * The same, awaiting each call.
 * @param {(i: number) => Promise<unknown>} check
 * @param {number} batches
 * @returns {Promise<number[]>}
 */
async function timeBatchesAsync(check, batches) {
  /** @type {number[]} */
  const perCall = [];
  let i = 0;
  for (let b = 0; b < batches; b++) {
    const start = clock();
    for (let k = 0; k < BATCH; k++) sink(await check(i++));
    perCall.push((clock() - start) / BATCH);
  }
  return perCall;
}

/** @param {Crawl} crawl */
export async function benchCached(crawl = 'shared') {
  const { body, paths } = loadInputs();
  const parsed = parseRobotsTxt(body);
  const client = createRobotsClient({
    agent: AGENT,
    maxOrigins: ORIGINS,
    // The root entry's client with an in-process fetch: no network, no address to check.
    fetch: localFetch((url) =>
      crawl === 'shared'
        ? body
        : `${body}Sitemap: ${url.slice(0, -'/robots.txt'.length)}/sitemap-of-this-site.xml\n`,
    ),
  });
  const origins = Array.from({ length: ORIGINS }, (_, i) => `https://site${i}.example`);
  // Fill the cache: one fetch per origin, with a first check each.
  for (let i = 0; i < ORIGINS; i += 500) {
    await Promise.all(origins.slice(i, i + 500).map((origin) => client.isAllowed(`${origin}/`)));
  }
  // URLs spread over every origin in turn, as a crawl frontier is.
  const step = 7919; // a prime: consecutive checks land on far-apart origins
  const urlOf = (/** @type {number} */ i) =>
    `${origins[(i * step) % ORIGINS]}${paths[i % paths.length]}`;
  const urls = Array.from({ length: 200_000 }, (_, i) => urlOf(i));
  const at = (/** @type {number} */ i) => /** @type {string} */ (urls[i % urls.length]);
  // The parsed copy the client holds for each URL's origin, to check it without the client.
  const held = await Promise.all(origins.map(async (origin) => (await client.get(origin)).robots));
  const copies = urls.map(
    (_, i) => /** @type {import('../dist/index.js').RobotsPolicy} */ (held[(i * step) % ORIGINS]),
  );
  const copyAt = (/** @type {number} */ i) =>
    /** @type {import('../dist/index.js').RobotsPolicy} */ (copies[i % copies.length]);

  const batches = 700;
  /** @type {Record<string, number[]>} */
  const times = { parsed: [], copies: [], sync: [], async: [] };
  for (let round = 0; round < 3; round++) {
    times['parsed']?.push(...timeBatches((i) => parsed.isAllowed(at(i), AGENT), batches));
    times['copies']?.push(...timeBatches((i) => copyAt(i).isAllowed(at(i), AGENT), batches));
    times['sync']?.push(...timeBatches((i) => client.isAllowedIfCached(at(i)), batches));
    times['async']?.push(...(await timeBatchesAsync((i) => client.isAllowed(at(i)), batches)));
  }
  const p50 = (/** @type {string} */ name) => quantile(times[name] ?? [], 0.5);
  const p99 = (/** @type {string} */ name) => quantile(times[name] ?? [], 0.99);

  // Throughput, in interleaved rounds: one caller on the parsed file; 200 workers awaiting
  // every cached check; 200 workers in the documented pattern (the synchronous answer, awaiting
  // only when there is none).
  const checks = 100_000;
  const each = checks / WORKERS;
  /** @param {(w: number) => Promise<void>} worker */
  const timeWorkers = async (worker) => {
    const start = clock();
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    return checks / ((clock() - start) / 1e9);
  };
  /** @type {Record<string, number[]>} */
  const rates = { parsed: [], awaited: [], pattern: [] };
  for (let round = 0; round < 3; round++) {
    const start = clock();
    for (let i = 0; i < checks; i++) sink(parsed.isAllowed(at(i), AGENT));
    rates['parsed']?.push(checks / ((clock() - start) / 1e9));
    rates['awaited']?.push(
      await timeWorkers(async (w) => {
        for (let k = 0; k < each; k++) sink(await client.isAllowed(at(w * each + k)));
      }),
    );
    rates['pattern']?.push(
      await timeWorkers(async (w) => {
        for (let k = 0; k < each; k++) {
          const url = at(w * each + k);
          sink(client.isAllowedIfCached(url) ?? (await client.isAllowed(url)));
        }
      }),
    );
  }
  const rate = (/** @type {string} */ name) => quantile(rates[name] ?? [], 0.5);
  const stats = client.stats;
  return {
    crawl,
    origins: ORIGINS,
    keptOrigins: stats.origins,
    parsedFiles: stats.parsedFiles,
    parsedBytes: stats.parsedBytes,
    evictions: stats.evictions,
    p50: { parsed: p50('parsed'), copies: p50('copies'), sync: p50('sync'), async: p50('async') },
    p99: { parsed: p99('parsed'), copies: p99('copies'), sync: p99('sync'), async: p99('async') },
    parsedPerSecond: rate('parsed'),
    workersPerSecond: rate('awaited'),
    patternPerSecond: rate('pattern'),
    allowed: kept,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  for (const crawl of /** @type {const} */ (['shared', 'distinct'])) {
    const r = await benchCached(crawl);
    const what =
      crawl === 'shared'
        ? "the bench's typical file at each"
        : "the bench's typical file with a Sitemap line of its own at each";
    console.log(
      `\nCached checks: one client holding ${r.keptOrigins} of ${r.origins} origins (${r.evictions} evictions), ${what}: ${r.parsedFiles.toLocaleString('en')} parsed file(s), ${(r.parsedBytes / r.keptOrigins).toFixed(0)} bytes an origin (client estimate); agent ${AGENT}; per check, batches of ${BATCH}\n`,
    );
    const x = (/** @type {number} */ a, /** @type {number} */ b) => `${(a / b).toFixed(2)}×`;
    printTable(
      ['check', 'p50', 'p99', 'p50 ÷ parsed file'],
      [
        [
          'parsed file: robots.isAllowed(url, agent)',
          formatNs(r.p50.parsed),
          formatNs(r.p99.parsed),
          '1×',
        ],
        [
          `the ${r.parsedFiles.toLocaleString('en')} parsed file(s) the client holds, directly`,
          formatNs(r.p50.copies),
          formatNs(r.p99.copies),
          x(r.p50.copies, r.p50.parsed),
        ],
        [
          'client.isAllowedIfCached(url) (sync)',
          formatNs(r.p50.sync),
          formatNs(r.p99.sync),
          x(r.p50.sync, r.p50.parsed),
        ],
        [
          'await client.isAllowed(url)',
          formatNs(r.p50.async),
          formatNs(r.p99.async),
          x(r.p50.async, r.p50.parsed),
        ],
      ],
    );
    printTable(
      ['throughput', 'checks/s', 'share'],
      [
        ['parsed file, one caller', Math.round(r.parsedPerSecond).toLocaleString('en'), '100%'],
        [
          `client, ${WORKERS} concurrent workers awaiting isAllowed`,
          Math.round(r.workersPerSecond).toLocaleString('en'),
          `${((100 * r.workersPerSecond) / r.parsedPerSecond).toFixed(0)}%`,
        ],
        [
          `client, ${WORKERS} workers: isAllowedIfCached(url) ?? await isAllowed(url)`,
          Math.round(r.patternPerSecond).toLocaleString('en'),
          `${((100 * r.patternPerSecond) / r.parsedPerSecond).toFixed(0)}%`,
        ],
      ],
    );
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
