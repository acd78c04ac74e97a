/**
 * The tester page's figures, taken in Chromium on the built page (dist/web, served by `robotstxt
 * serve`'s server on loopback) and, for the evaluation alone, in Node:
 *
 * - the longest main-thread task after opening a hostile share link (2,000 crawlers × 200 URLs
 *   and a 100 KB URL; target under 200 ms);
 * - keystroke → matrix update on corpus file 6377 (89 KB) with 1,500 URLs × 5 crawlers, with the
 *   Diff tab open and with the Audit tab open (target: p95 within 100 ms);
 * - Google's report of a 2 MB, 100,000-line file, from the click on its tab to its summary and
 *   the rows in view drawn (target: within 1 s);
 * - one re-evaluation (parse plus every URL × crawler verdict) of the bench files in Node, through
 *   the page's own module (web/src/evaluate.ts, loaded by Vite), and the page's JavaScript size.
 *
 * Run after `npm run build`; about a minute.
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { startWebServer } from '../dist/cli/web-server.js';
import { fetchRobotsTxt } from '../dist/index.js';
import { median, printTable } from './timing.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(root, process.env['ROBOTS_REP_SHARED'] ?? '../shared');
const AGENTS = ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'ExampleBot'];
const RUNS = 21;
const KEYSTROKES = 30;
const benchUrls = readFileSync(join(shared, 'bench/urls.txt'), 'utf8').split('\n').filter(Boolean);

/**
 * A share link's fragment, as the page encodes one (deflate-raw, base64url, `s=`).
 * @param {object} state
 * @returns {string}
 */
function fragmentOf(state) {
  const packed = deflateRawSync(Buffer.from(JSON.stringify(state)));
  return `s=${packed.toString('base64url')}`;
}

/**
 * The p-th percentile (0–100) of `values`.
 * @param {number[]} values
 * @param {number} p
 * @returns {number}
 */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** @param {import('playwright-core').Page} page */
async function settle(page) {
  await page.waitForFunction(
    () => {
      const d = document.body.dataset;
      return (
        d['evaluating'] === d['evaluated'] &&
        d['viewing'] === d['viewed'] &&
        document.querySelector('[data-drawing]') === null
      );
    },
    undefined,
    { timeout: 120_000 },
  );
}

/**
 * Keystroke → matrix drawn, per key: from the keydown to the frame after the matrix of the new
 * text is rendered. Only the typed characters are timed (not the keys that place the cursor),
 * and each is typed once the one before it has its matrix, so every figure is one keystroke's.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number[]>}
 */
async function keystrokes(page) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.latencies = [];
    if (w.timingKeys) return;
    w.timingKeys = true;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== '#' && event.key !== 'x') return;
        const start = performance.now();
        const before = document.body.dataset['evaluating'];
        const poll = () => {
          const d = document.body.dataset;
          if (d['evaluating'] !== before && d['evaluating'] === d['evaluated']) {
            w.latencies.push(performance.now() - start);
          } else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      },
      true,
    );
  });
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await settle(page);
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.type(i % 2 === 0 ? '#' : 'x');
    await page.waitForFunction((n) => /** @type {any} */ (window).latencies.length > n, i, {
      timeout: 60_000,
    });
  }
  return page.evaluate(() => /** @type {any} */ (window).latencies);
}

/**
 * The page's figures in Chromium.
 * @param {string} pageRoot
 */
