/**
 * `auditRobotsTxt`: which well-known crawlers may fetch which paths, as a table of verdicts.
 */

import { argumentError } from '../errors.js';
import { extractProductToken } from '../parse/agent.js';
import { compareReadings } from '../readings/compare.js';
import { crawlerGroup } from '../readings/crawler-model.js';
import {
  type Crawler,
  type CrawlerPurpose,
  crawlerTokenProblem,
  crawlers as defaultCrawlers,
} from '../readings/crawlers.js';
import { parseRobotsTxt } from '../robots.js';
import type {
  Explanation,
  Group,
  Interpretation,
  Readings,
  RobotsPolicy,
  RobotsTxt,
  Selection,
} from '../types.js';
import { paint } from '../util/ansi.js';
import { terminalSafe } from '../util/terminal.js';

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
  /**
   * The token whose group decided (`crawlerGroup`): the crawler's own, the one it follows
   * (Applebot: `Googlebot`), `*`, or `` when no group applies (every path allowed).
   */
  readonly decidedBy: string;
  /** With `readings`: the readings whose verdict differs from this one (empty: all agree). */
  readonly differingReadings?: readonly Interpretation[];
}

/** Why a row reads as it does, beyond its verdicts: each note the table shows as a footnote. */
export type AuditNoteKind =
  /** No group names the crawler: the `*` rules applied (marked `*` in a cell). */
  | 'global'
  /** A control token: no crawler fetches with it. */
  | 'control'
  /** No group names the crawler; it follows another crawler's group, as its operator documents. */
  | 'fallback'
  /** Its token is one Google's parser reads shorter (`MJ12bot` → `MJ`): its own reading shown. */
  | 'own-token'
  /** A group names it but has no rules: it may fetch everything, the `*` rules do not apply. */
  | 'empty-group'
  /** It fetches when a person asks; its operator says robots.txt may not apply. */
  | 'user-initiated'
  /** No group names it and it ignores the `*` group, as its operator documents: nothing applies. */
  | 'ignores-global';

/** A note on one row. */
export interface AuditNote {
  readonly kind: AuditNoteKind;
  /** One or two sentences about this crawler and this file. */
  readonly text: string;
}

/** One row of the table. */
export interface AuditRow {
  readonly crawler: Crawler;
  readonly verdicts: readonly AuditVerdict[];
  /** What a person should know to read the row right (empty when nothing). */
  readonly notes: readonly AuditNote[];
}

/** The whole table. */
export interface AuditResult {
  /** The checked paths, `/` first. */
  readonly paths: readonly string[];
  readonly rows: readonly AuditRow[];
  /**
   * The table's columns, in order: `crawler`, `operator`, `purposes`, one per path, then
   * `read by` (with readings) and `notes` (when a row has one).
   */
  readonly columns: readonly string[];
  /** The kinds of note the rows use, each once, in the order of {@link AuditNoteKind}: footnotes. */
  readonly footnotes: readonly AuditNoteKind[];
  /**
   * What the file does that a site owner may not mean: a crawler blocked from the whole site
   * that serves search as well as AI, so blocking "AI training" also removes the site from search.
   */
  readonly warnings: readonly string[];
}

/** What each footnote says, once per table. */
export const AUDIT_FOOTNOTES: Readonly<Record<AuditNoteKind, string>> = {
  global: 'no group names the crawler: the "User-agent: *" rules applied.',
  control:
    'a control token: no crawler fetches with it; its operator reads its rules to decide how the pages its crawler fetches may be used.',
  fallback:
    "no group names the crawler: it follows another crawler's group, as its operator documents.",
  'own-token':
    "its token is not a product token as Google reads it (letters, '-' and '_'): the verdicts are the crawler's own reading of its group.",
  'empty-group':
    'a group names the crawler but has no rules: it may fetch everything, and the "User-agent: *" rules do not apply to it.',
  'user-initiated': 'it fetches when a person asks; its operator says robots.txt may not apply.',
  'ignores-global':
    'no group names the crawler and it ignores the "User-agent: *" group, as its operator documents: no rule applies to it.',
};

const NOTE_ORDER: readonly AuditNoteKind[] = [
  'global',
  'control',
  'fallback',
  'own-token',
  'empty-group',
  'user-initiated',
  'ignores-global',
];

// A name no group has: what the `*` group answers.
const PROBE = 'RobotsRepAuditProbe';

