/**
 * The audit with AI usage: for each well-known crawler and path, whether it may fetch and what
 * the file says about each purpose (search, AI input, AI training) — crawler blocks and usage
 * preferences in one table.
 */

import {
  type AuditOptions,
  type AuditVerdict,
  auditRobotsTxt,
  type FormatAuditOptions,
} from '../audit/audit.js';
import { USAGE_PURPOSES, type UsagePurpose } from '../extensions/vocabulary.js';
import type { Crawler } from '../readings/crawlers.js';
import type { RobotsPolicy, RobotsTxt } from '../types.js';
import { paint } from '../util/ansi.js';
import { terminalSafe } from '../util/terminal.js';
import { type PurposeDecision, type UsageResult, usage } from './usage.js';

/** One cell: a crawler and a path, with each purpose's answer. */
export interface UsageAuditVerdict extends AuditVerdict {
  readonly usage: Readonly<Record<UsagePurpose, PurposeDecision>>;
}

/** One crawler's row. */
export interface UsageAuditRow {
  readonly crawler: Crawler;
  readonly verdicts: readonly UsageAuditVerdict[];
}

/** The whole table. */
export interface UsageAuditResult {
  /** The checked paths, `/` first. */
  readonly paths: readonly string[];
  readonly rows: readonly UsageAuditRow[];
}

/**
 * `auditRobotsTxt` with each verdict's usage preferences per purpose (`usage`): a crawler that
 * may not fetch a path is `blocked` for every purpose there.
 *
 * @example
 * const audit = auditUsage(parseRobotsTxt('User-agent: *\nContent-Signal: ai-train=no\n'));
 * audit.rows[0]?.verdicts[0]?.usage['ai-train'].verdict; // 'disallowed'
 */
export function auditUsage(
  robots: RobotsTxt | RobotsPolicy,
  options: Omit<AuditOptions, 'readings'> = {},
): UsageAuditResult {
  const audit = auditRobotsTxt(robots, options);
  return {
    paths: audit.paths,
    rows: audit.rows.map((row) => ({
      crawler: row.crawler,
      verdicts: row.verdicts.map((verdict) => {
        // The crawler model's token: one that follows another's group (Applebot) is read as it.
        const followed = verdict.decidedBy !== '' && verdict.decidedBy !== '*';
        const readAs = followed ? verdict.decidedBy : row.crawler.token;
        return { ...verdict, usage: purposesFor(usage(robots, verdict.path, readAs), verdict) };
      }),
    })),
  };
}

/**
 * The purposes of a usage result, blocked where the audit's reading of the row blocks the path
 * (a crawler whose token Google's parser reads shorter is audited under its own reading).
 */
function purposesFor(
  result: UsageResult,
  verdict: AuditVerdict,
): Readonly<Record<UsagePurpose, PurposeDecision>> {
  if (verdict.allowed || !result.fetchable) return result.purposes;
  const blocked: PurposeDecision = {
    verdict: 'blocked',
    lines: verdict.line === 0 ? [] : [verdict.line],
    header: false,
    reason: `The crawler may not fetch ${result.path}${verdict.line === 0 ? '' : ` (line ${verdict.line})`}, so no usage preference applies.`,
  };
  return { search: blocked, 'ai-input': blocked, 'ai-train': blocked };
}

/** `allowed (line 4)`, `disallowed (lines 2, 5)`, `disallowed (header)`, `unknown`, `blocked (line 3)`. */
export function formatPurposeCell(decision: PurposeDecision): string {
  const { lines } = decision;
  const where = [
    ...(lines.length === 0 ? [] : [`line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`]),
    ...(decision.header ? ['header'] : []),
  ];
  return where.length === 0 ? decision.verdict : `${decision.verdict} (${where.join(', ')})`;
}

/**
 * The usage audit as an aligned text table: one row per crawler and path, with whether it may
 * fetch and one column per purpose.
 */
export function formatUsageAuditTable(
  audit: UsageAuditResult,
  options: FormatAuditOptions = {},
): string {
  const color = options.color === true;
  const header = ['crawler', 'operator', 'path', 'fetch', ...USAGE_PURPOSES];
  const rows: { cells: string[]; verdict: UsageAuditVerdict }[] = [];
  for (const row of audit.rows) {
    for (const verdict of row.verdicts) {
      rows.push({
        verdict,
        cells: [
          row.crawler.token,
          row.crawler.operator,
          terminalSafe(verdict.path),
          `${verdict.allowed ? 'allowed' : 'blocked'}${verdict.line > 0 ? ` (line ${verdict.line})` : ''}${verdict.selection === 'global' ? ' *' : ''}`,
          ...USAGE_PURPOSES.map((p) => formatPurposeCell(verdict.usage[p])),
        ],
      });
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r.cells[i]!.length)));
  const tint = (cell: string, i: number, verdict?: UsageAuditVerdict): string => {
    if (verdict === undefined || i < 3) return cell;
    const value =
      i === 3
        ? verdict.allowed
          ? 'allowed'
          : 'blocked'
        : verdict.usage[USAGE_PURPOSES[i - 4]!].verdict;
    const shade = value === 'allowed' ? 'green' : value === 'unknown' ? 'dim' : 'red';
    return paint(color, shade, cell);
  };
  const render = (cells: readonly string[], verdict?: UsageAuditVerdict): string =>
    cells
      .map((cell, i) => tint(i === cells.length - 1 ? cell : cell.padEnd(widths[i]!), i, verdict))
      .join('  ')
      .trimEnd();
  const lines = [render(header), ...rows.map((r) => render(r.cells, r.verdict))];
  return `${lines.join('\n')}\n\n* no group names the crawler: the "User-agent: *" rules applied.\nsearch, ai-input, ai-train: Content-Usage and Content-Signal combined, most restrictive first; blocked: the crawler may not fetch the path.\n`;
}
