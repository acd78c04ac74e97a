/**
 * Lint family `readings` (on request, `readings: true`): rules whose verdicts differ between
 * Google's reading and the older ones (the 1996 draft, Python's robotparser), found by checking
 * URLs derived from the file's own rules under every reading, each reported with why the
 * readings part: wildcards, first match in file order, records ended by blank lines, another
 * record chosen for the crawler — or, for anything else (escapes, encodings), `reading-differs`.
 */

import { INTERPRETATIONS } from '../../parse/body.js';
import { compareReadings, READING_NAMES } from '../../readings/compare.js';
import { isLegacyInterpretation } from '../../readings/reading-robots.js';
import { parseReadings } from '../../robots.js';
import type { Group, Interpretation, Readings, ReadingVerdict, RobotsTxt } from '../../types.js';
import type { LintFamily } from '../context.js';
import type { DiagnosticCode } from '../types.js';

/** The readings compared with Google's: every one that is not Google's grouping and matching. */
const LEGACY: readonly Interpretation[] = INTERPRETATIONS.filter(isLegacyInterpretation);

/** At most this many diagnostics of the family for one file. */
const MAX_DIAGNOSTICS = 50;
/**
 * At most this many URL × agent comparisons for one file: the legacy readings scan their rules
 * for each URL, so a file of many thousand rules would otherwise take quadratic time.
 */
const MAX_PROBES = 2_000;
/** Other crawler names checked against one group's rules (names containing its token). */
const MAX_AGENTS_PER_GROUP = 4;
/** The name checked for the `*` groups: no group names it. */
const UNNAMED_AGENT = 'RobotsRepProbe';

type ReadingCode = Extract<
  DiagnosticCode,
  | 'reading-wildcard'
  | 'reading-first-match'
  | 'reading-grouping'
  | 'reading-agent-selection'
  | 'reading-encoding'
  | 'reading-match-length'
  | 'reading-differs'
>;

/** A diagnostic of the family, before the catalog gives it a severity. */
export interface ReadingFinding {
  readonly code: ReadingCode;
  readonly line: number;
  readonly message: string;
}

/**
 * Paths worth checking for a rule: its value, with `*` filled in and `$` dropped, and below it;
 * the value itself when it has wildcards; with its `%xx` escapes decoded when it has some.
 */
function pathsOf(value: string): string[] {
  if (!value.startsWith('/') && !value.startsWith('*')) return [];
  const filled = value.replace(/\$$/, '').replaceAll('*', 'x');
  const base = filled.startsWith('/') ? filled : `/${filled}`;
  return [
    ...new Set([
      base,
      `${base}${base.endsWith('/') ? '' : '/'}y`,
      value.includes('*') || value.endsWith('$') ? value : '',
      decoded(base),
      inQuery(value),
    ]),
  ].filter(Boolean);
}

/**
 * A path whose query holds the `=` or `&` that a pattern without `?` has after a `*` (that `*`
 * filled with `x?`), or '': Python's RFC 9309 robotparser encodes them in such a pattern, so it
 * never matches them in a query (`/*sort=` and `/c?sort=asc`).
 */
function inQuery(value: string): string {
  const mark = value.search(/[=&]/);
  const star = mark < 0 ? -1 : value.lastIndexOf('*', mark);
  if (value.includes('?') || star < 0) return '';
  const path = `${value.slice(0, star)}x?${value.slice(star + 1)}`.replace(/\$$/, '');
  return path.startsWith('/') ? path.replaceAll('*', 'x') : '';
}

/**
 * `path` with its `%xx` escapes decoded (a `%2F` kept), or '' when it has none, they are not
 * UTF-8, or they decode to control characters (no crawler requests such a path).
 */
function decoded(path: string): string {
  if (!/%[0-9a-fA-F]{2}/.test(path)) return '';
  try {
    const text = decodeURIComponent(
      path.replace(/%2f/gi, '%252F').replace(/%(?![0-9a-fA-F]{2})/g, '%25'),
    );
    return /[\x00-\x1f\x7f]/.test(text) ? '' : text;
  } catch {
    return '';
  }
}

/**
 * The crawler names to check a group's rules as: its first product token (or a name no group has,
 * for a `*` group), then the file's other tokens that contain it — Python's robotparser applies
 * the first entry whose name is a substring of the crawler's, so `User-agent: bot` can catch
 * `Googlebot`.
 */
function agentsOf(group: Group, tokens: readonly string[]): string[] {
  const own = group.agents.find((a) => !a.global && a.token !== '')?.token;
  if (own === undefined) return [UNNAMED_AGENT];
  const lower = own.toLowerCase();
  const containing = tokens.filter((t) => t !== lower && t.includes(lower));
  return [own, ...containing.slice(0, MAX_AGENTS_PER_GROUP)];
}

/** Whether two explanations name different groups, or choose by different means. */
function otherGroups(g: ReadingVerdict['explanation'], l: ReadingVerdict['explanation']): boolean {
  const same =
    l.groups.length === g.groups.length && l.groups.every((group) => g.groups.includes(group));
  return l.selection !== g.selection || !same;
}

