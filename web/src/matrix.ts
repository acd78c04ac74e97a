/**
 * The verdict matrix: URLs down, crawlers across, one page of rows at a time, as an ARIA grid —
 * one Tab stop, arrow keys between cells, Enter or Space (or a click) to choose a cell. Headers
 * stay in view while it scrolls. Each cell says the token whose group decided it.
 */

import { h, replace, visible } from './dom.js';
import type { Evaluation } from './evaluate.js';
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

/** Renders page `page` of the matrix into `container`. */
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
  focus.url = Math.min(Math.max(focus.url, first), Math.max(first, last - 1));
  focus.agent = Math.min(Math.max(focus.agent, 0), Math.max(0, agents.length - 1));
  const disallowed = agents.map((_, a) => {
    let n = 0;
    for (let u = 0; u < urls.length; u++) if (evaluation.allowed[u * agents.length + a] === 0) n++;
    return n;
  });
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
        h('span', { class: 'count' }, `${disallowed[a]} disallowed`),
      );
    }),
  );
  const rows: HTMLElement[] = [];
  for (let u = first; u < last; u++) {
    const shown = visible(urls[u]!);
    rows.push(
      h(
        'tr',
        { role: 'row' },
        h('th', { role: 'rowheader', scope: 'row', class: 'url' }, shown),
        ...agents.map((agent, a) => {
          const cell = u * agents.length + a;
          const allowed = evaluation.allowed[cell] === 1;
          const line = evaluation.lines[cell]!;
          const decided = evaluation.decidedBy[a] ?? agent;
          const word = allowed ? 'allowed' : 'disallowed';
          const mark = decided === agent ? '' : decided === '' ? 'no group' : `as ${decided}`;
          return h(
            'td',
            {
              role: 'gridcell',
              class: `verdict ${word}`,
              tabindex: u === focus.url && a === focus.agent ? '0' : '-1',
              'data-url': String(u),
              'data-agent': String(a),
              'data-decided': decided,
              'aria-label': `${visible(agent)} ${word} ${shown}${line ? `, line ${line}` : ''}${mark ? `, ${mark}` : ''}`,
            },
            word,
            line ? h('span', { class: 'line' }, `line ${line}`) : null,
            mark && decided !== '*' ? h('span', { class: 'via' }, mark) : null,
            decided === '*' ? h('span', { class: 'via' }, '*') : null,
          );
        }),
      ),
    );
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
  table.addEventListener('click', (event) => {
    const cell = (event.target as Element).closest<HTMLElement>('td.verdict');
    if (cell !== null) choose(cell);
  });
  table.addEventListener('keydown', (event) => {
    const cell = (event.target as Element).closest<HTMLElement>('td.verdict');
    if (cell === null) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(cell);
      return;
    }
    const u = Number(cell.dataset['url']);
    const a = Number(cell.dataset['agent']);
    const target = moveOf(event, u, a, first, last - 1, agents.length - 1);
    if (target === undefined) return;
    event.preventDefault();
    const next = table.querySelector<HTMLElement>(
      `td.verdict[data-url="${target[0]}"][data-agent="${target[1]}"]`,
    );
    if (next !== null) move(cell, next);
  });
  const move = (from: HTMLElement, to: HTMLElement) => {
    from.tabIndex = -1;
    to.tabIndex = 0;
    focus.url = Number(to.dataset['url']);
    focus.agent = Number(to.dataset['agent']);
    to.focus();
  };
  const choose = (cell: HTMLElement) => {
    const active = table.querySelector<HTMLElement>('td.verdict[tabindex="0"]');
    if (active !== null && active !== cell) move(active, cell);
    events.onSelect(Number(cell.dataset['url']), Number(cell.dataset['agent']));
  };
  const pager =
    pages > 1
      ? h(
          'nav',
          { class: 'pager', 'aria-label': 'Pages of URLs' },
          h(
            'button',
            { type: 'button', disabled: current === 0, onclick: () => events.onPage(current - 1) },
            'Previous',
          ),
          ` URLs ${first + 1}–${last} of ${urls.length} `,
          h(
            'button',
            {
              type: 'button',
              disabled: current === pages - 1,
              onclick: () => events.onPage(current + 1),
            },
            'Next',
          ),
        )
      : null;
  replace(
    container,
    h(
      'p',
      { class: 'summary', role: 'status' },
      `${urls.length} URLs × ${agents.length} crawlers checked in ${evaluation.elapsed.toFixed(1)} ms.`,
    ),
    pager,
    h('div', { class: 'table-scroll matrix-scroll' }, table),
  );
}

/** The cell an arrow, Home/End or Page key moves to, within the page's rows. */
function moveOf(
  event: KeyboardEvent,
  u: number,
  a: number,
  top: number,
  bottom: number,
  right: number,
): [number, number] | undefined {
  switch (event.key) {
    case 'ArrowUp':
      return [Math.max(top, u - 1), a];
    case 'ArrowDown':
      return [Math.min(bottom, u + 1), a];
    case 'ArrowLeft':
      return [u, Math.max(0, a - 1)];
    case 'ArrowRight':
      return [u, Math.min(right, a + 1)];
    case 'Home':
      return event.ctrlKey ? [top, 0] : [u, 0];
    case 'End':
      return event.ctrlKey ? [bottom, right] : [u, right];
    case 'PageUp':
      return [Math.max(top, u - 10), a];
    case 'PageDown':
      return [Math.min(bottom, u + 10), a];
    default:
      return undefined;
  }
}
