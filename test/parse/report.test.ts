/**
 * Google's per-line report, against the reference module's own output on 328 real files, and the
 * edge cases its README lists as data tables.
 */

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  parseRobotsTxt,
  type ReportLine,
  type RobotsTxtReport,
  reportRobotsTxt,
} from '../../src/index.js';
import { fixturePath } from '../helpers/cases.js';

interface Expected {
  readonly robots_file: string;
  readonly bytes: number;
  readonly last_line: number;
  readonly valid_directives: number;
  readonly unused_directives: number;
  readonly lines: readonly (Record<string, boolean | number | string> & { line: number })[];
}

const FLAGS = {
  isEmpty: 'is_empty',
  hasComment: 'has_comment',
  isComment: 'is_comment',
  hasDirective: 'has_directive',
  isAcceptableTypo: 'is_acceptable_typo',
  isLineTooLong: 'is_line_too_long',
  isMissingColonSeparator: 'is_missing_colon_separator',
} as const;

/** Our report in the fixture's shape: only lines where something is not the default. */
function asReference(report: RobotsTxtReport): Omit<Expected, 'robots_file' | 'bytes'> {
  return {
    last_line: report.lastLine,
    valid_directives: report.validDirectives,
    unused_directives: report.unusedDirectives,
    lines: report.lines.flatMap((l) => {
      const record: Record<string, boolean | number | string> & { line: number } = {
        line: l.line,
        tag: l.tag,
        typo: l.typo,
      };
      for (const [ours, theirs] of Object.entries(FLAGS))
        if (l[ours as keyof typeof FLAGS]) record[theirs] = true;
      const isDefault = l.tag === 'unknown' && !l.typo && Object.keys(record).length === 3;
      return isDefault ? [] : [record];
    }),
  };
}

const corpus = fileURLToPath(new URL('../../../shared/corpus/files/', import.meta.url));
const expected: Expected[] = readFileSync(fixturePath('conformance/reporting-public.jsonl'), 'utf8')
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line));

describe('Google’s report on real files (reporting-public.jsonl)', () => {
  it('has all 328 reports', () => {
    expect(expected).toHaveLength(328);
  });

  // The bodies are the shared corpus (too large to vendor): reported as skipped where it is absent.
  it.runIf(existsSync(corpus))('agrees on every line, tag, typo and flag, and the totals', () => {
    let lines = 0;
    for (const record of expected) {
      const bytes = readFileSync(`${corpus}${record.robots_file}`);
      expect(Math.min(bytes.length, 512_000), record.robots_file).toBe(record.bytes);
      const report = reportRobotsTxt(bytes);
      expect(report.lines).toHaveLength(report.lastLine);
      expect(report.lines.map((l) => l.line)).toEqual(
        Array.from({ length: report.lastLine }, (_, i) => i + 1),
      );
      const { robots_file: _, bytes: __, ...want } = record;
      expect(asReference(report), record.robots_file).toEqual(want);
      lines += report.lastLine;
    }
    expect(lines).toBe(72_126);
  });
});

/** The record of one line of a body. */
function lineOf(body: string | Uint8Array, line: number): ReportLine {
  return reportRobotsTxt(body).lines[line - 1]!;
}

