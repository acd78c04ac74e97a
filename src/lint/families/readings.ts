/**
 * Lint family `reading-differs` (on request, `readings: true`): rules whose meaning differs
 * between Google's reading and the older ones (the 1996 draft, Python's robotparser), found by
 * checking URLs derived from the file's own rules under every reading.
 */

import { compareReadings } from '../../readings/compare.js';
import { parseReadings } from '../../robots.js';
import type { Group, Interpretation, Readings, RobotsTxt } from '../../types.js';
import type { LintFamily } from '../context.js';
import type { Diagnostic } from '../types.js';

const LEGACY: readonly Interpretation[] = ['draft-1996', 'python-urllib'];
const NAMES: Readonly<Record<Interpretation, string>> = {
  google: 'Google',
  rfc9309: 'RFC 9309',
  'draft-1996': 'the 1996 draft',
  'python-urllib': "Python's robotparser",
};

/** Paths worth checking for a rule: its value, with `*` filled in and `$` dropped, and below it. */
function pathsOf(value: string): string[] {
  if (!value.startsWith('/') && !value.startsWith('*')) return [];
  const filled = value.replace(/\$$/, '').replaceAll('*', 'x');
  const base = filled.startsWith('/') ? filled : `/${filled}`;
  return [
    ...new Set([
      base,
      `${base}${base.endsWith('/') ? '' : '/'}y`,
      value.includes('*') || value.endsWith('$') ? value : '',
    ]),
  ].filter(Boolean);
}

/** The agent to check a group as: its first named product token, or a name no group has. */
function agentOf(group: Group): string {
  return group.agents.find((a) => !a.global && a.token !== '')?.token ?? 'RobotsRepLintBot';
}

/**
 * Diagnostics for the rules whose verdicts differ between Google and a legacy reading, at most
 * one per line (on the line Google's verdict came from, or the legacy reading's).
 */
export function readingDiagnostics(
  robots: RobotsTxt,
  readings: Readings,
  limit = 50,
): Omit<Diagnostic, 'severity'>[] {
  const out = new Map<number, Omit<Diagnostic, 'severity'>>();
  for (const group of robots.groups) {
    const agent = agentOf(group);
    for (const rule of group.rules) {
      for (const path of pathsOf(rule.value)) {
        if (out.size >= limit) return [...out.values()];
        const url = `https://robots.invalid${path}`;
        const verdicts = compareReadings(readings, url, agent);
        const google = verdicts[0]!;
        const differing = verdicts.filter(
          (v) => LEGACY.includes(v.interpretation) && v.allowed !== google.allowed,
        );
        if (differing.length === 0) continue;
        const line = google.line > 0 ? google.line : differing[0]!.line || rule.line;
        if (out.has(line)) continue;
        const who = differing.map((v) => NAMES[v.interpretation]).join(' and ');
        const theirs = differing.map((v) => (v.line > 0 ? `line ${v.line}` : 'no rule')).join(', ');
        out.set(line, {
          code: 'reading-differs',
          line,
          column: 1,
          message: `For ${agent} at ${path}, Google ${google.allowed ? 'allows' : 'disallows'} (${google.line > 0 ? `line ${google.line}` : 'no rule'}) but ${who} ${differing[0]!.allowed ? 'allow' : 'disallow'} (${theirs}): ${hint(rule.value, google.allowed)}`,
        });
      }
    }
  }
  return [...out.values()];
}

function hint(value: string, googleAllows: boolean): string {
  if (value.includes('*') || value.endsWith('$'))
    return 'older readers take "*" and "$" literally (no wildcards).';
  return googleAllows
    ? 'older readers stop at the first matching rule in file order; put the longer Allow before the broader Disallow.'
    : 'older readers stop at the first matching rule in file order, not the longest.';
}

/** The family: `reading-differs`, only with `readings: true`. */
export const readings: LintFamily = {
  name: 'readings',
  codes: {
    'reading-differs': {
      severity: 'info',
      summary:
        "A rule whose verdict differs between Google's reading and the 1996 draft's or Python's robotparser's (asked for with readings: true).",
    },
  },
  check(context) {
    return {
      end() {
        if (context.options.readings !== true) return;
        const all = parseReadings(context.input, context.parseOptions);
        for (const d of readingDiagnostics(context.robots, all)) {
          context.report({ code: d.code, line: d.line, message: d.message });
        }
      },
    };
  },
};
