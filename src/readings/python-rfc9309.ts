/**
 * Python's reading since its standard library adopted RFC 9309: exactly what a Python crawler
 * on an interpreter with the rewritten `urllib.robotparser` (CPython's main branch from
 * September 2025, 3.13 from the backport of May 2026) answers — the body decoded as
 * `RobotFileParser.read()` does, then `parse(body.splitlines())`, `can_fetch`, `crawl_delay`,
 * `request_rate` and `site_maps`.
 */

import type { Explanation, MatchedRule } from '../types.js';
import {
  allowance,
  type CompiledRules9309,
  compileRules9309,
  type PythonMatch,
} from './python-rfc9309-match.js';
import {
  delayOf,
  findGroup,
  type MergedGroup,
  type PythonRobots9309,
  type PythonSelection,
  parsePython9309,
  requestRateOf,
} from './python-rfc9309-parse.js';
import { PythonError } from './python-text.js';
import { decodeSurrogateEscape, normalizeUri, pathQueryFragment } from './python-url.js';
import { keptBytes, type Reading, robotName } from './reading.js';

const INTERPRETATION = 'python-urllib-rfc9309' as const;

/**
 * The text `read()` parses: bytes decoded as UTF-8 with `surrogateescape`. A string stands for
 * its UTF-8 encoding, so a lone surrogate in it is U+FFFD, as the encoder makes it.
 */
function pythonText(body: string | Uint8Array): string {
  if (typeof body !== 'string') return decodeSurrogateEscape(body);
  return body.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/** CPython's RFC 9309 robotparser's reading of the first `maxBytes` bytes of a body. */
export function python9309Reading(
  body: string | Uint8Array | ArrayBuffer,
  maxBytes: number,
  groupAt: (line: number) => number,
): Reading {
  const robots = parsePython9309(pythonText(keptBytes(body, maxBytes)));
  // A group's rules are compiled on its first check, and kept.
  const compiled = new Map<MergedGroup, CompiledRules9309>();
  const rulesOf = (parts: MergedGroup): CompiledRules9309 => {
    let rules = compiled.get(parts);
    if (rules === undefined) {
      rules = compileRules9309(parts.flatMap((part) => part.rules));
      compiled.set(parts, rules);
    }
    return rules;
  };
  const found = (agents: readonly string[]) =>
    robots.error === undefined ? findGroup(robots, robotName(agents)) : undefined;
  return {
    interpretation: INTERPRETATION,
    sitemaps: robots.sitemaps,
    explain: (url, agents) => explain9309(robots, rulesOf, url, agents, groupAt),
    crawlDelay: (agents) => {
      const group = found(agents);
      return group === undefined ? undefined : delayOf(group.parts);
    },
    requestRate: (agents) => {
      const group = found(agents);
      return group === undefined ? undefined : requestRateOf(group.parts);
    },
  };
}

/** The path `can_fetch` checks: path, `?query` and `#fragment` of the URL, normalised. */
export function python9309Path(url: string): string {
  return normalizeUri(pathQueryFragment(url)) || '/';
}

const SELECTIONS: Readonly<Record<PythonSelection, (name: string) => string>> = {
  name: (name) => `the group named "${name.toLowerCase()}"`,
  substring: (name) =>
    `the first group with a User-agent that is a substring of "${name.split('/')[0]?.toLowerCase()}"`,
  star: () => 'the "*" group (no group names the crawler)',
};

function explain9309(
  robots: PythonRobots9309,
  rulesOf: (parts: MergedGroup) => CompiledRules9309,
  url: string,
  agents: readonly string[],
  groupAt: (line: number) => number,
): Explanation {
  const name = robotName(agents);
  const base = { agents, interpretation: INTERPRETATION };
  // An answer no rule gave: an exception, a URL Python cannot split, /robots.txt, no group.
  const unruled = (path: string, allowed: boolean, reason: string): Explanation => ({
    ...base,
    path,
    allowed,
    line: 0,
    selection: 'none',
    groups: [],
    reason,
  });
  const fails = (error: PythonError, path: string): Explanation =>
    unruled(
      path,
      false,
      `CPython's robotparser raises ${error.message}, so a Python crawler gets no answer: disallowed here.`,
    );
  if (robots.error !== undefined) return fails(robots.error, '');
  let path: string;
  try {
    path = python9309Path(url);
  } catch (error) {
    if (!(error instanceof PythonError)) throw error;
    // `_urlsplit` refusing the URL makes `can_fetch` allow it; a failure to encode it raises.
    if (error.pythonType !== 'ValueError') return fails(error, '');
    return unruled(
      '',
      true,
      `Python cannot split this URL (${error.message}): its robotparser allows a malformed URL.`,
    );
  }
  if (path === '/robots.txt') {
    return unruled(path, true, 'Python always allows /robots.txt itself.');
  }
  const found = findGroup(robots, name);
  if (found === undefined) {
    return unruled(
      path,
      true,
      `No group applies to "${name}" and there is no "*" group: Python allows ${path}.`,
    );
  }
  const which = SELECTIONS[found.selection](name);
  const selection = found.selection === 'star' ? 'global' : 'specific';
  const groups = [...new Set(found.parts.map((part) => groupAt(part.line)))]
    .filter((g) => g >= 0)
    .sort((a, b) => a - b);
  const verdict = allowance(rulesOf(found.parts), path);
  const matched = (match: PythonMatch | undefined) => {
    const part = found.parts.find((p) => match !== undefined && p.rules.includes(match.rule));
    return match === undefined || part === undefined
      ? undefined
      : matchedRule(match, groupAt(part.line));
  };
  const decider = matched(verdict.decider);
  if (decider === undefined) {
    return {
      ...base,
      path,
      allowed: true,
      line: 0,
      selection,
      groups,
      reason: `No rule of ${which} matches ${path}: Python allows it.`,
    };
  }
  const bestAllow = matched(verdict.bestAllow);
  const bestDisallow = matched(verdict.bestDisallow);
  const kind = decider.type === 'allow' ? 'Allow' : 'Disallow';
  return {
    ...base,
    path,
    allowed: verdict.allowed,
    line: decider.line,
    rule: decider,
    ...(bestAllow === undefined ? {} : { bestAllow }),
    ...(bestDisallow === undefined ? {} : { bestDisallow }),
    selection,
    groups,
    reason: `${verdict.allowed ? 'Allowed' : 'Disallowed'} by line ${decider.line} "${kind}: ${decider.value}" of ${which}: Python's RFC 9309 robotparser takes the rule matching the most of ${path} (${decider.matchPriority} characters as normalised, pattern ${decider.pattern}), an Allow winning a tie.`,
  };
}

/**
 * A deciding rule: `priority` is its normalised pattern's length, `matchPriority` the length of
 * the path it matched, which is what Python compares.
 */
function matchedRule({ rule, length }: PythonMatch, group: number): MatchedRule {
  return {
    type: rule.allow ? 'allow' : 'disallow',
    line: rule.line,
    value: rule.value,
    pattern: rule.pattern,
    priority: rule.pattern.length,
    group,
    indexRewrite: false,
    matchPriority: length,
  };
}
