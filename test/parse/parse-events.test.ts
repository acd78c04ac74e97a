import { describe, expect, it } from 'vitest';
import { type LineMetadata, parseRobotsTxt, type RobotsTxt } from '../../src/index.js';
import { caseBody, hexToBytes, readJsonLines } from '../helpers/cases.js';

type Text = string | { bytes_hex: string };

interface EventCase {
  name: string;
  robotstxt?: string;
  robotstxt_hex?: string;
  events: { line: number; type: string; key?: Text; value: Text }[];
  lines: ({ line: number } & Record<string, boolean | number>)[];
}

// The model keeps text as UTF-8-decoded strings; a reference value that is not valid UTF-8 is
// compared as the same bytes decoded with replacement characters.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const text = (value: Text): string =>
  typeof value === 'string' ? value : decoder.decode(hexToBytes(value.bytes_hex));

/** The reference's parse callbacks, rebuilt from the model in file order. */
function eventsOf(
  robots: RobotsTxt,
): { line: number; type: string; key?: string; value: string }[] {
  const events: { line: number; type: string; key?: string; value: string }[] = [];
  for (const rule of robots.rulesOutsideGroups)
    events.push({ line: rule.line, type: rule.type, value: rule.pattern });
  for (const group of robots.groups) {
    for (const agent of group.agents)
      events.push({ line: agent.line, type: 'user-agent', value: agent.value });
    for (const rule of group.rules)
      events.push({ line: rule.line, type: rule.type, value: rule.pattern });
  }
  for (const sitemap of robots.sitemapLines)
    events.push({ line: sitemap.line, type: 'sitemap', value: sitemap.url });
  for (const d of robots.directives)
    events.push({ line: d.line, type: 'unknown', key: d.key, value: d.value });
  return events.sort((a, b) => a.line - b.line);
}

const FLAGS: [string, keyof LineMetadata][] = [
  ['is_empty', 'isEmpty'],
  ['has_comment', 'hasComment'],
  ['is_comment', 'isComment'],
  ['has_directive', 'hasDirective'],
  ['is_acceptable_typo', 'isAcceptableTypo'],
  ['is_line_too_long', 'isLineTooLong'],
  ['is_missing_colon_separator', 'isMissingColonSeparator'],
];

const cases = readJsonLines<EventCase>('conformance/parse-events.jsonl');

describe('parse events and line metadata match the reference tokenizer', () => {
  it('has all 200 bodies', () => expect(cases).toHaveLength(200));

  it.for(cases.map((c) => [c.name, c] as const))('%s', ([, c]) => {
    const robots = parseRobotsTxt(caseBody(c));
    const expected = c.events.map((e) => ({
      line: e.line,
      type: e.type,
      ...(e.key === undefined ? {} : { key: text(e.key) }),
      value: text(e.value),
    }));
    expect(eventsOf(robots)).toEqual(expected);
    const expectedLines = c.lines.map((l) => {
      const record: Record<string, number | boolean> = { line: l.line };
      for (const [, name] of FLAGS) record[name] = false;
      for (const [flag, name] of FLAGS) if (l[flag] === true) record[name] = true;
      return record;
    });
    expect(robots.lineCount).toBe(c.lines.length);
    expect(robots.lines).toEqual(expectedLines);
  });
});
