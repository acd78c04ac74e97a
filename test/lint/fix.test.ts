import { describe, expect, it } from 'vitest';
import { readStatement } from '../../src/ai-preferences/index.js';
import {
  applyLintFixes,
  type Diagnostic,
  formatLintText,
  lintRobotsTxt,
  parseRobotsTxt,
  toSarif,
} from '../../src/index.js';
import { MAX_VERIFIED_BYTES, verifyFix } from '../../src/lint/fix.js';
import { byteStringBody } from '../../src/parse/body.js';
import { ParsedRobotsTxt } from '../../src/robots.js';

const ANY = 'RobotsRepAnyOtherBot';

/** The body with the diagnostic's fix applied, as text. */
function fixed(body: string | Uint8Array, d: Diagnostic): string {
  return new TextDecoder().decode(applyLintFixes(body, [d]).body);
}

function only(body: string | Uint8Array, code: Diagnostic['code']): Diagnostic {
  const found = lintRobotsTxt(body).diagnostics.filter((d) => d.code === code);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('lint fixes (issue #31)', () => {
  it.each([
    ['Disallow: xnet.westjet.com/', 'xnet.westjet.com'],
    ['Disallow: staging.example.com/', 'staging.example.com'],
    ['Disallow: listenercare.siriusxm.com/app/answers/detail/a_id/1', 'listenercare.siriusxm.com'],
    ['Disallow: 117.53.170.211/', '117.53.170.211'],
  ])('never tells a host written as a path (%s) to write a path', (line, host) => {
    const found = lintRobotsTxt(`User-agent: *\n${line}\nAllow: /\n`).diagnostics.filter(
      (d) => d.line === 2,
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((d) => d.message.includes(host))).toBe(true);
    expect(found.some((d) => d.message.includes('own robots.txt'))).toBe(true);
    for (const d of found) {
      expect(d.fix).toBeUndefined();
      expect(d.message).not.toMatch(/Did you mean/i);
    }
  });

  it('fixes a path behind a no-break space without printing the raw character', () => {
    const body = 'User-agent: *\nDisallow: \u00a0/textbooks/math/\n';
    const d = only(body, 'pattern-never-matches');
    expect(d.message).not.toContain('\u00a0');
    expect(d.message).toContain('\\xa0');
    expect(d.fix?.description).toBe('Write "Disallow: /textbooks/math/".');
    const after = parseRobotsTxt(fixed(body, d));
    expect(after.isAllowed('/textbooks/math/x', 'Googlebot')).toBe(false);
    expect(after.isAllowed('/textbooks/', 'Googlebot')).toBe(true);
  });

  it('gives fixes as byte offsets of a file that is not UTF-8, applied to its bytes', () => {
    // "# caf\xe9" is latin-1: one byte for é.
    const latin1 = '# caf\xe9\nUser-agent: *\nDisallow: private/\n';
    const bytes = Uint8Array.from([...latin1], (c) => c.charCodeAt(0));
    const d = only(bytes, 'pattern-never-matches');
    // Bytes, not characters of a decoding (é is one byte here, U+FFFD when decoded as UTF-8).
    const start = latin1.indexOf('private/');
    expect(start).toBe(31);
    expect(d.fix?.edits).toEqual([{ start, end: start + 8, text: '/private/' }]);
    const out = applyLintFixes(bytes, [d]).body;
    expect(out[5]).toBe(0xe9);
    expect(new TextDecoder('latin1').decode(out)).toBe(
      '# caf\xe9\nUser-agent: *\nDisallow: /private/\n',
    );
  });

  it('refuses a fix that blocks more than the line targeted, and says what to do instead', () => {
    const body = 'User-agent: *\nDisallow: private/\nAllow: /\n';
    const robots = new ParsedRobotsTxt(byteStringBody(body), {
      ...parseRobotsTxt('').options,
    } as never);
    const start = body.indexOf('private/');
    const proposal = {
      description: 'Write "Disallow: /".',
      edits: [{ start, end: start + 'private/'.length, text: '/' }],
      targets: ['/private/'],
      otherwise: 'Write the path.',
    };
    const verdict = verifyFix(
      { text: body, robots, parseOptions: robots.options as never },
      proposal,
      [],
    );
    // Allow: / ties with Disallow: / and wins: nothing is blocked, so the fix passes…
    expect(verdict.offered).toBe(true);
    const strict = 'User-agent: *\nDisallow: private/\n';
    const strictRobots = new ParsedRobotsTxt(byteStringBody(strict), robots.options as never);
    const refused = verifyFix(
      { text: strict, robots: strictRobots, parseOptions: robots.options as never },
      proposal,
      [],
    );
    // …but without the Allow it would block the whole site.
    expect(refused.offered).toBe(false);
    expect(refused.offered === false && refused.reason).toMatch(/^it would also block \/ for /);
  });

  it('never offers a fix that disallows "/" for every crawler, even one the line meant', () => {
    // Lost line breaks (corpus 3656): as written the file lets every crawler in; split, it
    // takes the site out of search. `--fix` would apply it without a second look.
    const whole = only('User-agent: * Disallow: /\n', 'directive-in-value');
    expect(whole.fix).toBeUndefined();
    expect(whole.message).toContain('No fix offered: it would disallow "/" for every crawler');
    expect(applyLintFixes('User-agent: * Disallow: /\n', [whole]).applied).toHaveLength(0);
    // The same split of a narrower rule, or of a whole-site block for one named crawler, is fixed.
    const part = only('User-agent: * Disallow: /private/\n', 'directive-in-value');
    expect(fixed('User-agent: * Disallow: /private/\n', part)).toBe(
      'User-agent: *\nDisallow: /private/\n',
    );
    const one = only('User-agent: GPTBot Disallow: /\n', 'directive-in-value');
    expect(fixed('User-agent: GPTBot Disallow: /\n', one)).toBe(
      'User-agent: GPTBot\nDisallow: /\n',
    );
  });

  it('writes a regular expression as the pattern it stands for, when every construct has one', () => {
    const body = 'User-agent: *\nDisallow: /(.*)\\.csv$\nDisallow: /blog/.*\\?.*\n';
    const found = lintRobotsTxt(body).diagnostics.filter((d) => d.code === 'regex-syntax');
    expect(found.map((d) => d.fix?.description)).toEqual([
      'Write "Disallow: /*.csv$", the pattern the expression stands for.',
      'Write "Disallow: /blog/*?*", the pattern the expression stands for.',
    ]);
    const after = parseRobotsTxt(new TextDecoder().decode(applyLintFixes(body, found).body));
    expect(after.isAllowed('/data/report.csv', 'Googlebot')).toBe(false);
    expect(after.isAllowed('/data/report.csv?x=1', 'Googlebot')).toBe(true);
    expect(after.isAllowed('/blog/a?page=2', 'Googlebot')).toBe(false);
    expect(after.isAllowed('/blog/a', 'Googlebot')).toBe(true);
    // A class, an alternation or a quantifier has no pattern: the message says what to do.
    for (const value of ['/[0-9]+/x', '/(a|b)/', '/\\d{8}/']) {
      const d = only(`User-agent: *\nDisallow: ${value}\n`, 'regex-syntax');
      expect(d.fix).toBeUndefined();
      expect(d.message).toContain('Write one rule per path');
    }
  });

  it('fixes a merged group with the * rules, and says what it allows', () => {
    const body =
      'User-agent: *\nDisallow: /*.pdf\nDisallow: /*?v=2\n\nUser-agent: bingbot\nCrawl-delay: 5\n\nUser-agent: Googlebot\nDisallow: /\n';
    const d = lintRobotsTxt(body).diagnostics.find((x) => x.code === 'merged-group')!;
    expect(d.fix?.description).toContain('"Disallow: /*.pdf", "Disallow: /*?v=2"');
    const after = parseRobotsTxt(fixed(body, d));
    expect(after.isAllowed('/a.pdf', 'bingbot')).toBe(false);
    expect(after.isAllowed('/a?v=2', 'bingbot')).toBe(false);
    expect(after.isAllowed('/a', 'bingbot')).toBe(true);
    expect(after.isAllowed('/a', 'Googlebot')).toBe(false);
    expect(after.crawlDelay('bingbot')).toBe(5);
    expect(d.message).toMatch(/It allows what was disallowed: \/ for bingbot/);
    // Every verdict the fix changes is listed on the fix.
    const changes = d.fix!.verdicts;
    const before = parseRobotsTxt(body);
    for (const v of changes) {
      const agent = v.agent === '*' ? ANY : v.agent;
      expect(before.isAllowed(v.url, agent)).toBe(v.before.allowed);
      expect(after.isAllowed(v.url, agent)).toBe(v.after.allowed);
    }
  });

  it('matches a witness written as a full URL (a path of "//") against the targets by its path', () => {
    // 6227's shape: the * group's `/*/*/*/*` decides paths the Allow names only when they start
    // with "//", which the verdict list writes as https://example.com//…; the target check read
    // that string as the path and refused a fix that blocks only what the * rules block.
    const body =
      'User-agent: ExampleBot\nAllow: /*/bag\n\nUser-agent: *\nDisallow: /*/list\nDisallow: /*/bag\nDisallow: /*/*/*/*\n';
    const d = lintRobotsTxt(body).diagnostics.find((x) => x.code === 'user-agent-without-rules')!;
    expect(d.fix?.description).toContain('Repeat 2 of the 3 rules');
    expect(d.fix!.verdicts.some((v) => v.url.startsWith('https://example.com//'))).toBe(true);
    const after = parseRobotsTxt(fixed(body, d));
    expect(after.isAllowed('/a/list', 'ExampleBot')).toBe(false);
    expect(after.isAllowed('/a/bag', 'ExampleBot')).toBe(true);
  });

  it('says what a fix blocks as well as what it opens', () => {
    // 4736's shape (judge K): the merged group's fix gives Googlebot the * rules, opening /news/
    // and blocking /private/, and the message said only the first.
    const body =
      'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nCrawl-delay: 5\n\nUser-agent: FlipboardProxy\nDisallow: /news/\n';
    const d = lintRobotsTxt(body).diagnostics.find((x) => x.code === 'merged-group')!;
    expect(d.fix).toBeDefined();
    expect(d.message).toMatch(/It allows what was disallowed: \/news\/ for Googlebot/);
    expect(d.message).toMatch(/It disallows what was allowed: \/private\/ for Googlebot/);
  });

  it('applies every offered fix so that its diagnostic goes away', () => {
    const body = [
      'Disallow: /early',
      'User-agent: Googlebot, Bingbot',
      'Disalow: /x',
      'Disallow /y',
      'Disallow: z/',
      'Disallow: .pdf',
      'Sitemap https://e.com/s.xml',
      'https://e.com/t.xml',
      'User-agent: a',
      'Crawl-delay: 4',
      'User-agent: b',
      'Disallow: /b/',
      '',
    ].join('\r\n');
    const result = lintRobotsTxt(body);
    const withFix = result.diagnostics.filter((d) => d.fix !== undefined);
    expect(withFix.map((d) => d.code).sort()).toEqual([
      'accepted-typo',
      'merged-group',
      'missing-colon',
      'pattern-never-matches',
      'pattern-never-matches',
      'rule-outside-group',
      'space-in-key',
      'unknown-directive',
      'user-agent-truncated',
    ]);
    for (const d of withFix) {
      expect(d.fix!.edits.every((e) => !e.text.includes('\n') || e.text.includes('\r\n'))).toBe(
        true,
      );
      const again = lintRobotsTxt(fixed(body, d)).diagnostics;
      expect(
        again.some((x) => x.code === d.code && x.message === d.message),
        `${d.code} on line ${d.line}`,
      ).toBe(false);
    }
    const all = applyLintFixes(body, result.diagnostics);
    expect(all.applied).toHaveLength(withFix.length);
    const left = lintRobotsTxt(all.body).diagnostics.filter((d) => d.fix !== undefined);
    expect(left).toEqual([]);
  });

  it('puts the fix in SARIF as byte replacements', () => {
    const body = 'User-agent: *\nDisallow: private/\n';
    const log = toSarif([{ uri: 'robots.txt', result: lintRobotsTxt(body) }]);
    const result = log.runs[0]!.results.find((r) => r.ruleId === 'pattern-never-matches')!;
    expect(result.fixes).toEqual([
      {
        description: { text: 'Write "Disallow: /private/".' },
        artifactChanges: [
          {
            artifactLocation: { uri: 'robots.txt' },
            replacements: [
              {
                deletedRegion: { byteOffset: 24, byteLength: 8 },
                insertedContent: { text: '/private/' },
              },
            ],
          },
        ],
      },
    ]);
  });

  it('offers the Content-Usage token a value meant, as a verified fix that keeps parameters', () => {
    const body = 'User-agent: *\nContent-Usage: /a/ train-ai=yes;x=1, search="no"\n';
    const found = lintRobotsTxt(body, { readStatement }).diagnostics.filter(
      (d) => d.code === 'content-usage-value',
    );
    expect(found.map((d) => d.fix?.description)).toEqual(['Write train-ai=y.', 'Write search=n.']);
    const after = new TextDecoder().decode(applyLintFixes(body, found).body);
    expect(after).toBe('User-agent: *\nContent-Usage: /a/ train-ai=y;x=1, search=n\n');
    expect(
      lintRobotsTxt(after, { readStatement }).diagnostics.filter(
        (d) => d.code === 'content-usage-value',
      ),
    ).toEqual([]);
    // A value whose meaning is not clear gets no fix.
    const unclear = lintRobotsTxt('User-agent: *\nContent-Usage: train-ai=maybe\n', {
      readStatement,
    }).diagnostics.find((d) => d.code === 'content-usage-value');
    expect(unclear?.fix).toBeUndefined();
  });

  it('verifies every fix of a file with many (no cap at a count of fixes)', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `Disallow: page-${i}/`);
    const body = `User-agent: *\n${lines.join('\n')}\n`;
    const result = lintRobotsTxt(body);
    const never = result.diagnostics.filter((d) => d.code === 'pattern-never-matches');
    expect(never).toHaveLength(120);
    expect(never.every((d) => d.fix !== undefined)).toBe(true);
    expect(result.fixesNotVerified).toBe(0);
    const after = parseRobotsTxt(applyLintFixes(body, never).body);
    expect(after.isAllowed('/page-119/x', 'Googlebot')).toBe(false);
    expect(after.isAllowed('/page-120/x', 'Googlebot')).toBe(true);
  });

  it('writes a query parameter written without its "?" as one, and blocks its URLs', () => {
    const body = 'User-agent: *\nDisallow: /s=*\n';
    const [d] = lintRobotsTxt(body).diagnostics.filter((x) => x.code === 'query-as-path');
    expect(d?.fix?.description).toContain('Add "Disallow: /*?s=" after line 2');
    const after = parseRobotsTxt(applyLintFixes(body, [d!]).body);
    expect(after.isAllowed('/?s=shoes', 'Googlebot')).toBe(false);
    expect(after.isAllowed('/blog/?s=shoes', 'Googlebot')).toBe(false);
    expect(after.isAllowed('/shoes', 'Googlebot')).toBe(true);
    // The line stays: what it disallowed as written stays disallowed.
    expect(after.isAllowed('/s=shoes', 'Googlebot')).toBe(false);
  });

  it('verifies a fix in one group of a large file by reading that group and the * group', () => {
    // 300 groups of 40 rules (about 330 KB), a rule to fix in each: a fixed copy of the whole
    // file per fix would need 96 MiB; the groups around each fix and * need about 3 MiB.
    // Product tokens are letters (the reference stops at a digit): bot-ba, bot-bb, …
    const token = (n: number): string =>
      `bot-${String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26))}`;
    const group = (n: number): string =>
      `User-agent: ${token(n)}\nDisallow: page-${n}/\n${Array.from({ length: 40 }, (_, i) => `Disallow: /section-${n}/page-${i}/\n`).join('')}\n`;
    const body =
      Array.from({ length: 300 }, (_, n) => group(n)).join('') +
      group(300).replace(token(300), '*');
    expect(body.length * 300).toBeGreaterThan(MAX_VERIFIED_BYTES);
    const result = lintRobotsTxt(body);
    const never = result.diagnostics.filter((d) => d.code === 'pattern-never-matches');
    expect(never).toHaveLength(301);
    expect(result.fixesNotVerified).toBe(0);
    expect(never.every((d) => d.fix !== undefined)).toBe(true);
    const after = parseRobotsTxt(applyLintFixes(body, never).body);
    expect(after.isAllowed('/page-17/x', token(17))).toBe(false);
    expect(after.isAllowed('/page-17/x', token(18))).toBe(true);
  });

  it('past the bytes of fixed copies one lint parses, counts the fixes not offered and says why', () => {
    // Each distinct fix parses the group it edits (here with the comments after it: the whole
    // file): a file of 2 MiB (past the 500 KiB crawlers read, so lint reads it whole) has room
    // for 16 of its 30.
    const pad = `# ${'x'.repeat(1022)}\n`.repeat(2048);
    const rules = Array.from({ length: 30 }, (_, i) => `Disallow: page-${i}/`).join('\n');
    const body = `User-agent: *\n${rules}\n${pad}`;
    const copies = Math.floor(MAX_VERIFIED_BYTES / body.length);
    const result = lintRobotsTxt(body, { maxBytes: body.length + 1 });
    const never = result.diagnostics.filter((d) => d.code === 'pattern-never-matches');
    expect(never).toHaveLength(30);
    expect(never.filter((d) => d.fix !== undefined)).toHaveLength(copies);
    expect(result.fixesNotVerified).toBe(30 - copies);
    const refused = never.filter((d) => d.fix === undefined);
    expect(refused.every((d) => d.message.includes('lint again'))).toBe(true);
    expect(formatLintText(result)).toContain(`${30 - copies} fixes not offered`);
    const log = toSarif([{ uri: 'robots.txt', result }]);
    expect(log.runs[0]!.invocations?.[0]?.toolExecutionNotifications[0]?.message.text).toContain(
      `${30 - copies} fixes not offered`,
    );
  });
});

describe('a fix whose witness search stops', () => {
  it('is not offered, and the message says the change could not be checked completely', () => {
    // Many `/*/name/` rules stay live in every state of the search: it stops by its work budget,
    // counted, even when checked again with ten times the budget. (Each is longer than
    // `/assets/`: under it, a shorter one could change no verdict, and the search drops it.)
    const rules = [
      ...Array.from({ length: 60 }, (_, i) => `Disallow: /*/s${i.toString(36)}xyz/`),
      'Disallow: /*/*/*/',
      'Disallow: /assets/',
    ];
    const body = `User-agent: *\n${rules.join('\n')}\n`;
    const found = lintRobotsTxt(body).diagnostics.find((d) => d.code === 'blocked-resources');
    expect(found?.fix).toBeUndefined();
    expect(found?.message).toContain('the change could not be checked completely');
    const log = toSarif([{ uri: 'robots.txt', result: lintRobotsTxt(body) }]);
    const results = log.runs[0]!.results.filter((r) => r.ruleId === 'blocked-resources');
    expect(results.length).toBe(1);
    expect(results[0]!.fixes).toBeUndefined();
  });
});
