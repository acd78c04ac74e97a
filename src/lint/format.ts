/**
 * Human-readable text for lint results, as the `robotstxt lint` command prints them.
 */

import { type AnsiStyle, paint } from '../util/ansi.js';
import { terminalSafe } from '../util/terminal.js';
import { unverifiedFixesText } from './fix.js';
import type { DiagnosticCode, LintResult, Severity } from './types.js';

/** Options of {@link formatLintText}. */
export interface FormatLintTextOptions {
  /**
   * The name shown before each position (`robots.txt:3:1`).
   * @default 'robots.txt'
   */
  readonly source?: string;
  /**
   * Use ANSI colours (a terminal that wants them).
   * @default false
   */
  readonly color?: boolean;
}

const SEVERITY_STYLE: Readonly<Record<Severity, AnsiStyle>> = {
  error: 'red',
  warning: 'yellow',
  info: 'cyan',
};

/**
 * One line per diagnostic (`robots.txt:3:1  warning  message  [code]`) and a summary line.
 *
 * @example
 * formatLintText(lintRobotsTxt('Crawl-delay: 5\n'), { source: 'robots.txt' });
 * // 'robots.txt:1:1  warning  Google ignores Crawl-delay (…)  [unsupported-directive]\n\n0 errors, 1 warning, 0 infos\n'
 */
export function formatLintText(result: LintResult, options: FormatLintTextOptions = {}): string {
  // Messages quote the file; the file (and its name) may hold terminal escapes.
  const source = terminalSafe(options.source ?? 'robots.txt');
  const color = options.color === true;
  const out: string[] = [];
  for (const d of result.diagnostics) {
    out.push(
      `${paint(color, 'bold', `${source}:${d.line}:${d.column}`)}  ${paint(color, SEVERITY_STYLE[d.severity], d.severity.padEnd(7))}  ${terminalSafe(d.message)}  ${paint(color, 'dim', `[${d.code}]`)}`,
    );
    for (const r of d.related ?? [])
      out.push(`    ${paint(color, 'dim', `see ${source}:${r.line}: ${terminalSafe(r.message)}`)}`);
  }
  for (const [code, count] of Object.entries(result.omitted)) {
    const counts = result.omittedBySeverity?.[code as DiagnosticCode] ?? {};
    const which = (['error', 'warning', 'info'] as const)
      .filter((s) => (counts[s] ?? 0) > 0)
      .map((s) => `${counts[s]} ${s}${counts[s] === 1 ? '' : 's'}`)
      .join(', ');
    out.push(
      `${paint(color, 'bold', source)}  ${paint(color, 'dim', `… ${count} more [${code}] not shown${which === '' ? '' : ` (${which})`}`)}`,
    );
  }
  if (result.fixesNotVerified > 0) {
    out.push(
      `${paint(color, 'bold', source)}  ${paint(color, 'dim', unverifiedFixesText(result.fixesNotVerified))}`,
    );
  }
  if (out.length > 0) out.push('');
  out.push(summarize(result));
  return `${out.join('\n')}\n`;
}

/** `2 errors, 1 warning, 0 infos`, or `No problems found.` */
function summarize(result: Pick<LintResult, 'errorCount' | 'warningCount' | 'infoCount'>): string {
  if (result.errorCount + result.warningCount + result.infoCount === 0) return 'No problems found.';
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(result.errorCount, 'error')}, ${plural(result.warningCount, 'warning')}, ${plural(result.infoCount, 'info')}`;
}
