import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rulesRead } from '../../src/changes/groups-read.js';
import { compareVerdicts } from '../../src/changes/verdict-changes.js';
import { applyEdits } from '../../src/lint/fix.js';
import { readFixedCopy } from '../../src/lint/fixed-copy.js';
import type { FixEdit } from '../../src/lint/types.js';
import { byteStringBody, resolveOptions } from '../../src/parse/body.js';
import { ParsedRobotsTxt } from '../../src/robots.js';
import type { Rule } from '../../src/types.js';
import { pick } from '../helpers/arbitraries.js';

// A fix is verified against a copy of the fixed file read in part (fixed-copy.ts): the groups
// around the edits and those the crawlers they name read elsewhere. On generated files and
// edits, the copy must change exactly the verdicts the whole fixed file changes, and every
// crawler it leaves out must read the same rules on both sides of the whole file.

const line = fc.oneof(
  pick(['User-agent: *', 'User-agent: a', 'User-agent: B', 'User-agent: c', 'user-agent: A']),
  pick(['', '# note', 'Crawl-delay: 1', 'Sitemap: https://e.com/s.xml', 'Disallow:']),
  fc
    .tuple(pick(['Allow', 'Disallow']), pick(['/', '/a', '/a/b', '/*.pdf', '/x$', '/b*c']))
    .map(([k, v]) => `${k}: ${v}`),
);
const breakOf = pick(['\n', '\r\n', '\r']);
const file = fc.array(fc.tuple(line, breakOf), { minLength: 1, maxLength: 24 });
const replacement = fc.oneof(
  pick(['', '\n', 'User-agent: a\n', 'Disallow: /a\n', 'User-agent: c\nDisallow: /\n', '/']),
  fc.tuple(line, breakOf).map(([l, b]) => l + b),
);

const options = resolveOptions({}, 'test');

function parse(text: string): ParsedRobotsTxt {
  return new ParsedRobotsTxt(byteStringBody(text), options);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

function key(rules: readonly Rule[] | undefined): string {
  return JSON.stringify((rules ?? []).map((r) => [r.type, r.pattern]).sort());
}

describe('the fixed copy a fix is verified against', () => {
  it('changes the verdicts the whole fixed file changes, for every crawler whose rules change', () => {
    fc.assert(
      fc.property(
        file,
        fc.array(fc.tuple(fc.nat(), fc.nat(40), replacement), { minLength: 1, maxLength: 3 }),
        (lines, picks) => {
          const text = lines.map(([l, b]) => l + b).join('');
          const robots = parse(text);
          // Edits in order and apart, each at a place in the file.
          const edits: FixEdit[] = [];
          let at = 0;
          for (const [offset, length, written] of picks) {
            const start = at + (offset % (text.length - at + 1));
            if (start > text.length) break;
            const end = Math.min(text.length, start + length);
            edits.push({ start, end, text: written });
            at = end + 1;
            if (at > text.length) break;
          }
          const source = { text, robots, parseOptions: options, starts: lineStarts(text) };
          const copy = readFixedCopy(source, edits, () => true)!;
          const whole = parse(applyEdits(text, edits));
          const agents = copy.agents;
          const expected = compareVerdicts(robots, whole, { agents, maxChecks: 1e6 });
          const got = compareVerdicts(robots, copy.robots, { agents, maxChecks: 1e6 });
          expect(got.verdicts).toEqual(expected.verdicts);
          // Every other crawler a group names reads the same rules before and after (one no group
          // names reads the `*` groups, as `*` does).
          const named = (r: ParsedRobotsTxt, name: string): boolean =>
            r.groups.some((g) => g.agents.some((a) => a.token.toLowerCase() === name));
          for (const name of ['a', 'b', 'c']) {
            if (agents.some((a) => a.toLowerCase() === name)) continue;
            if (!named(robots, name) && !named(whole, name)) continue;
            expect(key(rulesRead(whole, name))).toBe(key(rulesRead(robots, name)));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads only the groups around the edits and those their crawlers read', () => {
    const group = (name: string): string =>
      `User-agent: ${name}\n${Array.from({ length: 50 }, (_, i) => `Disallow: /${name}/${i}\n`).join('')}`;
    const text = ['a', 'b', 'c', 'd', 'e'].map(group).join('') + group('*');
    const robots = parse(text);
    const start = text.indexOf('Disallow: /c/7') + 'Disallow: '.length;
    const edits = [{ start, end: start + 1, text: '/x/' }];
    const copy = readFixedCopy(
      { text, robots, parseOptions: options, starts: lineStarts(text) },
      edits,
      () => true,
    )!;
    expect(copy.agents).toEqual(['c', '*']);
    // The edited group and `*`, not the file: a third of it, and its blank lines.
    expect(copy.cost).toBeLessThan(text.length / 2);
    expect(copy.robots.groups.map((g) => g.agents[0]!.value)).toEqual(['c', '*']);
  });

  it('reads on past a group the fix leaves without rules, which the next group joins', () => {
    // Removing a's only rule makes "User-agent: b" join a's group: a then reads "Disallow: /y".
    const text = 'User-agent: a\nDisallow: /x\n\n# note\n\nUser-agent: b\nDisallow: /y\n';
    const robots = parse(text);
    const start = text.indexOf('Disallow: /x');
    const edits = [{ start, end: start + 'Disallow: /x\n'.length, text: '' }];
    const source = { text, robots, parseOptions: options, starts: lineStarts(text) };
    const copy = readFixedCopy(source, edits, () => true)!;
    const found = compareVerdicts(robots, copy.robots, { agents: copy.agents, maxChecks: 1e6 });
    expect(found.verdicts.map((v) => `${v.agent} ${v.url} ${v.after.allowed}`)).toEqual([
      'a /x true',
      'a /x/x true',
      'a /y false',
      'a /y/x false',
    ]);
  });
});