/**
 * Checks every crawler against `/` and the given paths, using its product token as the agent,
 * with what it takes to read each row right: a crawler that follows another's group (Applebot
 * follows Googlebot's), a token Google's parser reads shorter (`MJ12bot`), a control token, a
 * group without rules. Warns when a crawler blocked from the whole site serves search as well.
 *
 * @example
 * const audit = auditRobotsTxt(parseRobotsTxt('User-agent: GPTBot\nDisallow: /\n'));
 * audit.rows.find((r) => r.crawler.token === 'GPTBot')?.verdicts[0]?.allowed; // false
 */
export function auditRobotsTxt(robots: RobotsPolicy, options: AuditOptions = {}): AuditResult {
  const paths = ['/', ...(options.paths ?? []).filter((p) => p !== '/')];
  const list = options.crawlers ?? defaultCrawlers;
  checkCrawlers(list);
  const groups = 'groups' in robots ? (robots as RobotsTxt).groups : undefined;
  const rows: AuditRow[] = list.map((crawler) => {
    const notes: AuditNote[] = [];
    const { reader, decidedBy, readAs } = readerFor(robots, groups, crawler, notes);
    const verdicts = paths.map((path) => {
      const explanation = reader(path);
      const differing = options.readings
        ? compareReadings(
            options.readings,
            `https://robots.invalid${path.startsWith('/') ? path : `/${path}`}`,
            readAs,
          )
            .filter((v) => v.allowed !== explanation.allowed)
            .map((v) => v.interpretation)
        : undefined;
      return {
        path,
        allowed: explanation.allowed,
        line: explanation.line,
        selection: explanation.selection,
        decidedBy:
          explanation.selection === 'global'
            ? '*'
            : explanation.selection === 'none'
              ? ''
              : decidedBy,
        ...(differing === undefined ? {} : { differingReadings: differing }),
      };
    });
    if (verdicts.some((v) => v.selection === 'global')) {
      notes.unshift({ kind: 'global', text: AUDIT_FOOTNOTES.global });
    }
    if (crawler.control) {
      const governs =
        crawler.governs === undefined ? '' : ` for the pages ${crawler.governs} fetches`;
      notes.push({
        kind: 'control',
        text: `No crawler fetches as ${crawler.token}: ${crawler.operator} reads its rules${governs}.`,
      });
    }
    if (crawler.userInitiated) {
      notes.push({
        kind: 'user-initiated',
        text: `${crawler.operator} says robots.txt may not apply when ${crawler.token} fetches for a person.`,
      });
    }
    return { crawler, verdicts, notes: sortNotes(notes) };
  });
  const readBy = rows.some((row) => row.verdicts.some((v) => v.differingReadings !== undefined));
  const used = new Set(rows.flatMap((r) => r.notes.map((n) => n.kind)));
  const footnotes = NOTE_ORDER.filter((k) => used.has(k));
  return {
    paths,
    rows,
    columns: [
      'crawler',
      'operator',
      'purposes',
      ...paths,
      ...(readBy ? ['read by'] : []),
      ...(rows.some((r) => r.notes.some((n) => n.kind !== 'global')) ? ['notes'] : []),
    ],
    footnotes,
    warnings: warningsOf(rows, list),
  };
}

/** Every row's token must be one a User-agent line can name (`crawlerTokenProblem`). */
function checkCrawlers(list: readonly Crawler[]): void {
  if (!Array.isArray(list)) {
    throw argumentError('auditRobotsTxt', 'options.crawlers', 'an array of crawlers', list);
  }
  list.forEach((crawler, i) => {
    const token: unknown = crawler?.token;
    const problem = typeof token === 'string' ? crawlerTokenProblem(token) : 'is not a string';
    if (problem !== undefined) {
      throw argumentError(
        'auditRobotsTxt',
        `options.crawlers[${i}].token`,
        `a product token (${problem})`,
        token,
      );
    }
  });
}

function sortNotes(notes: readonly AuditNote[]): AuditNote[] {
  return [...notes].sort((a, b) => NOTE_ORDER.indexOf(a.kind) - NOTE_ORDER.indexOf(b.kind));
}

type Reader = (path: string) => Pick<Explanation, 'allowed' | 'line' | 'selection'>;

/** How to read the file for one crawler: the token whose group decides, and the token read as. */
interface CrawlerReader {
  readonly reader: Reader;
  readonly decidedBy: string;
  /** The token every reading is asked with (the one a crawler follows, or its own). */
  readonly readAs: string;
}

