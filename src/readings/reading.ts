/**
 * The seam for a whole other reading of a file — its grouping, agent selection and matching —
 * beside Google's: one interface, which the 1996 draft (`draft-1996.ts`) and Python's
 * robotparser (`python-urllib.ts`) implement. `ReadingRobotsTxt` gives any of them the
 * `RobotsTxt` shape.
 */

import type { Explanation, Interpretation, MatchedRule, RequestRate, RuleType } from '../types.js';
import { utf8Length } from '../util/bytes.js';

/** The readings that are not Google's grouping and matching (`'rfc9309'` is Google's, stricter). */
export type LegacyInterpretation = Extract<
  Interpretation,
  'draft-1996' | 'python-urllib' | 'python-urllib-rfc9309'
>;

/** A file as one legacy reading reads it: what the checks of `RobotsTxt` ask of it. */
export interface Reading {
  /** Which reading this is. */
  readonly interpretation: LegacyInterpretation;
  /** Sitemap URLs as this reading collects them, in file order. */
  readonly sitemaps: readonly string[];
  /**
   * The verdict for `url` and the queried agents, with the deciding line and why, in this
   * reading's terms (`interpretation` set). Never throws.
   */
  explain(url: string, agents: readonly string[]): Explanation;
  /** The crawl delay in seconds this reading gives the agents, if it knows one. */
  crawlDelay(agents: readonly string[]): number | undefined;
  /** The request rate this reading gives the agents, if it knows one. */
  requestRate(agents: readonly string[]): RequestRate | undefined;
}

/**
 * Builds a reading from the body as given to the parser, of which it reads `maxBytes` bytes.
 * `groupAt(line)` is the index of Google's group (the model's `groups`) holding the User-agent
 * line `line`, or -1: a reading names the record it applied by that group, so explanations
 * point into the one model whatever the reading.
 */
export type ReadingFactory = (
  body: string | Uint8Array | ArrayBuffer,
  maxBytes: number,
  groupAt: (line: number) => number,
) => Reading;

/** The `groups` of an explanation for a record whose first User-agent line is `line`. */
export function groupsAt(groupAt: (line: number) => number, line: number): number[] {
  const group = groupAt(line);
  return group < 0 ? [] : [group];
}

/**
 * The robot name a legacy reading checks: these readings know one name per check, so a list of
 * agents is read as its first name.
 */
export function robotName(agents: readonly string[]): string {
  return agents[0] ?? '';
}

/** The bytes a reading reads: at most `maxBytes` of the body (a string as its UTF-8). */
export function keptBytes(
  body: string | Uint8Array | ArrayBuffer,
  maxBytes: number,
): string | Uint8Array {
  // A string short enough that its UTF-8 cannot pass the limit is read as it is.
  if (typeof body === 'string' && body.length * 3 <= maxBytes) return body;
  const bytes =
    typeof body === 'string'
      ? new TextEncoder().encode(body)
      : body instanceof Uint8Array
        ? body
        : new Uint8Array(body);
  return bytes.length > maxBytes ? bytes.subarray(0, maxBytes) : bytes;
}

/**
 * A rule that decided under a first-match reading. Such readings have no priorities: both
 * `priority` and `matchPriority` are the pattern's length in bytes, as for any rule.
 */
export function firstMatchRule(
  type: RuleType,
  line: number,
  value: string,
  pattern: string,
  group: number,
): MatchedRule {
  const length = utf8Length(pattern);
  return {
    type,
    line,
    value,
    pattern,
    priority: length,
    group,
    indexRewrite: false,
    matchPriority: length,
  };
}
