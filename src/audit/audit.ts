/**
 * `auditRobotsTxt`: which well-known crawlers may fetch which paths, as a table of verdicts.
 */

import { compareReadings } from '../readings/compare.js';
import type { Interpretation, Readings, RobotsPolicy, Selection } from '../types.js';
import { paint } from '../util/ansi.js';
import { terminalSafe } from '../util/terminal.js';
import { type Crawler, crawlers as defaultCrawlers } from './crawlers.js';

/** Options of {@link auditRobotsTxt}. */
export interface AuditOptions {
  /**
   * Paths (or URLs) to check; `/` is always checked first.
   * @default []
   */
  readonly paths?: readonly string[];
  /**
   * The crawlers to check.
   * @default crawlers (the package's list of well-known crawlers)
   */
  readonly crawlers?: readonly Crawler[];
  /**
   * The file under every reading (`parseReadings`): each verdict then says which other readings
   * (the 1996 draft, Python's robotparser) answer differently — a "read by" column.
   */
  readonly readings?: Readings;
}

/** One cell of the table: a crawler and a path. */
export interface AuditVerdict {
  readonly path: string;
  readonly allowed: boolean;
  /** The deciding line, 0 when no rule matched. */
  readonly line: number;
  /** Whether a group names the crawler (`specific`) or the `*` rules applied (`global`). */
  readonly selection: Selection;
  /** With `readings`: the readings whose verdict differs from this one (empty: all agree). */
  readonly differingReadings?: readonly Interpretation[];
}

/** One row of the table. */
export interface AuditRow {
  readonly crawler: Crawler;
  readonly verdicts: readonly AuditVerdict[];
}

/** The whole table. */
export interface AuditResult {
  /** The checked paths, `/` first. */
  readonly paths: readonly string[];
  readonly rows: readonly AuditRow[];
}

/**
 * Checks every crawler against `/` and the given paths, using its product token as the agent.
 *
 * @example
 * const audit = auditRobotsTxt(parseRobotsTxt('User-agent: GPTBot\nDisallow: /\n'));
 * audit.rows.find((r) => r.crawler.token === 'GPTBot')?.verdicts[0]?.allowed; // false
 */
export function auditRobotsTxt(robots: RobotsPolicy, options: AuditOptions = {}): AuditResult {
  const paths = ['/', ...(options.paths ?? []).filter((p) => p !== '/')];
  const rows = (options.crawlers ?? defaultCrawlers).map((crawler) => ({
    crawler,
    verdicts: paths.map((path) => {
      const explanation = robots.explain(path, crawler.token);
      const differing = options.readings
        ? compareReadings(
            options.readings,
            `https://robots.invalid${path.startsWith('/') ? path : `/${path}`}`,
            crawler.token,
          )
            .filter((v) => v.allowed !== explanation.allowed)
            .map((v) => v.interpretation)
        : undefined;
      return {
        path,
        allowed: explanation.allowed,
        line: explanation.line,
        selection: explanation.selection,
        ...(differing === undefined ? {} : { differingReadings: differing }),
      };
    }),
  }));
  return { paths, rows };
}

/** `all alike`, or which readings answer differently on which paths. */
function readByCell(verdicts: readonly AuditVerdict[]): string {
  const differing = new Set(verdicts.flatMap((v) => v.differingReadings ?? []));
  return differing.size === 0 ? 'all alike' : `differs: ${[...differing].join(', ')}`;
}

/** Options of {@link formatAuditTable}. */
export interface FormatAuditOptions {
  /**
   * Use ANSI colours.
   * @default false
   */
  readonly color?: boolean;
}

/**
 * The audit as an aligned text table: crawler, operator, purpose, then one column per path with
 * `allowed`/`blocked`, the deciding line and `*` when the crawler fell back to the `*` group.
 */
export function formatAuditTable(audit: AuditResult, options: FormatAuditOptions = {}): string {
  const color = options.color === true;
  // Paths may come from a request or a file: shown escaped, never as terminal controls.
  const readBy = audit.rows.some((row) =>
    row.verdicts.some((v) => v.differingReadings !== undefined),
  );
  const header = [
    'crawler',
    'operator',
    'purpose',
    ...audit.paths.map(terminalSafe),
    ...(readBy ? ['read by'] : []),
  ];
  const cells = audit.rows.map((row) => [
    row.crawler.token,
    row.crawler.operator,
    row.crawler.purpose,
    ...row.verdicts.map(
      (v) =>
        `${v.allowed ? 'allowed' : 'blocked'}${v.line > 0 ? ` (line ${v.line})` : ''}${v.selection === 'global' ? ' *' : ''}`,
    ),
    ...(readBy ? [readByCell(row.verdicts)] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const render = (row: readonly string[], verdicts?: readonly AuditVerdict[]): string =>
    row
      .map((cell, i) => {
        const padded = i === row.length - 1 ? cell : cell.padEnd(widths[i]!);
        const verdict = i >= 3 && i < 3 + audit.paths.length ? verdicts?.[i - 3] : undefined;
        return verdict === undefined
          ? padded
          : paint(color, verdict.allowed ? 'green' : 'red', padded);
      })
      .join('  ')
      .trimEnd();
  const lines = [render(header), ...cells.map((c, r) => render(c, audit.rows[r]!.verdicts))];
  return `${lines.join('\n')}\n\n* no group names the crawler: the "User-agent: *" rules applied.\n`;
}
