import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, type Rule } from '../../src/index.js';
import { diffRobotsTxt } from '../../src/verify/diff.js';
import { formatDiffText } from '../../src/verify/format.js';

// Issue #31: a rule removed from a large real file must show its verdict changes. The diff
// derives its paths from the changed rules; these tests build paths from the removed rule in
// their own way and check both files with parseRobotsTxt.
const corpus = fileURLToPath(new URL('../../../shared/corpus/files/', import.meta.url));
const present = existsSync(corpus);
const ANY = 'RobotsRepAnyOtherBot';

/** A seeded generator (mulberry32): the sample is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The body without line `line` (1-based); line terminators kept as they are. */
function withoutLine(body: string, line: number): string {
  const lines = body.split(/(?<=\r\n|\n|\r(?!\n))/);
  return [...lines.slice(0, line - 1), ...lines.slice(line)].join('');
}

/** Paths built from a rule value: `*` filled in four ways, `$` dropped, four endings. */
function pathsOf(value: string): string[] {
  const body = value.endsWith('$') ? value.slice(0, -1) : value;
  const out = new Set<string>();
  for (const fill of ['', 'q', 'abc', 'a/b']) {
    const filled = body.replaceAll('*', fill);
    const path = filled.startsWith('/') ? filled : `/${filled}`;
    for (const end of value.endsWith('$') ? [''] : ['', 'z', '/z', '?id=1']) out.add(path + end);
  }
  return [...out];
}

describe.runIf(present)('diffRobotsTxt on rules removed from large real files', () => {
  for (const [file, seed] of [['6377.txt', 31]] as const) {
    it(`finds every change a path built from the removed rule shows (${file}, seed ${seed})`, () => {
      const body = readFileSync(`${corpus}${file}`, 'latin1');
      const before = parseRobotsTxt(body);
      const candidates: { rule: Rule; agents: string[] }[] = [];
      for (const group of before.groups) {
        const agents = group.agents.map((a) => (a.global ? ANY : a.token)).filter((a) => a !== '');
        for (const rule of group.rules) {
          if (/^[/*]/.test(rule.value)) candidates.push({ rule, agents });
        }
      }
      expect(candidates.length).toBeGreaterThan(1000);
      const next = random(seed);
      const sample = new Set<number>();
      while (sample.size < 200) sample.add(Math.floor(next() * candidates.length));
      let changing = 0;
      for (const index of sample) {
        const { rule, agents } = candidates[index]!;
        const after = parseRobotsTxt(withoutLine(body, rule.line));
        const expected = agents.filter((agent) =>
          pathsOf(rule.value).some((p) => before.isAllowed(p, agent) !== after.isAllowed(p, agent)),
        );
        const diff = diffRobotsTxt(before, after);
        expect(diff.checked.omitted).toBe(0);
        const found = new Set(diff.verdicts.map((v) => (v.agent === '*' ? ANY : v.agent)));
        for (const agent of expected) {
          expect(found.has(agent), `line ${rule.line} "${rule.value}" for ${agent}`).toBe(true);
        }
        // Every reported change is real: each side is the library's verdict for the token whose
        // group it says decided (the crawler model: Applebot as Googlebot, `*`, or no group).
        const shown = (token: string | undefined) => (token === '*' ? ANY : token);
        for (const v of diff.verdicts) {
          const was = shown(v.before.decidedBy);
          const is = shown(v.after.decidedBy);
          expect(was === '' ? true : before.isAllowed(v.url, was!)).toBe(v.before.allowed);
          expect(is === '' ? true : after.isAllowed(v.url, is!)).toBe(v.after.allowed);
        }
        if (expected.length > 0) changing++;
      }
      // The sample holds removals that change verdicts (else the test would prove nothing).
      expect(changing).toBeGreaterThan(20);
      // 200 parses and diffs of an 89 KB file: seconds alone, much more on a loaded machine.
    }, 300_000);
  }

  it('shows the change of removing line 1050 of corpus file 6377, and says what it checked', () => {
    const body = readFileSync(`${corpus}6377.txt`, 'latin1');
    expect(body.split('\n')[1049]).toMatch(/^Disallow: \/\*categories\/\*/);
    const diff = diffRobotsTxt(body, withoutLine(body, 1050));
    expect(diff.verdictsChanged).toBe(true);
    expect(diff.verdicts.some((v) => v.before.line === 1050)).toBe(true);
    const text = formatDiffText(diff);
    expect(text).toMatch(/^ {2}- Disallow: \/\*categories\/\* {2}\(old line 1050\)$/m);
    expect(text).toMatch(/\d+ verdicts? changes? \(\d+ URL × crawler checks on \d+ URLs\):/);
  });
});