/** How to read the file for one crawler (the crawler model); adds the notes that reading needs. */
function readerFor(
  robots: RobotsPolicy,
  groups: readonly Group[] | undefined,
  crawler: Crawler,
  notes: AuditNote[],
): CrawlerReader {
  const own = (reader: Reader): CrawlerReader => ({
    reader,
    decidedBy: crawler.token,
    readAs: crawler.token,
  });
  const plain: Reader = (path) => robots.explain(path, crawler.token);
  if (groups === undefined) return own(plain);
  const token = crawler.token.toLowerCase();
  const naming = groups.filter((g) =>
    g.agents.some((a) => !a.global && a.token.toLowerCase() === token),
  );
  if (naming.length > 0) {
    if (naming.every((g) => g.rules.length === 0)) {
      notes.push({
        kind: 'empty-group',
        text: `The group of line ${naming[0]!.agents[0]!.line} names ${crawler.token} but has no rules: it may fetch everything, and the "User-agent: *" rules do not apply to it.`,
      });
    }
    return own(plain);
  }
  // A token Google's parser reads shorter: the crawler's own parser reads the whole token.
  if (extractProductToken(crawler.token) !== crawler.token) {
    const ownGroupList = ownGroups(groups, token);
    if (ownGroupList.length > 0) {
      const google = robots.explain('/', crawler.token);
      const lines = ownGroupList.map(
        (g) => g.agents.find((a) => writtenToken(a.value) === token)!.line,
      );
      notes.push({
        kind: 'own-token',
        text: `Google's parser reads "User-agent: ${crawler.token}" (line ${lines.join(', ')}) as "${extractProductToken(crawler.token)}", so under Google's reading ${crawler.token} gets ${google.selection === 'global' ? 'the "*" rules' : 'no group of its own'} (${google.allowed ? 'allowed' : 'disallowed'} at /${google.line > 0 ? `, line ${google.line}` : ''}); the verdicts shown are ${crawler.name}'s own reading of its group.`,
      });
      return own(ownReader(ownGroupList));
    }
  }
  const group = crawlerGroup(robots, crawler.token);
  if (group.rule?.kind === 'follows' && group.query !== undefined) {
    const followed = group.query;
    const lower = followed.toLowerCase();
    const line = groups.find((g) =>
      g.agents.some((a) => !a.global && a.token.toLowerCase() === lower),
    )?.agents[0]?.line;
    notes.push({
      kind: 'fallback',
      text: `No group names ${crawler.token}: it follows ${followed}'s group (line ${line}), as ${crawler.operator} documents (${group.rule.source}).`,
    });
    return {
      reader: (path) => robots.explain(path, followed),
      decidedBy: followed,
      readAs: followed,
    };
  }
  if (group.rule?.kind === 'ignores-global') {
    notes.push({
      kind: 'ignores-global',
      text: `No group names ${crawler.token} and it ignores the "User-agent: *" group, as ${crawler.operator} documents (${group.rule.source}): no rule applies to it.`,
    });
    return {
      reader: () => ({ allowed: true, line: 0, selection: 'none' }),
      decidedBy: '',
      readAs: crawler.token,
    };
  }
  return own(plain);
}

/** A User-agent value's token as written: up to the first space or `/`, lower-cased. */
function writtenToken(value: string): string {
  return value.split(/[\s/]/, 1)[0]!.toLowerCase();
}

/** The groups whose User-agent lines name `token` as written, digits and dots included. */
function ownGroups(groups: readonly Group[], token: string): Group[] {
  return groups.filter((g) => g.agents.some((a) => !a.global && writtenToken(a.value) === token));
}

/**
 * Verdicts from the rules of `groups` alone, decided as Google decides (longest match, Allow on a
 * tie), with the original line numbers.
 */
function ownReader(groups: readonly Group[]): Reader {
  const rules = groups.flatMap((g) => g.rules);
  const text = `User-agent: ${PROBE}\n${rules.map((r) => `${r.type === 'allow' ? 'Allow' : 'Disallow'}: ${r.value}`).join('\n')}\n`;
  const own = parseRobotsTxt(text);
  return (path) => {
    const e = own.explain(path, PROBE);
    return {
      allowed: e.allowed,
      line: e.line > 1 ? rules[e.line - 2]!.line : 0,
      selection: 'specific',
    };
  };
}