async function measurePage(pageRoot) {
  const server = await startWebServer({ root: pageRoot, port: 0, fetchRobotsTxt });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  // A loaded machine: actions wait for states, with room.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(120_000);
  try {
    // 1. A hostile link: the longest task the main thread runs while opening it.
    const hostile = fragmentOf({
      draft: 'User-agent: *\nDisallow: /p/1\n',
      urls: [...Array.from({ length: 200 }, (_, i) => `/p/${i}`), `/${'a'.repeat(100_000)}`].join(
        '\n',
      ),
      agents: Array.from({ length: 2000 }, (_, i) => `Bot${i}`),
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = /** @type {any} */ (window);
      w.longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.url}#${hostile}`);
    await page.waitForSelector('td.verdict');
    await settle(page);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
    const longestTask = await page.evaluate(() => /** @type {any} */ (window).longest);
    const drawnCells = await page.locator('td.verdict').count();
    await page.close();

    // 2. Keystrokes on an 89 KB file with 1,500 URLs × 5 crawlers, the Diff or Audit tab open.
    const large = readFileSync(join(shared, 'corpus/files/6377.txt'));
    const typing = await context.newPage();
    await typing.goto(server.url);
    await typing.waitForSelector('td.verdict');
    await typing.setInputFiles('#upload', {
      name: '6377.txt',
      mimeType: 'text/plain',
      buffer: large,
    });
    await typing.fill('#urls', benchUrls.slice(0, 1500).join('\n'));
    await settle(typing);
    await typing.click('#tab-diff');
    await typing.click('#diff-use-draft');
    await settle(typing);
    const withDiff = await keystrokes(typing);
    await typing.click('#tab-audit');
    await settle(typing);
    const withAudit = await keystrokes(typing);
    await typing.close();

    // 3. Google's report of a 2 MB, 100,000-line file.
    const lines = Array.from({ length: 100_000 }, (_, i) =>
      i % 50 === 0 ? `User-agent: bot${i}` : `Disallow: /s-${i}/p`,
    );
    const big = Buffer.from(`${lines.join('\n')}\n`);
    const reporting = await context.newPage();
    await reporting.goto(server.url);
    await reporting.waitForSelector('td.verdict');
    await reporting.setInputFiles('#upload', {
      name: 'big.txt',
      mimeType: 'text/plain',
      buffer: big,
    });
    await settle(reporting);
    const reportMs = await reporting.evaluate(async () => {
      const start = performance.now();
      /** @type {HTMLElement} */ (document.querySelector('#tab-report')).click();
      /** @param {() => boolean} done */
      const until = (done) =>
        new Promise((resolve) => {
          const poll = () => (done() ? resolve(undefined) : requestAnimationFrame(poll));
          requestAnimationFrame(poll);
        });
      // The summary and the rows in view: the table draws only those (and a margin) as it
      // scrolls, so there is no later "all rows drawn".
      await until(() => {
        const d = document.body.dataset;
        return (
          d['viewing'] === d['viewed'] && document.querySelector('table.report tbody tr') !== null
        );
      });
      return performance.now() - start;
    });
    await reporting.close();
    return {
      longestTask,
      drawnCells,
      diffP95: percentile(withDiff, 95),
      diffMedian: median(withDiff),
      auditP95: percentile(withAudit, 95),
      auditMedian: median(withAudit),
      reportMs,
      reportBytes: big.length,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** One re-evaluation of each bench file in Node, through the page's module. */
async function measureEvaluation() {
  const vite = await createServer({
    configFile: join(root, 'web/vite.config.ts'),
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    const { evaluate } =
      /** @type {{ evaluate: typeof import('../web/src/evaluate.js').evaluate }} */ (
        await vite.ssrLoadModule('/src/evaluate.ts')
      );
    return ['typical-robots.txt', 'large-robots.txt'].map((name) => {
      const body = readFileSync(join(shared, 'bench', name), 'utf8');
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        // Each run is a new edit: the draft is parsed again, as the page's worker does.
        times.push(
          evaluate({ body: `${body}\n# edit ${i}\n`, urls: benchUrls, agents: AGENTS }).elapsed,
        );
      }
      return { file: name, cells: benchUrls.length * AGENTS.length, medianMs: median(times) };
    });
  } finally {
    await vite.close();
  }
}

const pageRoot = join(root, 'dist/web');
if (!existsSync(join(pageRoot, 'index.html'))) {
  console.log('dist/web is not built: run `npm run build` first.');
  process.exit(1);
}
const started = performance.now();
const page = await measurePage(pageRoot);
const rows = await measureEvaluation();
const files = readdirSync(join(pageRoot, 'assets')).filter((f) => f.endsWith('.js'));
const bytes = files.map((f) => readFileSync(join(pageRoot, 'assets', f)));
const size = {
  files: files.length,
  rawKB: bytes.reduce((n, b) => n + b.length, 0) / 1024,
  gzipKB: bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024,
};

console.log('\n## Tester page in Chromium\n');
printTable(
  ['figure', 'measured', 'target'],
  [
    [
      'longest main-thread task, hostile link (2,000 crawlers × 200 URLs, 100 KB URL)',
      page.longestTask === 0 ? 'none over 50 ms' : `${page.longestTask.toFixed(0)} ms`,
      '< 200 ms',
    ],
    ['cells drawn for that link', page.drawnCells.toLocaleString('en'), '≤ 1,000'],
    [
      'keystroke → matrix, 89 KB file, 1,500 URLs × 5 crawlers, Diff tab open (p95 / median)',
      `${page.diffP95.toFixed(0)} / ${page.diffMedian.toFixed(0)} ms`,
      'p95 ≤ 100 ms',
    ],
    [
      'keystroke → matrix, same, Audit tab open (p95 / median)',
      `${page.auditP95.toFixed(0)} / ${page.auditMedian.toFixed(0)} ms`,
      'p95 ≤ 100 ms',
    ],
    [
      `Google's report of a ${(page.reportBytes / 1024 / 1024).toFixed(1)} MB, 100,000-line file (summary and rows in view)`,
      `${page.reportMs.toFixed(0)} ms`,
      '≤ 1,000 ms',
    ],
  ],
);
console.log('\n## Tester page: re-evaluation after an edit, in Node (target ≤ 100 ms)\n');
printTable(
  ['file', 'URL × crawler cells', 'median'],
  rows.map((r) => [r.file, r.cells.toLocaleString('en'), `${r.medianMs.toFixed(1)} ms`]),
);
console.log('\n## Tester page: JavaScript shipped (target < 300 KB gzipped)\n');
printTable(
  ['files', 'raw', 'gzipped'],
  [[String(size.files), `${size.rawKB.toFixed(1)} KB`, `${size.gzipKB.toFixed(1)} KB`]],
);
console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/web.json'),
  `${JSON.stringify({ page, rows, size }, null, 2)}\n`,
);
