/**
 * The verdict matrix: URLs down, crawlers across, one page of rows at a time, as an ARIA grid —
 * one Tab stop, arrow keys between cells, Enter or Space (or a click) to choose a cell. Headers
 * stay in view while it scrolls. Each cell says the token whose group decided it.
 */

import { h, replace, visible } from './dom.js';
import type { Evaluation } from './evaluate.js';
import { wireGrid } from './grid-keys.js';
import { rowsPerPage } from './limits.js';

/** What the matrix shows. */
export interface MatrixData {
  readonly urls: readonly string[];
  readonly agents: readonly string[];
  readonly evaluation: Evaluation;
}

/** The cell that has the grid's Tab stop (kept across renders). */
export interface GridFocus {
  url: number;
  agent: number;
}

/** What the matrix tells the page. */
export interface MatrixEvents {
  readonly onSelect: (url: number, agent: number) => void;
  readonly onPage: (page: number) => void;
}

/** Words for the group that decided a crawler's cells. */
export function decidedText(agent: string, decidedBy: string): string {
  if (decidedBy === '*') return '* group';
  if (decidedBy === '') return 'no group';
  return decidedBy === agent ? 'own group' : `as ${decidedBy}`;
}

/** What is drawn in a container, kept so the next evaluation patches the cells it changes. */
interface Drawn {
  readonly agents: readonly string[];
  readonly decidedBy: readonly string[];
  readonly rows: readonly string[];
  readonly urlCount: number;
  readonly first: number;
  readonly cells: HTMLTableCellElement[];
  /** Each drawn cell's verdict and line, as `line * 2 + allowed`. */
  readonly shown: Float64Array;
  readonly counts: HTMLElement[];
  readonly summary: HTMLElement;
  readonly table: HTMLTableElement;
}

const drawn = new WeakMap<HTMLElement, Drawn>();

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Renders page `page` of the matrix into `container`. When the same URLs and crawlers are on
 * the page already (an edit of the draft), only the cells whose verdict or line changed are
 * redrawn: a keystroke costs the cells it changes, not the whole grid, and focus stays put.
 */
