/** Google's per-line report of the draft, as the Report tab shows it: computed in a worker. */

import type { ReportLine, RobotsTxt } from '../../src/index.js';

/** Rows the tab shows at most; the rest are counted. */
export const REPORT_ROWS = 2000;

/** One row: a line where Google read something. */
export interface ReportRow {
  readonly line: number;
  readonly tag: ReportLine['tag'];
  /** The line's text (its first 120 characters). */
  readonly text: string;
  readonly flags: readonly string[];
}

/** The report's summary and its first rows. */
export interface ReportView {
  readonly lastLine: number;
  readonly validDirectives: number;
  readonly unusedDirectives: number;
  /** Lines with a directive or cut for length. */
  readonly total: number;
  readonly rows: readonly ReportRow[];
}

/** The report of `robots` (`robots.report()`), with each shown line's text (of `draft`). */
export function reportView(robots: RobotsTxt, draft: string | Uint8Array): ReportView {
  const report = robots.report();
  const text = typeof draft === 'string' ? draft : new TextDecoder().decode(draft);
  const listed: ReportLine[] = [];
  let total = 0;
  for (const l of report.lines) {
    if (!l.hasDirective && !l.isLineTooLong) continue;
    total++;
    if (listed.length < REPORT_ROWS) listed.push(l);
  }
  // Only the listed lines' text is read: a 100,000-line file's report lists 2,000.
  const texts = lineTexts(
    text,
    listed.map((l) => l.line),
  );
  const rows: ReportRow[] = listed.map((l, i) => ({
    line: l.line,
    tag: l.tag,
    text: texts[i]!,
    flags: [
      l.typo ? 'typo accepted' : '',
      l.isMissingColonSeparator ? 'missing colon' : '',
      l.isLineTooLong ? 'too long: cut' : '',
      l.hasComment ? 'has comment' : '',
    ].filter(Boolean),
  }));
  return {
    lastLine: report.lastLine,
    validDirectives: report.validDirectives,
    unusedDirectives: report.unusedDirectives,
    total,
    rows,
  };
}

/**
 * The first 120 characters of each of `lines` (1-based, ascending) of `text`, whose lines end at
 * CR LF, CR or LF; the scan stops at the last one asked for.
 */
export function lineTexts(text: string, lines: readonly number[]): string[] {
  const out: string[] = [];
  let line = 1;
  let start = 0;
  let next = 0;
  while (next < lines.length && start <= text.length) {
    let end = start;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c === 10 || c === 13) break;
      end++;
    }
    while (next < lines.length && lines[next] === line) {
      out.push(text.slice(start, Math.min(end, start + 120)));
      next++;
    }
    start = text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    line++;
  }
  while (out.length < lines.length) out.push('');
  return out;
}