/** Whether a rule's value has `*` or `$`. */
const wild = (value: string | undefined): boolean =>
  value !== undefined && (value.includes('*') || value.includes('$'));

/**
 * Why Python's RFC 9309 robotparser differs from Google (it groups as Google does, and has
 * wildcards and the longest match): another group, a query its pattern's encoded `=` or `&`
 * cannot reach, a wildcard rule counted by the length it matched, or anything else.
 */
function classify9309(google: ReadingVerdict, legacy: ReadingVerdict, path: string): ReadingCode {
  const g = google.explanation;
  const l = legacy.explanation;
  if (otherGroups(g, l)) return 'reading-agent-selection';
  const reachesQuery = (value: string | undefined): boolean =>
    value !== undefined && /[=&]/.test(value.split('?')[0] ?? '');
  if (path.includes('?') && (reachesQuery(g.rule?.value) || reachesQuery(l.rule?.value))) {
    return 'reading-encoding';
  }
  if (
    l.line > 0 &&
    g.line > 0 &&
    l.line !== g.line &&
    (wild(g.rule?.value) || wild(l.rule?.value))
  ) {
    return 'reading-match-length';
  }
  return 'reading-differs';
}

/** Why a legacy reading's verdict differs from Google's, judged from the two explanations. */
function classify(
  robots: RobotsTxt,
  google: ReadingVerdict,
  legacy: ReadingVerdict,
  path: string,
): ReadingCode {
  if (legacy.interpretation === 'python-urllib-rfc9309') return classify9309(google, legacy, path);
  const g = google.explanation;
  const l = legacy.explanation;
  // Google's deciding rule is cut off from its group's User-agent lines by a blank line.
  if (g.rule !== undefined && blankLineBefore(robots, g.rule.group, g.rule.line)) {
    return 'reading-grouping';
  }
  // The legacy reading names the record it applied by Google's group holding its first line:
  // another group, or only one of the groups Google merges.
  if (otherGroups(g, l)) return 'reading-agent-selection';
  if (wild(g.rule?.value) || wild(l.rule?.value)) return 'reading-wildcard';
  if (l.line > 0 && g.line > 0 && l.line !== g.line) return 'reading-first-match';
  return 'reading-differs';
}

/** Whether an empty line stands between group `index`'s first User-agent line and `line`. */
function blankLineBefore(robots: RobotsTxt, index: number, line: number): boolean {
  const first = robots.groups[index]?.agents[0]?.line ?? line;
  const lines = robots.lines;
  for (let n = first + 1; n < line; n++) if (lines[n - 1]?.isEmpty) return true;
  return false;
}

const WHY: Readonly<
  Record<ReadingCode, (googleAllows: boolean, reading: Interpretation) => string>
> = {
  'reading-wildcard': () =>
    'older readers take "*" and "$" literally (no wildcards): write the paths out, or accept that they read the rule as a plain prefix.',
  'reading-first-match': (googleAllows) =>
    googleAllows
      ? 'older readers stop at the first matching rule in file order, not the longest: put the longer Allow before the broader Disallow.'
      : 'older readers stop at the first matching rule in file order, not the longest: put the longer Disallow before the broader Allow.',
  'reading-grouping': () =>
    'older readers end a record at a blank line, so the rules after it belong to no record for them: remove the blank lines inside the group.',
  'reading-agent-selection': (_, reading) =>
    reading === 'python-urllib-rfc9309'
      ? 'Python’s RFC 9309 robotparser applies another group to this crawler: the one named by its whole name, else the first group whose name is a substring of its name, else "*"; and a merge of groups naming one agent keeps only the names written identically in each, so a name written differently (or followed by a version) finds none.'
      : 'older readers apply another record to this crawler: the first record naming it (Google merges every group naming it), a name found inside a longer one (Python matches names as substrings), or a record ended by a blank line.',
  'reading-encoding': () =>
    'Python’s RFC 9309 robotparser percent-encodes "=" and "&" in a pattern without "?", while keeping them in a URL’s query, so the rule never matches a query: write the "?" into the pattern ("/*?sort=" or "/*?*sort=").',
  'reading-match-length': () =>
    'Python’s RFC 9309 robotparser counts a rule with "*" or a final "$" as long as the part of the URL it matched, not as its pattern, so a short wildcard rule can outrank a longer plain one: spell out the rule that must win.',
  'reading-differs': (_, reading) =>
    reading === 'python-urllib-rfc9309'
      ? 'Python’s RFC 9309 robotparser normalises this file or URL differently: percent-escapes decoded and reserved characters encoded on both sides, the fragment kept, a rule with "$" before its end dropped, /robots.txt always allowed, its own line splitting.'
      : 'the readings decode this file or URL differently (percent-escapes, a byte order mark, Python’s line splitting or its parse errors).',
};

/**
 * Diagnostics for the rules whose verdicts differ between Google and a legacy reading, at most
 * one per line (on the line Google's verdict came from, or the legacy reading's).
 */
