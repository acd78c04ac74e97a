/**
 * The verdict matrix: URLs down, agents across, one page of rows at a time (thousands of URLs
 * stay fast), each cell a button that selects it.
 */

import { h, replace, visible } from './dom.js';
import type { Evaluation } from './evaluate.js';

/** Rows shown at once. */
export const PAGE_SIZE = 200;

/** What the matrix shows. */
export interface MatrixData {
  readonly urls: readonly string[];
  readonly agents: readonly string[];
  readonly evaluation: Evaluation;
}

/** Renders page `page` of the matrix into `container`; `onSelect` gets the clicked cell. */
export function renderMatrix(
  container: HTMLElement,
  data: MatrixData,
  page: number,
  onSelect: (url: number, agent: number) => void,
  onPage: (page: number) => void,
): void {
  const { urls, agents, evaluation } = data;
  const pages = Math.max(1, Math.ceil(urls.length / PAGE_SIZE));
  const current = Math.min(Math.max(page, 0), pages - 1);
  const first = current * PAGE_SIZE;
  const last = Math.min(urls.length, first + PAGE_SIZE);
  const blocked = agents.map((_, a) => {
    let n = 0;
    for (let u = 0; u < urls.length; u++) if (evaluation.allowed[u * agents.length + a] === 0) n++;
    return n;
  });
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, 'URL'),
    ...agents.map((agent, a) =>
      h(
        'th',
        { scope: 'col', 'data-token': agent },
        visible(agent),
        h('span', { class: 'count' }, `${blocked[a]} blocked`),
      ),
    ),
  );
  const rows: HTMLElement[] = [];
  for (let u = first; u < last; u++) {
    rows.push(
      h(
        'tr',
        {},
        h('th', { scope: 'row', class: 'url' }, visible(urls[u]!)),
        ...agents.map((agent, a) => {
          const cell = u * agents.length + a;
          const allowed = evaluation.allowed[cell] === 1;
          const line = evaluation.lines[cell]!;
          return h(
            'td',
            {},
            h(
              'button',
              {
                type: 'button',
                class: allowed ? 'verdict allowed' : 'verdict disallowed',
                'data-url': String(u),
                'data-agent': String(a),
                'aria-label': `${visible(agent)} ${allowed ? 'allowed' : 'disallowed'} ${visible(urls[u]!)}${line ? `, line ${line}` : ''}`,
                onclick: () => onSelect(u, a),
              },
              allowed ? 'allowed' : 'disallowed',
              line ? h('span', { class: 'line' }, `line ${line}`) : null,
            ),
          );
        }),
      ),
    );
  }
  const pager =
    pages > 1
      ? h(
          'nav',
          { class: 'pager', 'aria-label': 'Pages of URLs' },
          h(
            'button',
            { type: 'button', disabled: current === 0, onclick: () => onPage(current - 1) },
            'Previous',
          ),
          ` URLs ${first + 1}–${last} of ${urls.length} `,
          h(
            'button',
            { type: 'button', disabled: current === pages - 1, onclick: () => onPage(current + 1) },
            'Next',
          ),
        )
      : null;
  replace(
    container,
    h(
      'p',
      { class: 'summary', role: 'status' },
      `${urls.length} URLs × ${agents.length} agents checked in ${evaluation.elapsed.toFixed(1)} ms.`,
    ),
    pager,
    h(
      'div',
      { class: 'table-scroll' },
      h('table', { class: 'matrix' }, h('thead', {}, head), h('tbody', {}, ...rows)),
    ),
  );
}
