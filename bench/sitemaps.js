/**
 * Sitemaps (issue #35), part of `npm run bench`: `readSitemaps` of `robots-rep/sitemaps` beside
 * crawlee's `Sitemap.load` (`@crawlee/utils`) in one process, on the same generated files served
 * from loopback — a 50,000-URL urlset plain and gzipped, and an index of 20 such files (1,000,000
 * URLs). For each: URLs per second (the best of the runs) and the peak heap above the baseline
 * while reading. robots-rep streams (the loop counts the URLs, as a crawler enqueuing them would
 * not keep them); crawlee's `Sitemap.load` returns every URL in an array. Prints a Markdown table
 * and the targets (≥ 2× crawlee's URLs/s; our peak heap not growing with the number of URLs), and
 * writes bench/results/sitemaps.json. Run with `node --expose-gc`.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LogLevel, log } from '@crawlee/core';
import { Sitemap } from '@crawlee/utils';
import { readSitemaps } from '../dist/sitemaps/index.js';
import { collect, formatBytes, printTable } from './timing.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const URLS_PER_FILE = 50_000;
const INDEX_FILES = 20;
/** Runs of each single-file case (the best is kept); the index is read once by each. */
const RUNS = 2;

log.setLevel(LogLevel.OFF);
/** The machine's load when the run starts (other processes flatter crawlee's ratio: say it). */
const loadAtStart = loadavg()[0] ?? 0;

/**
 * A 50,000-URL urlset as sites write them (loc, lastmod, changefreq, priority).
 * @param {string} origin
 * @param {string} part
 */
function urlset(origin, part) {
  let body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (let i = 0; i < URLS_PER_FILE; i++) {
    body += `  <url><loc>${origin}/${part}/section-${i % 97}/page-${i}.html</loc><lastmod>2024-05-01T10:00:00+00:00</lastmod><changefreq>weekly</changefreq><priority>0.5</priority></url>\n`;
  }
  return `${body}</urlset>\n`;
}

/** @type {Map<string, { body: Buffer, type: string }>} */
const files = new Map();
const server = createServer((request, response) => {
  const file = files.get(request.url ?? '');
  if (file === undefined) {
    response.statusCode = 404;
    response.end();
    return;
  }
  response.setHeader('content-type', file.type);
  response.end(file.body);
});
await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;

const plain = Buffer.from(urlset(origin, 'plain'));
files.set('/plain.xml', { body: plain, type: 'application/xml' });
files.set('/gzip.xml.gz', {
  body: gzipSync(Buffer.from(urlset(origin, 'gzip'))),
  type: 'application/gzip',
});
let index =
  '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
for (let i = 0; i < INDEX_FILES; i++) {
  files.set(`/part-${i}.xml`, {
    body: Buffer.from(urlset(origin, `part-${i}`)),
    type: 'application/xml',
  });
  index += `  <sitemap><loc>${origin}/part-${i}.xml</loc></sitemap>\n`;
}
files.set('/index.xml', {
  body: Buffer.from(`${index}</sitemapindex>\n`),
  type: 'application/xml',
});

/**
 * Runs `read` with the heap sampled every 2 ms; returns the URLs it counted, the seconds it took
 * (wall clock, and CPU time of the process: the loopback server's included, for both libraries)
 * and the peak heap above the baseline.
 * @param {(sample: () => void) => Promise<number>} read
 */
async function measure(read) {
  collect();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sample = () => {
    const used = process.memoryUsage().heapUsed;
    if (used > peak) peak = used;
  };
  const timer = setInterval(sample, 2);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const urls = await read(sample);
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  sample();
  return { urls, seconds, cpuSeconds: (used.user + used.system) / 1e6, peak: peak - base };
}

/**
 * robots-rep: every URL entry counted as it streams.
 * @param {string} url
 */
const ours = (url) =>
  measure(async (sample) => {
    let urls = 0;
    for await (const record of readSitemaps({ sitemaps: [url] }, { allowPrivateAddresses: true })) {
      if (record.type === 'url' && ++urls % 5000 === 0) sample();
      if (record.type === 'sitemap' && record.status !== 'ok')
        throw new Error(`${record.url}: ${record.error}`);
    }
    return urls;
  });

/**
 * crawlee: `Sitemap.load`, the URLs it returns.
 * @param {string} url
 */
const theirs = (url) =>
  measure(async () => (await Sitemap.load(url, undefined, { enqueueStrategy: 'all' })).urls.length);

