import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintRobotsTxt } from '../../src/lint/lint.js';
import type { Diagnostic } from '../../src/lint/types.js';

// Lint over the 6,571 real files of ../shared/corpus, counted per code and severity (no per-file
// expectations), against corpus-counts.json: a change in what lint reports, and so in its noise,
// shows in review as a change of that file. `UPDATE_CORPUS_COUNTS=1` rewrites it. The noise
// figures count diagnostics that were judged noise on hand-read files and must stay at zero.
// Where ../shared is absent these tests are reported as skipped, never as passed.
const corpus = fileURLToPath(new URL('../../../shared/corpus/files/', import.meta.url));
const present = existsSync(corpus);
const countsFile = fileURLToPath(new URL('./corpus-counts.json', import.meta.url));

interface Counts {
  readonly files: number;
  /** `code severity` → [diagnostics, files with one]. */
  readonly byCode: Record<string, [number, number]>;
  readonly noise: Record<string, number>;
}

const lineOf = (bytes: Uint8Array, line: number): string => {
  const text = new TextDecoder('latin1').decode(bytes);
  return text.split(/\r\n|\r|\n/)[line - 1] ?? '';
};

function noiseOf(bytes: Uint8Array, diagnostics: readonly Diagnostic[], noise: Counts['noise']) {
  const count = (name: string) => {
    noise[name] = (noise[name] ?? 0) + 1;
  };
  const html = diagnostics.some((d) => d.code === 'html-content');
  for (const d of diagnostics) {
    if (html && d.code !== 'html-content' && d.severity !== 'info')
      count('warnings and errors beside html-content');
    if (d.code === 'user-agent-truncated' && d.severity !== 'info') {
      if (
        /^\s*user-agent\s*:\s*[A-Za-z_-]+(\*+|\+|(\.[a-z]{2,})+)\s*(#.*)?$/i.test(
          lineOf(bytes, d.line),
        )
      )
        count('user-agent-truncated warnings on a harmless suffix');
    }
    if (d.code === 'literal-dollar' && /\$[A-Za-z0-9_]/.test(lineOf(bytes, d.line)))
      count('literal-dollar before a letter');
    if (d.code === 'invalid-utf8' && /^\s*#/.test(lineOf(bytes, d.line)))
      count('invalid-utf8 in a comment line');
    if (d.code === 'relative-sitemap' && d.message.includes('example.com//'))
      count('relative-sitemap fixes with example.com//');
    if (
      d.code === 'relative-sitemap' &&
      /e\.g\. https:\/\/[^/\s]+\.(?:xml|txt|gz)\.$/.test(d.message)
    )
      count('relative-sitemap examples with a file name as the host');
    if (
      d.code === 'missing-colon' &&
      d.fix !== undefined &&
      /^\s*[A-Za-z]+ [A-Za-z]+\s*$/.test(lineOf(bytes, d.line)) &&
      !/^\s*(?:user-agent|disallow|allow|sitemap|crawl-delay|host|noindex)\b/i.test(
        lineOf(bytes, d.line),
      )
    )
      count('missing-colon fixes on a key no crawler reads');
    if (d.message.length > 2000) count('messages over 2,000 characters');
  }
}

function countCorpus(): Counts {
  const byCode: Counts['byCode'] = {};
  const noise: Counts['noise'] = {
    'warnings and errors beside html-content': 0,
    'user-agent-truncated warnings on a harmless suffix': 0,
    'literal-dollar before a letter': 0,
    'invalid-utf8 in a comment line': 0,
    'relative-sitemap fixes with example.com//': 0,
    'relative-sitemap examples with a file name as the host': 0,
    'missing-colon fixes on a key no crawler reads': 0,
    'messages over 2,000 characters': 0,
  };
  const files = readdirSync(corpus).sort();
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(`${corpus}${file}`));
    const { diagnostics } = lintRobotsTxt(bytes);
    const seen = new Set<string>();
    for (const d of diagnostics) {
      const key = `${d.code} ${d.severity}`;
      const entry = byCode[key] ?? [0, 0];
      byCode[key] = entry;
      entry[0]++;
      if (!seen.has(key)) {
        seen.add(key);
        entry[1]++;
      }
    }
    noiseOf(bytes, diagnostics, noise);
  }
  const sorted = Object.fromEntries(Object.entries(byCode).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { files: files.length, byCode: sorted, noise };
}

describe.runIf(present)('lint on the real-world corpus', () => {
  it('gives the committed counts per code and severity, and no known noise', () => {
    const counts = countCorpus();
    if (process.env['UPDATE_CORPUS_COUNTS'] === '1') {
      writeFileSync(countsFile, `${JSON.stringify(counts, null, 2)}\n`);
    }
    const committed = JSON.parse(readFileSync(countsFile, 'utf8')) as Counts;
    expect(Object.values(counts.noise).every((n) => n === 0)).toBe(true);
    expect(counts).toEqual(committed);
    // A guard only: 6,571 files linted with every fix verified (hundreds in a few of them) take
    // minutes on a loaded machine.
  }, 600_000);
});

describe.runIf(present)('lint beside Google’s report on the real-world corpus', () => {
  it('flags missing colons and byte order marks on exactly the lines the report does', async () => {
    const { reportRobotsTxt } = await import('../../src/parse/report.js');
    const files = readdirSync(corpus).sort();
    let lines = 0;
    let bomLines = 0;
    let colonLines = 0;
    const disagreements: string[] = [];
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(`${corpus}${file}`));
      const { diagnostics } = lintRobotsTxt(bytes);
      // A UTF-16, binary or HTML file is one diagnostic by design, not one per line.
      const whole = new Set(['utf16-encoding', 'binary-content', 'html-content']);
      if (diagnostics.some((d) => whole.has(d.code))) continue;
      const report = reportRobotsTxt(bytes);
      const at = (code: string) =>
        new Set(diagnostics.filter((d) => d.code === code).map((d) => d.line));
      const text = new TextDecoder('latin1').decode(bytes).split(/\r\n|\r|\n/);
      const missingColon = at('missing-colon');
      const strayBom = at('stray-byte-order-mark');
      for (const line of report.lines) {
        lines++;
        const reported = line.isMissingColonSeparator;
        if (reported) colonLines++;
        if (reported !== missingColon.has(line.line))
          disagreements.push(`${file}:${line.line} colon`);
        // A line whose key starts with a byte order mark: the report tags it unknown.
        const bom = /^[\t ]*\xef\xbb\xbf/.test(text[line.line - 1] ?? '');
        if (line.line > 1 && bom && line.hasDirective) {
          expect(line.tag).toBe('unknown');
          bomLines++;
          if (!strayBom.has(line.line)) disagreements.push(`${file}:${line.line} bom`);
        }
      }
    }
    expect(lines).toBeGreaterThan(100_000);
    expect(colonLines).toBeGreaterThan(0);
    // No corpus file has a stray BOM (test/lint/lint.test.ts has some): the count says so.
    expect(bomLines).toBe(0);
    expect(disagreements).toEqual([]);
    // Lints the whole corpus, fixes verified, as the test above does: the same guard (it passed
    // 120 s once on a loaded machine).
  }, 600_000);
});
