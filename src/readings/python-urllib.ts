/**
 * Python's reading: exactly what a Python crawler using CPython 3.11's `urllib.robotparser`
 * answers — the body decoded as `RobotFileParser.read()` does, then `parse(body.splitlines())`,
 * `can_fetch`, `crawl_delay` and `site_maps` (ported in `python-robotparser.ts`).
 */

import type { Explanation } from '../types.js';
import { canFetch, entryFor, type PythonRobots, parsePython } from './python-robotparser.js';
import { PythonError } from './python-text.js';
import { firstMatchRule, groupsAt, keptBytes, type Reading, robotName } from './reading.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body as `RobotFileParser.read()` decodes it: strict UTF-8, a BOM kept as U+FEFF. A body
 * that is not UTF-8 makes `read()` raise; a string is taken as it is.
 */
function pythonText(body: string | Uint8Array): string | PythonError {
  if (typeof body === 'string') return body;
  try {
    return strictUtf8.decode(body);
  } catch {
    return new PythonError(
      'UnicodeDecodeError',
      "'utf-8' codec can't decode the body: it is not UTF-8",
    );
  }
}

/** Python's robotparser's reading of the first `maxBytes` bytes of a body. */
export function pythonReading(
  body: string | Uint8Array | ArrayBuffer,
  maxBytes: number,
  groupAt: (line: number) => number,
): Reading {
  const text = pythonText(keptBytes(body, maxBytes));
  const robots: PythonRobots =
    typeof text === 'string'
      ? parsePython(text)
      : { entries: [], defaultEntry: undefined, sitemaps: [], error: text };
  return {
    interpretation: 'python-urllib',
    sitemaps: robots.sitemaps,
    explain: (url, agents) => explainPython(robots, url, agents, groupAt),
    // `crawl_delay`: the applicable entry's delay, a whole number of seconds.
    crawlDelay: (agents) =>
      robots.error === undefined ? entryFor(robots, robotName(agents))?.entry.delay : undefined,
    // `request_rate`: the applicable entry's requests per seconds.
    requestRate: (agents) =>
      robots.error === undefined
        ? entryFor(robots, robotName(agents))?.entry.requestRate
        : undefined,
  };
}

function explainPython(
  robots: PythonRobots,
  url: string,
  agents: readonly string[],
  groupAt: (line: number) => number,
): Explanation {
  const name = robotName(agents);
  const verdict = canFetch(robots, name, url);
  const base = { path: verdict.path, agents, interpretation: 'python-urllib' as const };
  if (verdict.error !== undefined) {
    return {
      ...base,
      allowed: false,
      line: 0,
      selection: 'none',
      groups: [],
      reason: `CPython's robotparser raises ${verdict.error.message}, so a Python crawler gets no answer: disallowed here.`,
    };
  }
  if (verdict.entry === undefined) {
    return {
      ...base,
      allowed: true,
      line: 0,
      selection: 'none',
      groups: [],
      reason: `No entry's User-agent is a substring of "${name}" and there is no "*" entry: Python allows ${verdict.path}.`,
    };
  }
  const which = verdict.entry.global
    ? 'the "*" entry (no other entry\'s User-agent is a substring of the name)'
    : `the first entry whose User-agent is a substring of "${name.split('/')[0]?.toLowerCase()}" (line ${verdict.entry.agentLine})`;
  const selection = verdict.entry.global ? 'global' : 'specific';
  // Python counts its own line splits: where they differ from Google's, no group is named.
  const groups = groupsAt(groupAt, verdict.entry.agentLine);
  if (verdict.rule === undefined) {
    return {
      ...base,
      allowed: true,
      line: 0,
      selection,
      groups,
      reason: `No rule of ${which} starts ${verdict.path}: Python allows it.`,
    };
  }
  const { allowance, line, value, path } = verdict.rule;
  const rule = firstMatchRule(allowance ? 'allow' : 'disallow', line, value, path, groups[0] ?? -1);
  return {
    ...base,
    allowed: verdict.allowed,
    line,
    rule,
    ...(verdict.allowed ? { bestAllow: rule } : { bestDisallow: rule }),
    selection,
    groups,
    reason: `${verdict.allowed ? 'Allowed' : 'Disallowed'} by line ${line} "${allowance ? 'Allow' : 'Disallow'}: ${value}" of ${which}: Python takes the first rule in file order whose path (unquoted, then quoted: ${path || '""'}) starts ${verdict.path}, not the longest.`,
  };
}
