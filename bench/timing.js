/**
 * A small median timer: enough for side-by-side comparisons in one process, with no dependency.
 * Each sample runs the operation often enough to last `sampleMs`, so timer resolution and call
 * overhead do not dominate sub-microsecond operations.
 */

/** Values that the timed code returns; kept so that the engine cannot drop the work. */
let sink = 0;

/** The sink's value, for printing (proves the work was done). */
export function sinkValue() {
  return sink;
}

/** Median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function calibrate(run, sampleMs) {
  // Warm up first, so that the optimising compiler has settled before anything is measured.
  const warmUntil = performance.now() + Math.max(100, sampleMs * 4);
  while (performance.now() < warmUntil) sink += run();
  let repeat = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < repeat; i++) sink += run();
    const elapsed = performance.now() - start;
    if (elapsed >= sampleMs / 4 || repeat >= 1 << 20) {
      return Math.max(1, Math.ceil((repeat * sampleMs) / Math.max(elapsed, 0.001)));
    }
    repeat *= 4;
  }
}

/**
 * Time per operation in nanoseconds for each of `runs`, sampled in turn (A, B, A, B, …) so that
 * a slow spell of a shared machine hits every contender alike: for each, `{ median, min, max }`
 * over the samples. Each run performs `opsPerRun` operations and returns a number (added to the
 * sink). Calibrates the repeat count, warms up, then takes `samples` samples of about `sampleMs`
 * each.
 */
export function timeSideBySide(runs, { opsPerRun = 1, samples = 11, sampleMs = 25 } = {}) {
  const repeats = runs.map((run) => calibrate(run, sampleMs));
  const perOp = runs.map(() => []);
  // The first round is a warm-up at the calibrated size.
  for (let s = 0; s < samples + 1; s++) {
    runs.forEach((run, r) => {
      const repeat = repeats[r];
      const start = performance.now();
      for (let i = 0; i < repeat; i++) sink += run();
      const elapsed = performance.now() - start;
      if (s > 0) perOp[r].push((elapsed * 1e6) / (repeat * opsPerRun));
    });
  }
  return perOp.map(stats);
}

/** Median, min and max of a list of numbers. */
export function stats(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Time per operation of one run (see {@link timeSideBySide}). */
export function timePerOp(run, options) {
  return timeSideBySide([run], options)[0];
}

/** Runs `gc` if the process was started with --expose-gc (several times, to settle the heap). */
export function collect() {
  if (typeof globalThis.gc !== 'function') return false;
  for (let i = 0; i < 3; i++) globalThis.gc();
  return true;
}

/** Formats a `{ median, min, max }` of nanoseconds: the median, then the range. */
export function formatStats({ median: m, min, max }) {
  const sameUnit = nsParts(min)[1] === nsParts(max)[1];
  return `${formatNs(m)} (${formatNs(min, !sameUnit)}–${formatNs(max)})`;
}

/** Formats nanoseconds for a table cell (without the unit when `unit` is false). */
export function formatNs(ns, unit = true) {
  const [value, suffix] = nsParts(ns);
  return unit ? `${value} ${suffix}` : value;
}

function nsParts(ns) {
  if (ns >= 1e6) return [(ns / 1e6).toFixed(2), 'ms'];
  if (ns >= 1e3) return [(ns / 1e3).toFixed(ns >= 1e5 ? 0 : ns >= 1e4 ? 1 : 2), 'µs'];
  return [ns.toFixed(0), 'ns'];
}

/** Formats a byte count. */
export function formatBytes(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${Math.round(bytes)} B`;
}

/** Prints rows (arrays of cells) as an aligned Markdown table. */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}
