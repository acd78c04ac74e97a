/**
 * The Audit, Google's report and AI preferences tabs, drawn from what the views worker computed.
 * Words are the matrix's: "allowed" and "disallowed".
 */

import {
  AUDIT_FOOTNOTES,
  type AuditResult,
  type AuditVerdict,
  READING_NAMES,
} from '../../src/index.js';
import type { AiView } from './ai-view.js';
import { h, replace, visible } from './dom.js';
import { formatCount } from './limits.js';
import { REPORT_ROWS, type ReportView } from './report-view.js';
import { virtualRows } from './virtual-rows.js';

/** A reading's name as the page shows it: the library's names, for the library's readings. */
export function readingName(interpretation: string): string {
  return (READING_NAMES as Readonly<Record<string, string>>)[interpretation] ?? interpretation;
}

/** The package's documentation (the docs folder ships with it). */
export const DOCS = 'https://www.npmjs.com/package/robots-rep';

/** A link to one page of the docs. */
export function docsLink(page: string): HTMLElement {
  return h('a', { href: DOCS, target: '_blank', rel: 'noopener' }, `docs/${page}`);
}

const cellText = (v: AuditVerdict, token: string): string => {
  const mark =
    v.decidedBy === '*'
      ? ' *'
      : v.decidedBy === ''
        ? ' (no group)'
        : v.decidedBy === token
          ? ''
          : ` (as ${v.decidedBy})`;
  return `${v.allowed ? 'allowed' : 'disallowed'}${v.line ? ` (line ${v.line})` : ''}${mark}`;
};

/** The audit table: every well-known crawler against `/` and the first URLs (queries kept). */
export function renderAudit(container: HTMLElement, audit: AuditResult): void {
  const table = h(
    'table',
    { class: 'audit' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Crawler'),
        h('th', { scope: 'col' }, 'Purposes'),
        ...audit.paths.map((p) => h('th', { scope: 'col', class: 'code' }, visible(p))),
        h('th', { scope: 'col' }, 'Read by'),
      ),
    ),
    h(
      'tbody',
      {},
      ...audit.rows.map((row) =>
        h(
          'tr',
          {},
          h(
            'th',
            { scope: 'row', 'data-token': row.crawler.token },
            visible(`${row.crawler.name} (${row.crawler.operator})`),
          ),
          h('td', { class: 'purposes' }, row.crawler.purposes.join(', ')),
          ...row.verdicts.map((v) =>
            h(
              'td',
              {
                class: v.allowed ? 'allowed' : 'disallowed',
                'data-decided': v.decidedBy,
                'data-path': v.path,
              },
              cellText(v, row.crawler.token),
            ),
          ),
          readByCell(row.verdicts),
        ),
      ),
    ),
  );
  const footnotes = audit.footnotes.map((kind) =>
    h('p', { class: 'note' }, `${kind === 'global' ? '*' : `${kind}:`} ${AUDIT_FOOTNOTES[kind]}`),
  );
  const notes = audit.rows.flatMap((row) =>
    row.notes
      .filter((n) => n.kind !== 'global' && n.kind !== 'control' && n.kind !== 'user-initiated')
      .map((n) => h('li', {}, `${row.crawler.token}: ${visible(n.text)}`)),
  );
  replace(
    container,
    ...audit.warnings.map((w) => h('p', { class: 'audit-warning' }, w)),
    h('div', { class: 'table-scroll' }, table),
    ...footnotes,
    ...(notes.length > 0 ? [h('ul', { class: 'notes' }, ...notes)] : []),
    h(
      'p',
      { class: 'note' },
      'Read by: whether the other readings (',
      docsLink('readings.md'),
      ') give the same verdicts as Google on these paths.',
    ),
  );
}

function readByCell(verdicts: readonly AuditVerdict[]): HTMLElement {
  const differing = [...new Set(verdicts.flatMap((v) => v.differingReadings ?? []))];
  if (differing.length === 0) return h('td', { class: 'read-by' }, 'all alike');
  return h(
    'td',
    { class: 'read-by differs', 'data-readings': differing.join(' ') },
    `differs: ${differing.map(readingName).join(', ')}`,
  );
}

const TAG_TEXT: Readonly<Record<string, string>> = {
  'user-agent': 'user-agent',
  allow: 'allow',
  disallow: 'disallow',
  sitemap: 'sitemap',
  unused: 'recognised, not supported',
  unknown: 'unknown',
};

