/**
 * A small median timer: enough for side-by-side comparisons in one process, with no dependency.
 * Each sample runs the operation often enough to last `sampleMs`, so timer resolution and call
 * overhead do not dominate sub-microsecond operations.
 */

/**
 * @typedef {object} TimingOptions
 * @property {number} [opsPerRun] operations one run performs (default 1)
 * @property {number} [samples] samples taken (default 11)
 * @property {number} [sampleMs] milliseconds per sample (default 25)
 */

/**
 * The clock samples are read on, in milliseconds: the CPU time of this process (user and
 * system) by default, so that on a shared machine the time other processes take from this one
 * does not count (wall time moved medians by up to ±40% from run to run, or several times over
 * on a loaded machine); `BENCH_CLOCK=wall` reads wall time instead.
 * @type {() => number}
 */
export const clock =
  process.env['BENCH_CLOCK'] === 'wall'
    ? () => performance.now()
    : () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };

/** Values that the timed code returns; kept so that the engine cannot drop the work. */
let sink = 0;

/**
 * The sink's value, for printing (proves the work was done).
 * @returns {number}
 */
export function sinkValue() {
  return sink;
}

/**
 * Median of a list of numbers (NaN for an empty list).
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? Number.NaN;
  const lower = sorted[mid - 1] ?? upper;
  return sorted.length % 2 === 1 ? upper : (lower + upper) / 2;
}

/**
 * How many times to repeat `run` for one sample of about `sampleMs`.
 * @param {() => number} run
 * @param {number} sampleMs
 * @returns {number}
 */
function calibrate(run, sampleMs) {
  // Warm up first, so that the optimising compiler has settled before anything is measured.
  const warmUntil = clock() + Math.max(100, sampleMs * 4);
  while (clock() < warmUntil) sink += run();
  let repeat = 1;
  for (;;) {
    const start = clock();
    for (let i = 0; i < repeat; i++) sink += run();
    const elapsed = clock() - start;
    if (elapsed >= sampleMs / 4 || repeat >= 1 << 20) {
      return Math.max(1, Math.ceil((repeat * sampleMs) / Math.max(elapsed, 0.001)));
    }
    repeat *= 4;
  }
}

/**
 * Median time per operation in nanoseconds for each of `runs`, sampled in turn (A, B, A, B, …)
 * so that a slow spell of a shared machine hits every contender alike. Each run performs
 * `opsPerRun` operations and returns a number (added to the sink). Calibrates the repeat count,
 * warms up, then takes `samples` samples of about `sampleMs` each.
 * @param {ReadonlyArray<() => number>} runs
 * @param {TimingOptions} [options]
 * @returns {number[]}
 */
export function timeSideBySide(runs, { opsPerRun = 1, samples = 11, sampleMs = 25 } = {}) {
  const repeats = runs.map((run) => calibrate(run, sampleMs));
  /** @type {number[][]} */
  const perOp = runs.map(() => []);
  // The first round is a warm-up at the calibrated size.
  for (let s = 0; s < samples + 1; s++) {
    runs.forEach((run, r) => {
      const repeat = /** @type {number} */ (repeats[r]);
      const start = clock();
      for (let i = 0; i < repeat; i++) sink += run();
      const elapsed = clock() - start;
      if (s > 0) perOp[r]?.push((elapsed * 1e6) / (repeat * opsPerRun));
    });
  }
  return perOp.map(median);
}

/**
 * Median time per operation in nanoseconds of one run (see {@link timeSideBySide}).
 * @param {() => number} run
 * @param {TimingOptions} [options]
 * @returns {number}
 */
export function timePerOp(run, options) {
  return /** @type {number} */ (timeSideBySide([run], options)[0]);
}

/**
 * A timing's median, fastest and slowest sample, in nanoseconds per operation.
 * @typedef {{ median: number, min: number, max: number }} Stats
 */

/**
 * {@link timeSideBySide}, with each contender's median, min and max over the samples.
 * @param {ReadonlyArray<() => number>} runs
 * @param {TimingOptions} [options]
 * @returns {Stats[]}
 */
export function statsSideBySide(runs, { opsPerRun = 1, samples = 11, sampleMs = 25 } = {}) {
  const repeats = runs.map((run) => calibrate(run, sampleMs));
  /** @type {number[][]} */
  const perOp = runs.map(() => []);
  // The first round is a warm-up at the calibrated size.
  for (let s = 0; s < samples + 1; s++) {
    runs.forEach((run, r) => {
      const repeat = repeats[r] ?? 1;
      const start = clock();
      for (let i = 0; i < repeat; i++) sink += run();
      const elapsed = clock() - start;
      if (s > 0) perOp[r]?.push((elapsed * 1e6) / (repeat * opsPerRun));
    });
  }
  return perOp.map((values) => ({
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
  }));
}

/**
 * {@link timePerOp}, with the median, min and max over the samples.
 * @param {() => number} run
 * @param {TimingOptions} [options]
 * @returns {Stats}
 */
export function statsPerOp(run, options) {
  return /** @type {Stats} */ (statsSideBySide([run], options)[0]);
}

/**
 * Runs `gc` if the process was started with --expose-gc (several times, to settle the heap).
 * @returns {boolean}
 */
export function collect() {
  if (typeof globalThis.gc !== 'function') return false;
  for (let i = 0; i < 3; i++) globalThis.gc();
  return true;
}

/**
 * {@link collect}, then a wait until the collector's helper threads are done (`ms`): a full
 * collection leaves its sweeping to them, and the process's CPU clock would charge their time to
 * whatever is timed next (3–15 ms of a 500 KiB parse and two checks, loaded; more where the timed
 * code allocates large objects, as a client's fetch and decoding of the body do).
 * @param {number} [ms]
 * @returns {Promise<void>}
 */
export async function settle(ms = 50) {
  if (!collect()) return;
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Formats a timing's median, then the range of its samples.
 * @param {Stats} stats
 * @returns {string}
 */
export function formatStats({ median: m, min, max }) {
  const sameUnit = nsParts(min)[1] === nsParts(max)[1];
  return `${formatNs(m)} (${formatNs(min, !sameUnit)}–${formatNs(max)})`;
}

/**
 * Formats nanoseconds for a table cell (without the unit when `unit` is false).
 * @param {number} ns
 * @param {boolean} [unit]
 * @returns {string}
 */
export function formatNs(ns, unit = true) {
  const [value, suffix] = nsParts(ns);
  return unit ? `${value} ${suffix}` : value;
}

/**
 * A number of nanoseconds as a value and its unit: three significant digits at most.
 * @param {number} ns
 * @returns {[string, string]}
 */
function nsParts(ns) {
  if (ns >= 1e6) return [(ns / 1e6).toFixed(2), 'ms'];
  if (ns >= 1e3) return [(ns / 1e3).toFixed(ns >= 1e5 ? 0 : ns >= 1e4 ? 1 : 2), 'µs'];
  return [ns.toFixed(0), 'ns'];
}

/**
 * Formats a byte count.
 * @param {number} bytes
 * @returns {string}
 */
export function formatBytes(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${Math.round(bytes)} B`;
}

/**
 * Prints rows (arrays of cells) as an aligned Markdown table.
 * @param {readonly string[]} header
 * @param {ReadonlyArray<ReadonlyArray<string | number>>} rows
 */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  /** @param {ReadonlyArray<string | number>} cells */
  const line = (cells) =>
    `| ${cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}