describe('edge cases of the reference module', () => {
  const base = {
    typo: false,
    isEmpty: false,
    hasComment: false,
    isComment: false,
    hasDirective: false,
    isAcceptableTypo: false,
    isLineTooLong: false,
    isMissingColonSeparator: false,
  };

  it.each([
    ['', 1],
    ['User-agent: *', 1],
    ['User-agent: *\n', 2],
    ['a\rb\r\nc\n\rd', 5],
    ['x\r\r\ny', 3],
  ])('numbers the lines of %j: last line %i', (body, lastLine) => {
    expect(reportRobotsTxt(body).lastLine).toBe(lastLine);
  });

  it.each<[string, string | Uint8Array, number, Partial<ReportLine>]>([
    ['an empty body is one empty line', '', 1, { tag: 'unknown', isEmpty: true }],
    [
      'a whitespace-only line is empty',
      'User-agent: *\n \t \n',
      2,
      { tag: 'unknown', isEmpty: true },
    ],
    ['a comment line', '  # hello', 1, { tag: 'unknown', hasComment: true, isComment: true }],
    [
      'a directive with a comment',
      'Disallow: /x # no',
      1,
      { tag: 'disallow', hasComment: true, hasDirective: true },
    ],
    [
      'a key prefix counts: Disallowed',
      'Disallowed: /x',
      1,
      { tag: 'disallow', hasDirective: true },
    ],
    [
      'Sitemaps: is a sitemap',
      'Sitemaps: https://e.com/s.xml',
      1,
      { tag: 'sitemap', hasDirective: true },
    ],
    [
      'Sitemap http://x splits at the URL’s colon',
      'Sitemap http://x',
      1,
      { tag: 'sitemap', hasDirective: true },
    ],
    [
      'an accepted typo',
      'Dissallow: /x',
      1,
      { tag: 'disallow', typo: true, isAcceptableTypo: true, hasDirective: true },
    ],
    [
      'user agent typo',
      'user agent: x',
      1,
      { tag: 'user-agent', typo: true, isAcceptableTypo: true, hasDirective: true },
    ],
    [
      'a missing colon between two words',
      'Disallow /x',
      1,
      { tag: 'disallow', hasDirective: true, isMissingColonSeparator: true },
    ],
    ['three words without a colon: nothing', 'foo bar baz', 1, { tag: 'unknown' }],
    ['an empty key: nothing', ':x', 1, { tag: 'unknown' }],
    ['crawl-delay is unused', 'Crawl-delay: 5', 1, { tag: 'unused', hasDirective: true }],
    [
      'Domain and Revisit-after are unused',
      'Revisit-after: 7 days',
      1,
      { tag: 'unused', hasDirective: true },
    ],
    [
      'Content-Signal is unused',
      'Content-Signal: ai-train=no',
      1,
      { tag: 'unused', hasDirective: true },
    ],
    [
      'Content-Usage is unused',
      'Content-Usage: train-ai=n',
      1,
      { tag: 'unused', hasDirective: true },
    ],
    [
      'an exact key, not a prefix: crawl-delay2 is unknown',
      'crawl-delay2: 5',
      1,
      { tag: 'unknown', hasDirective: true },
    ],
    ['an unknown key', 'unicorn: x', 1, { tag: 'unknown', hasDirective: true }],
    [
      'a BOM at the start is skipped',
      '\uFEFFUser-agent: *',
      1,
      { tag: 'user-agent', hasDirective: true },
    ],
    [
      'a BOM on line 2 is part of the key',
      'x: y\n\uFEFFUser-agent: *',
      2,
      { tag: 'unknown', hasDirective: true },
    ],
    [
      'a NUL cuts the line',
      new Uint8Array([0x44, 0x69, 0x73, 0x00, 0x61, 0x6c, 0x6c, 0x6f, 0x77, 0x3a, 0x20, 0x2f]),
      1,
      { tag: 'unknown' },
    ],
    [
      'a line starting with NUL is empty',
      new Uint8Array([0x00, 0x41]),
      1,
      { tag: 'unknown', isEmpty: true },
    ],
    [
      'a long line is cut and flagged',
      `Disallow: /${'a'.repeat(20_000)}`,
      1,
      { tag: 'disallow', hasDirective: true, isLineTooLong: true },
    ],
  ])('%s', (_, body, line, want) => {
    expect(lineOf(body, line)).toEqual({ ...base, line, ...want });
  });

  it('reads a UTF-16LE body as Google does: no directives', () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...'User-agent: *\nDisallow: /\n'].flatMap((c) => [c.charCodeAt(0), 0]),
    ]);
    const report = reportRobotsTxt(utf16);
    expect(report.validDirectives).toBe(0);
    expect(report.lines.slice(1).every((l) => l.isEmpty)).toBe(true);
  });

  it('keeps a line cut by the 500 KiB limit, as the reporter sees the bytes Google fetched', () => {
    const rules = Math.floor((512_000 - 14 - 10_000) / 13);
    // The limit falls inside the last rule's long value: the reporter still reads that line.
    const body = `User-agent: *\n${'Disallow: /x\n'.repeat(rules)}Disallow: /${'y'.repeat(20_000)}\n`;
    const report = reportRobotsTxt(body);
    expect(report.lastLine).toBe(rules + 2);
    expect(report.lines.at(-1)).toMatchObject({ tag: 'disallow', hasDirective: true });
    // The parser drops that cut line (a partial rule is not the rule the site wrote).
    expect(parseRobotsTxt(body).groups[0]!.rules).toHaveLength(rules);
  });

  it('checks its arguments, naming itself', () => {
    expect(() => reportRobotsTxt(5 as unknown as string)).toThrow(/^reportRobotsTxt: body must be/);
    expect(() => reportRobotsTxt('x', { maxBytes: -1 })).toThrow(
      /^reportRobotsTxt: options.maxBytes must be a non-negative number, got -1/,
    );
    expect(() => reportRobotsTxt('x', { maxBytes: Number.NaN })).toThrow(/options.maxBytes/);
    expect(() => reportRobotsTxt('x', null as unknown as object)).toThrow(/options must be/);
    // A limit inside the first line leaves that line, cut.
    expect(reportRobotsTxt('Disallow: /x\nAllow: /y', { maxBytes: 10 }).lines).toEqual([
      expect.objectContaining({ line: 1, tag: 'disallow', hasDirective: true }),
    ]);
  });

  it('robots.report() reads as much as the parser is told to', () => {
    const body = `User-agent: *\n${'#'.repeat(600_000)}\nDisallow: /x\n`;
    expect(parseRobotsTxt(body).report().lastLine).toBe(2);
    const all = parseRobotsTxt(body, { maxBytes: 1_000_000 }).report();
    expect(all).toEqual(reportRobotsTxt(body, { maxBytes: 1_000_000 }));
    expect(all.lastLine).toBe(4);
  });

  it('robots.report() is the same report', () => {
    const body = 'User-agent: *\nCrawl-delay: 5\nDisallow: /x\nfoo\n';
    expect(parseRobotsTxt(body).report()).toEqual(reportRobotsTxt(body));
    const bytes = new TextEncoder().encode('User-agent: é\nDisallow: /ü\n');
    expect(parseRobotsTxt(bytes).report()).toEqual(reportRobotsTxt(bytes));
  });
});

describe('lint follows the report', () => {
  it('explains exactly the keys the report calls unsupported', async () => {
    const { UNSUPPORTED_KEYS } = await import('../../src/lint/lint.js');
    const { UNSUPPORTED_TAGS } = await import('../../src/index.js');
    expect([...UNSUPPORTED_KEYS].sort()).toEqual([...UNSUPPORTED_TAGS].sort());
  });

  it('unsupported-directive for unused lines, unknown-directive for unknown ones, line for line', async () => {
    const { lintRobotsTxt } = await import('../../src/index.js');
    const body =
      'User-agent: *\nDomain: example.com\nRevisit-after: 7 days\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\nCrawl-delay2: 4\nunicorn: x\nDisallow: /x\n';
    const report = reportRobotsTxt(body);
    const lint = lintRobotsTxt(body).diagnostics;
    for (const line of report.lines) {
      const codes = lint.filter((d) => d.line === line.line).map((d) => d.code);
      expect(codes.includes('unsupported-directive'), `line ${line.line}`).toBe(
        line.tag === 'unused',
      );
      expect(codes.includes('unknown-directive'), `line ${line.line}`).toBe(
        line.tag === 'unknown' && line.hasDirective,
      );
    }
  });
});
