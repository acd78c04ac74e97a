/**
 * `testRobotsTxt`: a unit test for a robots.txt. An expectations file says what must hold —
 * `allow Googlebot /products/`, `disallow GPTBot /` — and each line is checked against the file,
 * with the deciding line when it fails. For CI before deploying, and for the web page.
 */

import { argumentError } from '../errors.js';
import { formatRule } from '../explain.js';
import type { RobotsPolicy } from '../types.js';
import { type RobotsInput, toPolicy } from './diff.js';

/** One line of an expectations file. */
export interface Expectation {
  /** 1-based line in the expectations file (0 when built in code). */
  readonly line: number;
  /** What the crawler must get. */
  readonly expect: 'allow' | 'disallow';
  /** The crawler (a product token, or `*` for a crawler no group names). */
  readonly agent: string;
  /** A path (`/products/`) or a URL. */
  readonly url: string;
}

/** A line of an expectations file that is not an expectation. */
export interface ExpectationError {
  readonly line: number;
  readonly message: string;
}

/** What {@link parseExpectations} returns. */
export interface ParsedExpectations {
  readonly expectations: readonly Expectation[];
  readonly errors: readonly ExpectationError[];
}

/** One checked expectation. */
export interface TestCase {
  readonly expectation: Expectation;
  readonly passed: boolean;
  /** What the file gives the crawler. */
  readonly allowed: boolean;
  /** The deciding line of the robots.txt, 0 when no rule matched. */
  readonly line: number;
  /** The deciding rule (`Disallow: /`), absent when none matched. */
  readonly rule?: string;
  /** Why, in a sentence (the explanation's reason). */
  readonly reason: string;
}

/** What {@link testRobotsTxt} returns. */
export interface TestResult {
  readonly cases: readonly TestCase[];
  /** Lines of the expectations file that could not be read: each counts as a failure. */
  readonly errors: readonly ExpectationError[];
  readonly passed: number;
  /** Failed expectations plus unreadable lines. */
  readonly failed: number;
}

// The name `*` is checked as: one no group names.
const ANY = 'RobotsRepAnyOtherBot';
const VERDICTS: Readonly<Record<string, Expectation['expect']>> = {
  allow: 'allow',
  allowed: 'allow',
  disallow: 'disallow',
  disallowed: 'disallow',
};

/**
 * Reads an expectations file: one `allow AGENT URL` or `disallow AGENT URL` per line; `#` starts a
 * comment; blank lines are skipped. `allowed`/`disallowed` are accepted too. Never throws on any
 * content: a line it cannot read is an error with its line number.
 *
 * @example
 * parseExpectations('allow Googlebot /products/\ndisallow GPTBot /\n').expectations.length; // 2
 */
export function parseExpectations(text: string): ParsedExpectations {
  if (typeof text !== 'string') {
    throw argumentError('parseExpectations', 'text', 'a string', text);
  }
  const expectations: Expectation[] = [];
  const errors: ExpectationError[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const hash = raw.indexOf('#');
    const content = (hash < 0 ? raw : raw.slice(0, hash)).trim();
    if (content === '') continue;
    const words = content.split(/\s+/);
    const expect = VERDICTS[words[0]!.toLowerCase()];
    if (expect === undefined) {
      errors.push({
        line,
        message: `"${clip(words[0]!)}" is not "allow" or "disallow": write "allow AGENT /path" or "disallow AGENT /path".`,
      });
      continue;
    }
    if (words.length !== 3) {
      errors.push({
        line,
        message: `Expected "${words[0]} AGENT /path" (three words), got ${words.length}.`,
      });
      continue;
    }
    const url = words[2]!;
    if (!url.startsWith('/') && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
      errors.push({
        line,
        message: `"${clip(url)}" is neither a path (starting with "/") nor a URL.`,
      });
      continue;
    }
    expectations.push({ line, expect, agent: words[1]!, url });
  }
  return { expectations, errors };
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/**
 * Checks expectations (a file's text, or a list) against a robots.txt: each passes when the file
 * gives its crawler its verdict on its URL. Lines that cannot be read count as failures.
 *
 * @example
 * const result = testRobotsTxt('User-agent: GPTBot\nDisallow: /\n', 'disallow GPTBot /\nallow GPTBot /x\n');
 * result.failed; // 1
 * result.cases[1]?.line; // 2 (the Disallow that decided)
 */
export function testRobotsTxt(
  robots: RobotsInput,
  expectations: string | readonly Expectation[],
): TestResult {
  const policy: RobotsPolicy = toPolicy(robots, 'testRobotsTxt', 'robots');
  const parsed =
    typeof expectations === 'string'
      ? parseExpectations(expectations)
      : { expectations: checkExpectations(expectations), errors: [] };
  const cases = parsed.expectations.map((expectation): TestCase => {
    const e = policy.explain(expectation.url, expectation.agent === '*' ? ANY : expectation.agent);
    return {
      expectation,
      passed: e.allowed === (expectation.expect === 'allow'),
      allowed: e.allowed,
      line: e.line,
      ...(e.rule === undefined ? {} : { rule: formatRule(e.rule) }),
      reason: e.reason,
    };
  });
  const passed = cases.filter((c) => c.passed).length;
  return {
    cases,
    errors: parsed.errors,
    passed,
    failed: cases.length - passed + parsed.errors.length,
  };
}

function checkExpectations(list: unknown): readonly Expectation[] {
  const ok =
    Array.isArray(list) &&
    list.every(
      (e) =>
        e !== null &&
        typeof e === 'object' &&
        (e.expect === 'allow' || e.expect === 'disallow') &&
        typeof e.agent === 'string' &&
        typeof e.url === 'string',
    );
  if (!ok) {
    throw argumentError(
      'testRobotsTxt',
      'expectations',
      'an expectations text or an array of { expect, agent, url }',
      list,
    );
  }
  return list as readonly Expectation[];
}
