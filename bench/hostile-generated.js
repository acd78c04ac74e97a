/**
 * The generated hostile shapes (`hostile-shapes.js`: ten drawn by mode, then one a mode in at most
 * `LONG_RULES` long rules) measured for `bench/hostile.js`: for each,
 * a parse and its first two checks through `parseRobotsTxt` and through a client (an in-process
 * fetch, a new origin serving bytes of its own each time), a check's median once warm (after the
 * checks that pay for the wildcard program), the worst and the median of a parse's first 100
 * checks (those that build its index and program in slices among them), the slowest one's
 * counted units (its work and the build units it ran) and the most of those 100, the collector's
 * time during them, the most work of a check, and the bound
 * `test/match/bounds.test.ts` holds that work to, 16 (n log₂ n + r + P) + 65,536. Times are on
 * the process's CPU clock, each parse timed once the collector's helper threads are done with
 * the collection before it (`settle`): their sweeping would otherwise be charged to it.
 */

import { PerformanceObserver, performance } from 'node:perf_hooks';
import { createRobotsClient, parseRobotsTxt } from '../dist/index.js';
import { BUILD } from '../dist/match/build-steps.js';
import { lastCheckWork } from '../dist/robots.js';
import { AGENT, generateShapes } from './hostile-shapes.js';
import { clock, median, settle, statsPerOp } from './timing.js';

/**
 * The rule count of the generated shapes written in long rules (`generateShapes`' `rules`): up
 * to 2,048 rules a set is scanned once and built on its next checks (a large one after its
 * scans' rent), so these reach the build of a small set of long wildcard rules.
 */
export const LONG_RULES = 2000;

/**
 * A second rule count: the same bytes in 20 rules of thousands of pieces (cut at a line's
 * 16,664 characters), a small set's list, whose list and program are built in slices.
 */
export const FEW_RULES = 20;

/** Checks before a check's median is taken: enough for any shape to have paid for its program. */
export const WARM_CHECKS = 400;

/**
 * @typedef {object} GeneratedRow
 * @property {string} name
 * @property {number} rules
 * @property {number} n
 * @property {number} firstNs parse + first two checks through `parseRobotsTxt`, median of 5
 * @property {number} clientNs the same through a client, median of 5
 * @property {number} checkNs a warm check, median
 * @property {number} worstOf100Ns the slowest of a parse's first 100 checks
 * @property {number} medianOf100Ns the median of those
 * @property {number} worstOf100Units the counted units of the slowest: its work and its build's
 * @property {number} mostOf100Units the most counted units of one of those 100 checks
 * @property {number} collectorOf100Ns the collector's time during those 100 checks (wall clock)
 * @property {number} work the most work of a check, of the first two and a warm one
 * @property {number} bound 16 (n log₂ n + r + P) + 65,536
 */

/** The bound on a check's work (`test/match/bounds.test.ts`). */
export function checkBound(/** @type {import('./hostile-shapes.js').ShapeTerms} */ terms) {
  return 16 * (terms.n * Math.log2(terms.n) + terms.rules + terms.pieces) + 65_536;
}

/**
 * @param {number} seed
 * @returns {Promise<GeneratedRow[]>}
 */
export async function measureGenerated(seed) {
  /** @type {GeneratedRow[]} */
  const rows = [];
  const shapes = [
    ...generateShapes({ seed }),
    ...generateShapes({ seed, rules: LONG_RULES, count: 5 }),
    ...generateShapes({ seed, rules: FEW_RULES, count: 5 }),
  ];
  for (const shape of shapes) {
    console.error(`hostile, generated: ${shape.name}`);
    const { body, url } = shape;
    const other = `${url}x`;
    /** @type {number[]} */
    const first = [];
    let work = 0;
    for (let i = 0; i < 5; i++) {
      await settle();
      const start = clock();
      const robots = parseRobotsTxt(body);
      robots.isAllowed(url, AGENT);
      work = Math.max(work, lastCheckWork());
      robots.isAllowed(other, AGENT);
      work = Math.max(work, lastCheckWork());
      first.push(clock() - start);
    }
    // Each origin serves its own bytes (a comment naming it; encoded before the clock starts):
    // origins serving the same bytes share one parsed file, whose set the first one compiled.
    /** @type {Map<string, Uint8Array<ArrayBuffer>>} */
    const served = new Map();
    for (let i = 0; i < 5; i++) {
      served.set(`o${i}.example`, new TextEncoder().encode(`# o${i}.example\n${body}`));
    }
    const client = createRobotsClient({
      fetch: async (url) =>
        new Response(served.get(new URL(String(url)).host) ?? null, { status: 200 }),
    });
    const path = new URL(url).pathname;
    /** @type {number[]} */
    const viaClient = [];
    for (let i = 0; i < 5; i++) {
      await settle();
      const start = clock();
      await client.isAllowed(`https://o${i}.example${path}`, AGENT);
      await client.isAllowed(`https://o${i}.example${path}x`, AGENT);
      viaClient.push(clock() - start);
    }
    await settle();
    const robots = parseRobotsTxt(body);
    // The first 100 checks one at a time: the scans, the build's slices among them, the index;
    // each one's counted units (its work and the build units it ran) and the collector's time.
    /** @type {number[]} */
    const firstHundred = [];
    /** @type {number[]} */
    const units = [];
    const collector = collectorTime();
    for (let i = 0; i < WARM_CHECKS; i++) {
      const built = BUILD.total;
      const start = i < 100 ? clock() : 0;
      robots.isAllowed(i % 2 === 0 ? url : other, AGENT);
      if (i < 100) {
        firstHundred.push(clock() - start);
        units.push(lastCheckWork() + BUILD.total - built);
      }
      if (i === 99) collector.stop();
    }
    const slowest = firstHundred.indexOf(Math.max(...firstHundred));
    const check = statsPerOp(() => (robots.isAllowed(url, AGENT) ? 1 : 0), {
      samples: 9,
      sampleMs: 20,
    });
    work = Math.max(work, lastCheckWork());
    rows.push({
      name: shape.name,
      rules: shape.terms.rules,
      n: shape.terms.n,
      firstNs: median(first) * 1e6,
      clientNs: median(viaClient) * 1e6,
      checkNs: check.median,
      worstOf100Ns: Math.max(...firstHundred) * 1e6,
      medianOf100Ns: median(firstHundred) * 1e6,
      worstOf100Units: units[slowest] ?? 0,
      mostOf100Units: Math.max(...units),
      collectorOf100Ns: (await collector.total()) * 1e6,
      work,
      bound: checkBound(shape.terms),
    });
  }
  return rows;
}

/**
 * The collector's time from now until `stop()` (its pauses as `perf_hooks` reports them, on the
 * wall clock), read once the observer has been told of them (`total()`, in milliseconds).
 */
function collectorTime() {
  const from = performance.now();
  let to = Number.POSITIVE_INFINITY;
  let sum = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime >= from && entry.startTime < to) sum += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      to = performance.now();
    },
    async total() {
      await new Promise((resolve) => setTimeout(resolve, 10));
      observer.disconnect();
      return sum;
    },
  };
}
