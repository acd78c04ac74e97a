/**
 * Text, JUnit XML and SARIF for {@link diffRobotsTxt} and {@link testRobotsTxt}, as the
 * `robotstxt diff` and `robotstxt test` commands print them.
 */

import type { SarifLog, SarifResult } from '../lint/sarif.js';
import { terminalSafe } from '../util/terminal.js';
import type { RobotsDiff } from './diff.js';
import type { TestCase, TestResult } from './expect.js';

const verdict = (allowed: boolean): string => (allowed ? 'allowed' : 'disallowed');
/** The deciding line, and whose group decided when it is not the crawler's own (the model's mark). */
const decided = (agent: string, v: { line: number; rule?: string; decidedBy?: string }): string => {
  const line = v.line > 0 ? `line ${v.line} "${v.rule ?? ''}"` : 'no rule';
  const by = v.decidedBy;
  if (by === undefined || by === agent) return line;
  if (by === '*') return `${line}; * group`;
  if (by === '') return `${line}; no group applies`;
  return `${line}; as ${by}`;
};

/**
 * The diff as text: per group the rules added (`+`) and removed (`-`), the sitemaps, then every
 * URL × crawler whose verdict changes, with the deciding line on each side (and, when another
 * token's group decided, `; as Googlebot`, `; * group` or `; no group applies`), and how many checks
 * were made (and left out, when the check limit was reached).
 */