/** @type {{ case: string, library: string, urls: number, urlsPerSecond: number, urlsPerCpuSecond: number, peakHeap: number }[]} */
const results = [];
const cases = [
  ['urlset, 50,000 URLs', '/plain.xml', RUNS],
  ['urlset gzipped, 50,000 URLs', '/gzip.xml.gz', RUNS],
  [
    `index of ${INDEX_FILES} urlsets, ${(URLS_PER_FILE * INDEX_FILES).toLocaleString('en-US')} URLs`,
    '/index.xml',
    1,
  ],
];
for (const [name, path, runs] of /** @type {[string, string, number][]} */ (cases)) {
  for (const [library, run] of /** @type {const} */ ([
    ['robots-rep', ours],
    ['crawlee', theirs],
  ])) {
    let best = {
      urls: 0,
      seconds: Number.POSITIVE_INFINITY,
      cpuSeconds: Number.POSITIVE_INFINITY,
      peak: 0,
    };
    for (let i = 0; i < runs; i++) {
      const result = await run(`${origin}${path}`);
      best = {
        urls: result.urls,
        seconds: Math.min(best.seconds, result.seconds),
        cpuSeconds: Math.min(best.cpuSeconds, result.cpuSeconds),
        peak: Math.max(best.peak, result.peak),
      };
    }
    results.push({
      case: name,
      library,
      urls: best.urls,
      urlsPerSecond: best.urls / best.seconds,
      urlsPerCpuSecond: best.urls / best.cpuSeconds,
      peakHeap: best.peak,
    });
  }
}
server.close();

const rate = (/** @type {number} */ n) => `${Math.round(n).toLocaleString('en-US')}`;
console.log('## Sitemaps: robots-rep readSitemaps beside crawlee Sitemap.load (loopback)\n');
printTable(
  [
    'case',
    'library',
    'URLs',
    'URLs/s',
    'URLs/CPU s',
    'peak heap',
    'robots-rep ÷ crawlee (wall, CPU)',
  ],
  results.map((r, i) => {
    const other = results[i + 1];
    const ratio =
      r.library === 'robots-rep' && other
        ? `${(r.urlsPerSecond / other.urlsPerSecond).toFixed(2)}×, ${(r.urlsPerCpuSecond / other.urlsPerCpuSecond).toFixed(2)}×`
        : '';
    return [
      r.case,
      r.library,
      r.urls.toLocaleString('en-US'),
      rate(r.urlsPerSecond),
      rate(r.urlsPerCpuSecond),
      formatBytes(r.peakHeap),
      ratio,
    ];
  }),
);

const ourRows = results.filter((r) => r.library === 'robots-rep');
const speedups = ourRows.map(
  (r, i) => r.urlsPerSecond / (results[i * 2 + 1]?.urlsPerSecond ?? Number.NaN),
);
const cpuSpeedups = ourRows.map(
  (r, i) => r.urlsPerCpuSecond / (results[i * 2 + 1]?.urlsPerCpuSecond ?? Number.NaN),
);
const singlePeak = Math.max(...ourRows.slice(0, 2).map((r) => r.peakHeap));
const indexPeak = ourRows[2]?.peakHeap ?? Number.NaN;
const countsMatch = results.every((r, i) => i % 2 === 1 || r.urls === results[i + 1]?.urls);
console.log(
  `Load average (1 min) at start and end: ${loadAtStart.toFixed(1)}, ${(loadavg()[0] ?? 0).toFixed(1)} (figures taken under load are not the quiet machine's)`,
);
console.log(`URL counts equal in every case: ${countsMatch ? 'yes' : 'NO'}`);
console.log(
  `Throughput ≥ 2× crawlee in every case, wall clock: ${speedups.every((s) => s >= 2) ? 'yes' : 'NO'} (${speedups.map((s) => `${s.toFixed(2)}×`).join(', ')}); CPU time: ${cpuSpeedups.every((s) => s >= 2) ? 'yes' : 'NO'} (${cpuSpeedups.map((s) => `${s.toFixed(2)}×`).join(', ')})`,
);
console.log(
  `Peak heap not growing with URLs: ${indexPeak <= 2 * singlePeak ? 'yes' : 'NO'} (${formatBytes(singlePeak)} for 50,000 URLs, ${formatBytes(indexPeak)} for ${(URLS_PER_FILE * INDEX_FILES).toLocaleString('en-US')})`,
);

const out = join(root, 'bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'sitemaps.json'),
  `${JSON.stringify({ results, speedups, cpuSpeedups, singlePeak, indexPeak, load: [loadAtStart, loadavg()[0] ?? 0] }, null, 2)}\n`,
);