export function readingDiagnostics(robots: RobotsTxt, readings: Readings): ReadingFinding[] {
  // At most one finding a line for the older readings, and one for Python's RFC 9309 reading.
  const out = new Map<string, ReadingFinding>();
  const tokens = [
    ...new Set(robots.groups.flatMap((g) => g.agents.map((a) => a.token.toLowerCase()))),
  ].filter((t) => t !== '');
  let probes = 0;
  for (const group of robots.groups) {
    for (const agent of agentsOf(group, tokens)) {
      for (const rule of group.rules) {
        for (const path of pathsOf(rule.value)) {
          if (out.size >= MAX_DIAGNOSTICS || probes++ >= MAX_PROBES) return [...out.values()];
          for (const [kind, finding] of compare(robots, readings, agent, path, rule.line)) {
            const key = `${finding.line} ${kind}`;
            if (!out.has(key)) out.set(key, finding);
          }
        }
      }
    }
  }
  return [...out.values()];
}

/**
 * The findings for one crawler name and path where the readings disagree with Google's: one for
 * the older readings (classified by the first that differs), one for Python's RFC 9309 reading,
 * whose reasons are its own.
 */
function compare(
  robots: RobotsTxt,
  readings: Readings,
  agent: string,
  path: string,
  ruleLine: number,
): [string, ReadingFinding][] {
  const verdicts = compareReadings(readings, `https://robots.invalid${path}`, agent);
  const google = verdicts[0]!;
  const differing = verdicts.filter(
    (v) => LEGACY.includes(v.interpretation) && v.allowed !== google.allowed,
  );
  const newer = differing.filter((v) => v.interpretation === 'python-urllib-rfc9309');
  const older = differing.filter((v) => v.interpretation !== 'python-urllib-rfc9309');
  const found: [string, ReadingFinding][] = [];
  for (const [kind, group] of [
    ['older', older],
    ['rfc9309', newer],
  ] as const) {
    if (group.length > 0) {
      found.push([kind, finding(robots, google, group, agent, path, ruleLine)]);
    }
  }
  return found;
}

/** The finding for readings that all differ from Google's verdict on one crawler and path. */
function finding(
  robots: RobotsTxt,
  google: ReadingVerdict,
  differing: readonly ReadingVerdict[],
  agent: string,
  path: string,
  ruleLine: number,
): ReadingFinding {
  const code = classify(robots, google, differing[0]!, path);
  const line = google.line > 0 ? google.line : differing[0]!.line || ruleLine;
  const at = (v: ReadingVerdict): string => (v.line > 0 ? `line ${v.line}` : 'no rule');
  const who = differing.map((v) => READING_NAMES[v.interpretation]).join(' and ');
  const verb = google.allowed ? 'allows' : 'disallows';
  const theirs = `${differing[0]!.allowed ? 'allow' : 'disallow'}${differing.length === 1 ? 's' : ''}`;
  return {
    code,
    line,
    message: `For ${agent} at ${path}, Google ${verb} (${at(google)}) but ${who} ${theirs} (${differing.map(at).join(', ')}): ${WHY[code](google.allowed, differing[0]!.interpretation)}`,
  };
}

const summary = (why: string): string => `Asked for with readings: true (lint --readings). ${why}`;

/** The family: only with `readings: true`. */
export const readings: LintFamily = {
  name: 'readings',
  codes: {
    'reading-wildcard': {
      severity: 'info',
      summary: summary(
        'A rule with `*` or `$` that the 1996 draft and Python’s robotparser take literally.',
      ),
    },
    'reading-first-match': {
      severity: 'info',
      summary: summary(
        'Rules whose order decides for first-match readers (the 1996 draft, Python): Google takes the longest match.',
      ),
    },
    'reading-grouping': {
      severity: 'info',
      summary: summary(
        'A blank line inside a group: older readers end the record there and lose the rules after it.',
      ),
    },
    'reading-agent-selection': {
      severity: 'info',
      summary: summary(
        'Older readers apply another record to a crawler (first record only, substring names, no merging).',
      ),
    },
    'reading-encoding': {
      severity: 'info',
      summary: summary(
        'A pattern without `?` whose `=` or `&` Python’s RFC 9309 robotparser encodes, so it never matches them in a query (`/*sort=` and `/c?sort=asc`).',
      ),
    },
    'reading-match-length': {
      severity: 'info',
      summary: summary(
        'Python’s RFC 9309 robotparser counts a `*` or `$` rule as long as the URL part it matched: `Disallow: /*` outranks `Allow: /public`.',
      ),
    },
    'reading-differs': {
      severity: 'info',
      summary: summary(
        'Any other difference between Google’s verdict and an older reader’s (escapes, encodings).',
      ),
    },
  },
  check(context) {
    return {
      end() {
        if (context.options.readings !== true) return;
        const all = parseReadings(context.input, { maxBytes: context.parseOptions.maxBytes });
        for (const finding of readingDiagnostics(context.robots, all)) context.report(finding);
      },
    };
  },
};