export function renderMatrix(
  container: HTMLElement,
  data: MatrixData,
  page: number,
  focus: GridFocus,
  events: MatrixEvents,
): void {
  const { urls, agents, evaluation } = data;
  const pageSize = rowsPerPage(agents.length);
  const pages = Math.max(1, Math.ceil(urls.length / pageSize));
  const current = Math.min(Math.max(page, 0), pages - 1);
  const first = current * pageSize;
  const last = Math.min(urls.length, first + pageSize);
  const disallowed = agents.map((_, a) => {
    let n = 0;
    for (let u = 0; u < urls.length; u++) if (evaluation.allowed[u * agents.length + a] === 0) n++;
    return n;
  });
  const summary = `${urls.length} URLs × ${agents.length} crawlers checked in ${evaluation.elapsed.toFixed(1)} ms.`;
  const before = drawn.get(container);
  if (
    before !== undefined &&
    container.contains(before.table) &&
    before.first === first &&
    before.urlCount === urls.length &&
    sameList(before.agents, agents) &&
    sameList(before.decidedBy, evaluation.decidedBy) &&
    sameList(before.rows, urls.slice(first, last))
  ) {
    before.summary.textContent = summary;
    for (let a = 0; a < agents.length; a++) {
      const text = `${disallowed[a]} disallowed`;
      if (before.counts[a]!.textContent !== text) before.counts[a]!.textContent = text;
    }
    for (let i = 0; i < before.cells.length; i++) {
      const cell = (first + Math.floor(i / agents.length)) * agents.length + (i % agents.length);
      const now = evaluation.lines[cell]! * 2 + evaluation.allowed[cell]!;
      if (before.shown[i] === now) continue;
      before.shown[i] = now;
      const a = i % agents.length;
      const url = visible(before.rows[Math.floor(i / agents.length)]!);
      fillCell(before.cells[i]!, url, agents[a]!, evaluation.decidedBy[a] ?? agents[a]!, now);
    }
    return;
  }
  focus.url = Math.min(Math.max(focus.url, first), Math.max(first, last - 1));
  focus.agent = Math.min(Math.max(focus.agent, 0), Math.max(0, agents.length - 1));
  const counts = agents.map((_, a) => h('span', { class: 'count' }, `${disallowed[a]} disallowed`));
  const head = h(
    'tr',
    { role: 'row' },
    h('th', { role: 'columnheader', scope: 'col', class: 'corner' }, 'URL'),
    ...agents.map((agent, a) => {
      const decided = evaluation.decidedBy[a] ?? agent;
      return h(
        'th',
        { role: 'columnheader', scope: 'col', 'data-token': agent, 'data-decided': decided },
        visible(agent),
        h('span', { class: 'decided' }, decidedText(agent, decided)),
        counts[a],
      );
    }),
  );
  const cells: HTMLTableCellElement[] = [];
  const shown = new Float64Array((last - first) * agents.length);
  const rows: HTMLElement[] = [];
  for (let u = first; u < last; u++) {
    const url = visible(urls[u]!);
    const row = h(
      'tr',
      { role: 'row' },
      h('th', { role: 'rowheader', scope: 'row', class: 'url' }, url),
    );
    for (let a = 0; a < agents.length; a++) {
      const cell = u * agents.length + a;
      const td = h('td', {
        role: 'gridcell',
        tabindex: u === focus.url && a === focus.agent ? '0' : '-1',
        'data-url': String(u),
        'data-agent': String(a),
        'data-decided': evaluation.decidedBy[a] ?? agents[a]!,
      });
      const now = evaluation.lines[cell]! * 2 + evaluation.allowed[cell]!;
      shown[cells.length] = now;
      fillCell(td, url, agents[a]!, evaluation.decidedBy[a] ?? agents[a]!, now);
      cells.push(td);
      row.appendChild(td);
    }
    rows.push(row);
  }
  const table = h(
    'table',
    {
      class: 'matrix',
      role: 'grid',
      'aria-label': 'Verdicts: URLs by crawler',
      'aria-rowcount': String(urls.length + 1),
    },
    h('thead', {}, head),
    h('tbody', {}, ...rows),
  );
  wireGrid(table, first, last - 1, agents.length - 1, focus, events);
  const status = h('p', { class: 'summary', role: 'status' }, summary);
  replace(
    container,
    status,
    pages > 1 ? pager(current, pages, first, last, urls.length, events) : null,
    h('div', { class: 'table-scroll matrix-scroll' }, table),
  );
  drawn.set(container, {
    agents: [...agents],
    decidedBy: [...evaluation.decidedBy],
    rows: urls.slice(first, last),
    urlCount: urls.length,
    first,
    cells,
    shown,
    counts,
    summary: status,
    table,
  });
}

/**
 * A cell's class, words and label, from its verdict and line (`line * 2 + allowed`). The words
 * are one text node on up to three lines (`white-space: pre`): a cell of block-level parts costs
 * the table's layout about three times as much, and a page may draw 1,000 cells.
 */
function fillCell(
  td: HTMLElement,
  url: string,
  agent: string,
  decided: string,
  value: number,
): void {
  const allowed = value % 2 === 1;
  const line = Math.floor(value / 2);
  const word = allowed ? 'allowed' : 'disallowed';
  const mark = decided === agent ? '' : decided === '' ? 'no group' : `as ${decided}`;
  // The chosen cell keeps its mark.
  td.className = `verdict ${word}${td.classList.contains('selected') ? ' selected' : ''}`;
  td.setAttribute(
    'aria-label',
    `${visible(agent)} ${word} ${url}${line ? `, line ${line}` : ''}${mark ? `, ${mark}` : ''}`,
  );
  let text = word;
  if (line) text += `\nline ${line}`;
  if (mark) text += decided === '*' ? '\n*' : `\n${mark}`;
  td.textContent = text;
}

function pager(
  current: number,
  pages: number,
  first: number,
  last: number,
  total: number,
  events: MatrixEvents,
): HTMLElement {
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages of URLs' },
    h(
      'button',
      { type: 'button', disabled: current === 0, onclick: () => events.onPage(current - 1) },
      'Previous',
    ),
    ` URLs ${first + 1}–${last} of ${total} `,
    h(
      'button',
      {
        type: 'button',
        disabled: current === pages - 1,
        onclick: () => events.onPage(current + 1),
      },
      'Next',
    ),
  );
}
