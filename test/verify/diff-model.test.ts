import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt, type RobotsTxt, type VerdictChange } from '../../src/index.js';
import { checkAsCrawler, crawlerGroup } from '../../src/readings/crawler-model.js';
import { diffRobotsTxt } from '../../src/verify/diff.js';
import { formatDiffText } from '../../src/verify/format.js';

// Issue #32: the diff reads each crawler as the audit and the tester page do (the crawler model)
// and marks each side with the token whose group decided.
const ANY = 'RobotsRepAnyOtherBot';

/** The library's verdict and line for the token a side shows (`''`: no group, all allowed). */
function library(robots: RobotsTxt, url: string, shown: string | undefined): [boolean, number] {
  if (shown === '') return [true, 0];
  const token = shown === '*' ? ANY : shown!;
  return [robots.isAllowed(url, token), robots.matchingLine(url, token)];
}

/** Every side of every change is the library's answer for the token it shows. */
function expectLibraryCells(a: RobotsTxt, b: RobotsTxt, changes: readonly VerdictChange[]): void {
  for (const v of changes) {
    expect(v.before.decidedBy, `${v.agent} ${v.url}`).toBeTypeOf('string');
    expect([v.before.allowed, v.before.line]).toEqual(library(a, v.url, v.before.decidedBy));
    expect([v.after.allowed, v.after.line]).toEqual(library(b, v.url, v.after.decidedBy));
  }
}

/** The changes the model gives on every checked URL × crawler, counted one by one. */
function modelChanges(
  a: RobotsTxt,
  b: RobotsTxt,
  urls: readonly string[],
  agents: readonly string[],
) {
  let n = 0;
  for (const agent of agents) {
    const name = agent === '*' ? ANY : agent;
    const was = crawlerGroup(a, name);
    const is = crawlerGroup(b, name);
    for (const url of urls) {
      if (checkAsCrawler(a, url, was).allowed !== checkAsCrawler(b, url, is).allowed) n++;
    }
  }
  return n;
}

const BEFORE =
  'User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: GoogleOther\nDisallow: /o/\n\nUser-agent: *\nDisallow: /s/\n';
const AFTER = 'User-agent: Googlebot\nDisallow: /h/\n\nUser-agent: *\nDisallow: /\n';