/** Note kinds that read the same for every row: shown once, as footnotes. */
const GENERAL: readonly AuditNoteKind[] = ['global', 'control', 'user-initiated'];

const SEARCHING: readonly CrawlerPurpose[] = ['search', 'ai-search'];

/** "Blocking training also blocks search": crawlers blocked at / that serve more than one purpose. */
function warningsOf(rows: readonly AuditRow[], list: readonly Crawler[]): string[] {
  const warnings: string[] = [];
  for (const row of rows) {
    const { crawler } = row;
    if (crawler.control || row.verdicts[0]?.allowed !== false) continue;
    if (crawler.purposes.length < 2 || !crawler.purposes.some((p) => SEARCHING.includes(p)))
      continue;
    const control = list.find((c) => c.control && c.governs === crawler.token);
    const instead =
      control === undefined
        ? ''
        : ` To keep the site out of ${crawler.operator}'s AI training only, block ${control.token} instead.`;
    warnings.push(
      `${crawler.token} is blocked from the whole site: that stops everything it fetches for (${crawler.purposes.join(', ')}), not only AI.${instead}`,
    );
  }
  return warnings;
}

/** `all alike`, or which readings answer differently on which paths. */
function readByCell(verdicts: readonly AuditVerdict[]): string {
  const differing = new Set(verdicts.flatMap((v) => v.differingReadings ?? []));
  return differing.size === 0 ? 'all alike' : `differs: ${[...differing].join(', ')}`;
}

/** A cell's mark of the group that decided: `*`, the token followed, or none at all. */
function decidedMark(verdict: AuditVerdict, token: string): string {
  if (verdict.decidedBy === '*') return ' *';
  if (verdict.decidedBy === '') return ' (no group)';
  return verdict.decidedBy === token ? '' : ` (as ${verdict.decidedBy})`;
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
 * The audit as an aligned text table: crawler, operator, purposes, then one column per path with
 * `allowed`/`disallowed`, the deciding line and `*` when the crawler fell back to the `*` group, and
 * the kinds of note a row has; below it, the footnotes the rows use, each row's notes and the
 * warnings.
 */
export function formatAuditTable(audit: AuditResult, options: FormatAuditOptions = {}): string {
  const color = options.color === true;
  const readBy = audit.columns.includes('read by');
  const noteColumn = audit.columns.includes('notes');
  // Paths may come from a request or a file: shown escaped, never as terminal controls.
  const header = [
    'crawler',
    'operator',
    'purposes',
    ...audit.paths.map(terminalSafe),
    ...(readBy ? ['read by'] : []),
    ...(noteColumn ? ['notes'] : []),
  ];
  const cells = audit.rows.map((row) => [
    row.crawler.token,
    terminalSafe(row.crawler.operator),
    row.crawler.purposes.join(', '),
    ...row.verdicts.map(
      (v) =>
        `${v.allowed ? 'allowed' : 'disallowed'}${v.line > 0 ? ` (line ${v.line})` : ''}${decidedMark(v, row.crawler.token)}`,
    ),
    ...(readBy ? [readByCell(row.verdicts)] : []),
    ...(noteColumn
      ? [
          row.notes
            .filter((n) => n.kind !== 'global')
            .map((n) => n.kind)
            .join(', '),
        ]
      : []),
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
  const below: string[] = [];
  // Kinds every row says alike are footnotes; the others are each row's own note.
  if (audit.footnotes.includes('global')) below.push(`* ${AUDIT_FOOTNOTES.global}`);
  for (const kind of audit.footnotes) {
    if (GENERAL.includes(kind) && kind !== 'global')
      below.push(`${kind}: ${AUDIT_FOOTNOTES[kind]}`);
  }
  const notes = audit.rows.flatMap((row) =>
    row.notes
      .filter((n) => !GENERAL.includes(n.kind))
      .map((n) => `  ${row.crawler.token}: ${terminalSafe(n.text)}`),
  );
  if (notes.length > 0) below.push('', 'Notes:', ...notes);
  if (audit.warnings.length > 0) {
    below.push('', paint(color, 'yellow', 'Warnings:'), ...audit.warnings.map((w) => `  ${w}`));
  }
  return `${lines.join('\n')}\n${below.length > 0 ? `\n${below.join('\n')}\n` : ''}`;
}
