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
  const lines = text.split(/\r\n|\r|\n/, report.lastLine);
  const rows: ReportRow[] = [];
  let total = 0;
  for (const l of report.lines) {
    if (!l.hasDirective && !l.isLineTooLong) continue;
    total++;
    if (rows.length >= REPORT_ROWS) continue;
    rows.push({
      line: l.line,
      tag: l.tag,
      text: (lines[l.line - 1] ?? '').slice(0, 120),
      flags: [
        l.typo ? 'typo accepted' : '',
        l.isMissingColonSeparator ? 'missing colon' : '',
        l.isLineTooLong ? 'too long: cut' : '',
        l.hasComment ? 'has comment' : '',
      ].filter(Boolean),
    });
  }
  return {
    lastLine: report.lastLine,
    validDirectives: report.validDirectives,
    unusedDirectives: report.unusedDirectives,
    total,
    rows,
  };
}
