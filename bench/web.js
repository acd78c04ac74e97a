/**
 * The tester page's figures (issue targets: 10,000 URLs × 5 agents re-evaluated within 100 ms of
 * an edit; the page's JavaScript under 300 KB gzipped). Loads the page's own evaluation module
 * (web/src/evaluate.ts, what its worker runs) through Vite, times a whole re-evaluation — parse of
 * the draft plus every URL × agent verdict and deciding line — on the shared bench files, and
 * sums the gzipped size of the built page in dist/web (run after `npm run build`).
 */

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createServer } from 'vite';
import { median, printTable } from './timing.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(root, process.env['ROBOTS_REP_SHARED'] ?? '../shared');
const AGENTS = ['Googlebot', 'Googlebot-Image', 'bingbot', 'GPTBot', 'ExampleBot'];
const RUNS = 21;

const server = await createServer({
  configFile: join(root, 'web/vite.config.ts'),
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'warn',
});
let rows;
let size;
try {
  const { evaluate } =
    /** @type {{ evaluate: typeof import('../web/src/evaluate.js').evaluate }} */ (
      await server.ssrLoadModule('/src/evaluate.ts')
    );
  const urls = readFileSync(join(shared, 'bench/urls.txt'), 'utf8').split('\n').filter(Boolean);
  rows = ['typical-robots.txt', 'large-robots.txt'].map((name) => {
    const body = readFileSync(join(shared, 'bench', name), 'utf8');
    const times = [];
    let disallowed = 0;
    for (let i = 0; i < RUNS; i++) {
      // Each run is a new edit: the draft is parsed again, as the page's worker does.
      const result = evaluate({ body: `${body}\n# edit ${i}\n`, urls, agents: AGENTS });
      times.push(result.elapsed);
      disallowed = result.allowed.length - result.allowed.reduce((n, v) => n + v, 0);
    }
    return {
      file: name,
      cells: urls.length * AGENTS.length,
      disallowed,
      medianMs: median(times),
      worstMs: Math.max(...times.slice(3)),
    };
  });
} finally {
  await server.close();
}

const assets = join(root, 'dist/web/assets');
try {
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const bytes = files.map((f) => readFileSync(join(assets, f)));
  size = {
    files: files.length,
    rawKB: bytes.reduce((n, b) => n + b.length, 0) / 1024,
    gzipKB: bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024,
  };
} catch {
  size = undefined;
}

console.log('\n## Tester page: re-evaluation after an edit (target ≤ 100 ms)\n');
printTable(
  ['file', 'URL × agent cells', 'disallowed', 'median', 'worst (after warm-up)'],
  rows.map((r) => [
    r.file,
    r.cells.toLocaleString('en'),
    r.disallowed.toLocaleString('en'),
    `${r.medianMs.toFixed(1)} ms`,
    `${r.worstMs.toFixed(1)} ms`,
  ]),
);
console.log('\n## Tester page: JavaScript shipped (target < 300 KB gzipped)\n');
if (size === undefined) console.log('dist/web is not built: run `npm run build` first.');
else
  printTable(
    ['files', 'raw', 'gzipped'],
    [[String(size.files), `${size.rawKB.toFixed(1)} KB`, `${size.gzipKB.toFixed(1)} KB`]],
  );

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/web.json'), `${JSON.stringify({ rows, size }, null, 2)}\n`);