describe('diffRobotsTxt and the crawler model', () => {
  const a = parseRobotsTxt(BEFORE);
  const b = parseRobotsTxt(AFTER);

  it('adds the crawlers that follow a named token, and reads them as they read the file', () => {
    const diff = diffRobotsTxt(a, b);
    expect(diff.checked.agents).toEqual([
      'Googlebot',
      'GoogleOther',
      'GoogleOther-Image',
      'GoogleOther-Video',
      'Google-InspectionTool',
      'Applebot',
      'Kagibot',
      '*',
    ]);
    const at = (agent: string, url: string) =>
      diff.verdicts.find((v) => v.agent === agent && v.url === url);
    // Applebot reads Googlebot's group on both sides: /g/ opens, /h/ closes.
    expect(at('Applebot', '/g/')).toEqual({
      url: '/g/',
      agent: 'Applebot',
      before: { allowed: false, line: 2, rule: 'Disallow: /g/', decidedBy: 'Googlebot' },
      after: { allowed: true, line: 0, decidedBy: 'Googlebot' },
    });
    expect(at('Applebot', '/h/')?.after).toMatchObject({ allowed: false, decidedBy: 'Googlebot' });
    // GoogleOther-Image followed GoogleOther's group; without it, `*` decides.
    expect(at('GoogleOther-Image', '/')).toEqual({
      url: '/',
      agent: 'GoogleOther-Image',
      before: { allowed: true, line: 0, decidedBy: 'GoogleOther' },
      after: { allowed: false, line: 5, rule: 'Disallow: /', decidedBy: '*' },
    });
    expectLibraryCells(a, b, diff.verdicts);
    expect(diff.verdicts).toHaveLength(modelChanges(a, b, diff.checked.urls, diff.checked.agents));
    const text = formatDiffText(diff);
    expect(text).toContain(
      '  Applebot /g/: disallowed (line 2 "Disallow: /g/"; as Googlebot) → allowed (no rule; as Googlebot)',
    );
    expect(text).toContain(
      '  GoogleOther-Image /: allowed (no rule; as GoogleOther) → disallowed (line 5 "Disallow: /"; * group)',
    );
    expect(text).toMatch(
      /^ {2}Googlebot \/g\/: disallowed \(line 2 "Disallow: \/g\/"\) → allowed \(no rule\)$/m,
    );
  });

  it("leaves special-case crawlers out of `*`'s changes: no group applies to them", () => {
    const diff = diffRobotsTxt(a, b, { agents: ['AdsBot-Google', 'Storebot-Google', '*'] });
    expect(diff.verdicts.some((v) => v.agent === 'AdsBot-Google')).toBe(false);
    // Storebot-Google, a common crawler, reads `*`: its verdicts change with it.
    expect(diff.verdicts.filter((v) => v.agent === 'Storebot-Google').length).toBe(
      diff.verdicts.filter((v) => v.agent === '*').length,
    );
    const named = parseRobotsTxt(`${AFTER}\nUser-agent: AdsBot-Google\nDisallow: /ads/\n`);
    const added = diffRobotsTxt(b, named, { agents: ['AdsBot-Google'] });
    expect(added.verdicts.find((v) => v.url === '/ads/')).toEqual({
      url: '/ads/',
      agent: 'AdsBot-Google',
      before: { allowed: true, line: 0, decidedBy: '' },
      after: { allowed: false, line: 8, rule: 'Disallow: /ads/', decidedBy: 'AdsBot-Google' },
    });
    expect(formatDiffText(added)).toContain('(no rule; no group applies) →');
    expectLibraryCells(b, named, added.verdicts);
  });

  it('answers for each token as given with crawlerRules: []', () => {
    const diff = diffRobotsTxt(a, b, { crawlerRules: [] });
    expect(diff.checked.agents).toEqual(['Googlebot', 'GoogleOther', '*']);
    const plain = diffRobotsTxt(a, b, { crawlerRules: [], agents: ['Applebot'] });
    for (const v of plain.verdicts) {
      expect(v.before.decidedBy).toBe('*');
      expect(v.before.allowed).toBe(a.isAllowed(v.url, 'Applebot'));
      expect(v.after.allowed).toBe(b.isAllowed(v.url, 'Applebot'));
    }
    expect(() => diffRobotsTxt(a, b, { crawlerRules: 'x' as never })).toThrow(/crawlerRules/);
  });

  it('gives every cell the library verdict of the token shown, on real files', () => {
    const dir = fileURLToPath(new URL('../../../shared/corpus/files/', import.meta.url));
    let names: string[] = [];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith('.txt'))
        .sort();
    } catch {
      return;
    }
    let files = 0;
    let following = 0;
    for (const name of names) {
      if (files === 40) break;
      const body = readFileSync(`${dir}${name}`, 'latin1');
      const before = parseRobotsTxt(body);
      const google = before.groups.find(
        (g) => g.agents.some((x) => x.token.toLowerCase() === 'googlebot') && g.rules.length > 0,
      );
      if (google === undefined) continue;
      files++;
      // The first rule of a Googlebot group removed: Googlebot's verdicts change, and Applebot's
      // with them when no group names Applebot.
      const lines = body.split('\n');
      lines.splice(google.rules[0]!.line - 1, 1);
      const after = parseRobotsTxt(lines.join('\n'));
      const diff = diffRobotsTxt(before, after);
      expect(diff.checked.omitted).toBe(0);
      expectLibraryCells(before, after, diff.verdicts);
      expect(diff.verdicts).toHaveLength(
        modelChanges(before, after, diff.checked.urls, diff.checked.agents),
      );
      following += diff.verdicts.filter(
        (v) => v.before.decidedBy === 'Googlebot' && v.agent !== 'Googlebot',
      ).length;
    }
    expect(files).toBe(40);
    // The model's rule is exercised by the real files, not only the crafted one.
    expect(following).toBeGreaterThan(0);
  }, 300_000);
});