/** Google's per-line report (Search Console's), for the lines where Google read something. */
export function renderReport(container: HTMLElement, report: ReportView): void {
  const body = h('tbody', {});
  const table = h(
    'table',
    { class: 'report' },
    h(
      'thead',
      {},
      h(
        'tr',
        { 'aria-rowindex': '1' },
        ...['Line', 'Google read', 'Text', 'Flags'].map((t) => h('th', { scope: 'col' }, t)),
      ),
    ),
    body,
  );
  const scroller = h('div', { class: 'table-scroll report-scroll' }, table);
  replace(
    container,
    h(
      'p',
      { class: 'summary' },
      `${report.lastLine} lines: ${report.validDirectives} valid directives, ${report.unusedDirectives} not used by Google.`,
    ),
    report.total > report.rows.length
      ? h(
          'p',
          { class: 'note', 'data-cut': 'report' },
          `The first ${formatCount(REPORT_ROWS)} of ${formatCount(report.total)} lines Google read are listed; the counts above are of all.`,
        )
      : null,
    scroller,
  );
  // Up to 2,000 rows: only those in view are drawn, as the table scrolls.
  virtualRows(scroller, table, body, report.rows, reportRow, 4);
}

/** One row of the report: one line high (long text is cut with an ellipsis, whole in its title). */
function reportRow(l: ReportView['rows'][number]): HTMLTableRowElement {
  const text = visible(l.text);
  const flags = l.flags.join(', ');
  return h(
    'tr',
    { 'data-line': String(l.line), class: `tag-${l.tag}` },
    h('th', { scope: 'row' }, String(l.line)),
    h('td', {}, TAG_TEXT[l.tag] ?? l.tag),
    h('td', { class: 'code', title: text }, text),
    h('td', { title: flags }, flags),
  );
}

const PURPOSE_TEXT: Readonly<Record<string, string>> = {
  search: 'Search',
  'ai-input': 'AI input (answers, RAG)',
  'ai-train': 'AI training',
};

/** AI usage preferences per URL for one crawler; a click highlights the deciding line. */
export function renderAi(
  container: HTMLElement,
  ai: AiView,
  agents: readonly string[],
  onAgent: (agent: string) => void,
  onLine: (line: number) => void,
): void {
  const picker = h(
    'select',
    { id: 'ai-agent', onchange: (event) => onAgent((event.target as HTMLSelectElement).value) },
    ...agents.map((a) => h('option', { value: a, selected: a === ai.agent }, visible(a))),
  );
  const reason = h('p', { id: 'ai-reason', class: 'reason', 'aria-live': 'polite' });
  const purposes = ai.rows[0]?.cells.map((c) => c.purpose) ?? ['search', 'ai-input', 'ai-train'];
  replace(
    container,
    h('label', { for: 'ai-agent' }, 'Crawler '),
    picker,
    h(
      'p',
      { class: 'summary' },
      ai.statements === 0
        ? 'The draft states no AI usage preference (no Content-Usage or Content-Signal line): every purpose the crawler may fetch for is "unknown".'
        : `The draft has ${ai.statements} preference line${ai.statements === 1 ? '' : 's'} (Content-Usage, Content-Signal).`,
    ),
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        { class: 'ai-usage' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'URL'),
            ...purposes.map((p) => h('th', { scope: 'col' }, PURPOSE_TEXT[p] ?? p)),
          ),
        ),
        h(
          'tbody',
          {},
          ...ai.rows.map((row, u) =>
            h(
              'tr',
              { 'data-url': String(u) },
              h('th', { scope: 'row', class: 'url' }, visible(row.entry)),
              ...row.cells.map((cell) =>
                h(
                  'td',
                  { class: `usage usage-${cell.verdict}`, 'data-purpose': cell.purpose },
                  h(
                    'button',
                    {
                      type: 'button',
                      title: visible(cell.reason),
                      onclick: () => {
                        if (cell.line > 0) onLine(cell.line);
                        replace(reason, visible(cell.reason));
                      },
                    },
                    cell.text,
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
    ai.urlCount > ai.rows.length && ai.rows.length > 0
      ? h('p', { class: 'note' }, `The first ${ai.rows.length} of ${ai.urlCount} URLs.`)
      : null,
    reason,
    h(
      'p',
      { class: 'note' },
      'blocked: the crawler may not fetch the URL (disallowed), so no preference applies. See ',
      docsLink('ai-preferences.md'),
      '.',
    ),
  );
}
