// Draws a seeded random sample of corpus files for judging lint by hand (docs/lint-precision.md).
// Usage: node scripts/lint-sample.mjs SEED COUNT [--full N]  (after npm run build)
// Prints every warning- and error-level diagnostic of the sampled files with the line it flags.
import { readdirSync, readFileSync } from 'node:fs';
import { lintRobotsTxt } from '../dist/index.js';

// Files named in the tests or in issue #31: never part of a judged sample.
const EXCLUDED = new Set(
  '0019 0147 0383 0442 0586 0812 0968 1000 1026 1100 1248 1521 1880 1919 2000 3000 3063 3574 3692 3892 4434'.split(
    ' ',
  ),
);
const [seed = '1', count = '200', flag, full = '0'] = process.argv.slice(2);
let state = Number(seed) >>> 0;
// mulberry32: a small seeded generator, so the sample can be drawn again.
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const dir = new URL('../../shared/corpus/files/', import.meta.url);
const files = readdirSync(dir)
  .sort()
  .filter((f) => !EXCLUDED.has(f.slice(0, 4)));
for (let i = files.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [files[i], files[j]] = [files[j], files[i]];
}
const sample = files.slice(0, Number(count)).sort();
console.log(`seed ${seed}, ${sample.length} files: ${sample.map((f) => f.slice(0, 4)).join(' ')}`);
if (flag === '--full')
  console.log(
    `read in full: ${sample
      .slice(0, Number(full))
      .map((f) => f.slice(0, 4))
      .join(' ')}`,
  );
let n = 0;
for (const file of sample) {
  const bytes = new Uint8Array(readFileSync(new URL(file, dir)));
  const lines = new TextDecoder('latin1').decode(bytes).split(/\r\n|\r|\n/);
  const { diagnostics } = lintRobotsTxt(bytes, { maxPerCode: 3 });
  for (const d of diagnostics) {
    if (d.severity === 'info') continue;
    n++;
    console.log(
      `#${n} ${file.slice(0, 4)}:${d.line} ${d.severity} ${d.code} | ${JSON.stringify((lines[d.line - 1] ?? '').slice(0, 100))}\n    ${d.message.slice(0, 400)}`,
    );
  }
}
console.log(`${n} warning/error diagnostics`);