export function formatDiffText(diff: RobotsDiff): string {
  const out: string[] = [];
  for (const g of diff.groups) {
    out.push(`User-agent: ${g.agents.map(terminalSafe).join(', ')} (${g.change} group)`);
    for (const r of g.removed) out.push(`  - ${terminalSafe(r.rule)}  (old line ${r.line})`);
    for (const r of g.added) out.push(`  + ${terminalSafe(r.rule)}  (new line ${r.line})`);
  }
  for (const s of diff.sitemaps.removed) out.push(`- Sitemap: ${terminalSafe(s)}`);
  for (const s of diff.sitemaps.added) out.push(`+ Sitemap: ${terminalSafe(s)}`);
  if (out.length === 0) out.push('No rule or sitemap changes.');
  out.push('');
  const { checked } = diff;
  const checks = `${checked.checks} URL × crawler check${checked.checks === 1 ? '' : 's'} on ${checked.urls.length} URL${checked.urls.length === 1 ? '' : 's'}`;
  if (diff.verdicts.length === 0) {
    out.push(
      checked.checks === 0
        ? 'No verdict changes: no crawler reads changed rules.'
        : `No verdict changes (${checks}).`,
    );
  } else {
    out.push(
      `${diff.verdicts.length} verdict${diff.verdicts.length === 1 ? '' : 's'} change (${checks}):`,
    );
    for (const v of diff.verdicts) {
      out.push(
        `  ${terminalSafe(v.agent)} ${terminalSafe(v.url)}: ${verdict(v.before.allowed)} (${terminalSafe(decided(v.agent, v.before))}) → ${verdict(v.after.allowed)} (${terminalSafe(decided(v.agent, v.after))})`,
      );
    }
  }
  if (checked.omitted > 0) {
    out.push(
      `Incomplete: the check limit left ${checked.omitted} URL × crawler check${checked.omitted === 1 ? '' : 's'} out.`,
    );
  }
  const { search } = checked;
  if (search.stopped) {
    out.push(
      `Incomplete: search stopped after ${search.states} states; verdicts on paths longer than ${search.comparedUpTo} characters not compared (but on the paths derived from the rules).`,
    );
  } else if (checked.checks > 0 && search.states > 0) {
    out.push(
      `Complete: every path compared (search of ${search.states} state${search.states === 1 ? '' : 's'}${search.witnesses > 0 ? `, ${search.witnesses} path${search.witnesses === 1 ? '' : 's'} found beyond those derived from the rules` : ''}).`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** Options of the test formatters. */
export interface FormatTestOptions {
  /** The expectations file's name. @default 'expectations.txt' */
  readonly expectations?: string;
  /** The robots.txt's name or URL. @default 'robots.txt' */
  readonly robots?: string;
}

function describeCase(c: TestCase): string {
  const e = c.expectation;
  return `${e.expect} ${e.agent} ${e.url}`;
}

function failureOf(c: TestCase, robots: string): string {
  return `expected ${c.expectation.expect === 'allow' ? 'allowed' : 'disallowed'}, got ${verdict(c.allowed)}: ${c.line > 0 ? `${robots} line ${c.line} "${c.rule ?? ''}" decides` : 'no rule matches'}`;
}

/** One line per failure (and a `ok` count), then a summary: `3 passed, 1 failed`. */
export function formatTestText(result: TestResult, options: FormatTestOptions = {}): string {
  const expectations = terminalSafe(options.expectations ?? 'expectations.txt');
  const robots = terminalSafe(options.robots ?? 'robots.txt');
  const out: string[] = [];
  for (const e of result.errors)
    out.push(`${expectations}:${e.line}  error  ${terminalSafe(e.message)}`);
  for (const c of result.cases) {
    if (c.passed) continue;
    out.push(
      `${expectations}:${c.expectation.line}  FAIL  ${terminalSafe(describeCase(c))}: ${terminalSafe(failureOf(c, robots))}`,
    );
  }
  if (out.length > 0) out.push('');
  out.push(
    `${result.passed} passed, ${result.failed} failed${result.errors.length > 0 ? ` (${result.errors.length} unreadable line${result.errors.length === 1 ? '' : 's'})` : ''}`,
  );
  return `${out.join('\n')}\n`;
}

/** XML text: escaped, without the characters XML 1.0 cannot hold. */
function xml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The result as JUnit XML: one test case per expectation, one error per unreadable line. */
export function toJUnit(result: TestResult, options: FormatTestOptions = {}): string {
  const expectations = options.expectations ?? 'expectations.txt';
  const robots = options.robots ?? 'robots.txt';
  const tests = result.cases.length + result.errors.length;
  const failures = result.cases.length - result.passed;
  const cases = [
    ...result.errors.map(
      (e) =>
        `    <testcase classname="${xml(robots)}" name="${xml(`${expectations}:${e.line}`)}">\n      <error message="${xml(e.message)}"/>\n    </testcase>`,
    ),
    ...result.cases.map((c) => {
      const name = xml(`${expectations}:${c.expectation.line} ${describeCase(c)}`);
      if (c.passed) return `    <testcase classname="${xml(robots)}" name="${name}"/>`;
      const message = failureOf(c, robots);
      return `    <testcase classname="${xml(robots)}" name="${name}">\n      <failure message="${xml(message)}" type="${c.expectation.expect}">${xml(`${message}.\n${c.reason}`)}</failure>\n    </testcase>`;
    }),
  ];
  const attrs = `tests="${tests}" failures="${failures}" errors="${result.errors.length}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="robotstxt test" ${attrs}>\n  <testsuite name="${xml(expectations)}" ${attrs}>\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}

/**
 * The failures as a SARIF 2.1.0 log: each at its line of the expectations file, with the deciding
 * line of the robots.txt as a related location.
 */
export function testResultToSarif(
  result: TestResult,
  options: FormatTestOptions & { readonly toolVersion?: string } = {},
): SarifLog {
  const expectations = options.expectations ?? 'expectations.txt';
  const robots = options.robots ?? 'robots.txt';
  const at = (uri: string, line: number) => ({
    physicalLocation: { artifactLocation: { uri }, region: { startLine: Math.max(1, line) } },
  });
  const results: SarifResult[] = [
    ...result.errors.map((e) => ({
      ruleId: 'expectation-syntax',
      ruleIndex: 1,
      level: 'error' as const,
      message: { text: e.message },
      locations: [at(expectations, e.line)],
    })),
    ...result.cases
      .filter((c) => !c.passed)
      .map((c) => ({
        ruleId: 'expectation-failed',
        ruleIndex: 0,
        level: 'error' as const,
        message: { text: `${describeCase(c)}: ${failureOf(c, robots)}` },
        locations: [at(expectations, c.expectation.line)],
        ...(c.line > 0
          ? {
              relatedLocations: [{ id: 0, ...at(robots, c.line), message: { text: c.rule ?? '' } }],
            }
          : {}),
      })),
  ];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'robotstxt test',
            ...(options.toolVersion === undefined ? {} : { version: options.toolVersion }),
            informationUri: 'https://www.rfc-editor.org/rfc/rfc9309',
            rules: [
              {
                id: 'expectation-failed',
                shortDescription: {
                  text: 'The robots.txt does not give a crawler the expected verdict.',
                },
                defaultConfiguration: { level: 'error' },
              },
              {
                id: 'expectation-syntax',
                shortDescription: { text: 'A line of the expectations file could not be read.' },
                defaultConfiguration: { level: 'error' },
              },
            ],
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
