/** The Diff tab, drawn from what the views worker computed (`diff-view.ts`). */

import type { VerdictChange } from '../../src/index.js';
import type { DiffList, DiffView } from './diff-view.js';
import { appendInChunks, h, replace, visible } from './dom.js';
import { shownUrl } from './evaluate.js';
import { formatCount } from './limits.js';
import { decidedText } from './matrix.js';

/** A side of a change, with the crawler model's mark of the group that decided (as the matrix). */
const verdictText = (agent: string, v: VerdictChange['before']): string => {
  const line = v.line > 0 ? ` (line ${v.line}: ${visible(v.rule ?? '')})` : '';
  const by =
    v.decidedBy === undefined || v.decidedBy === agent
      ? ''
      : ` [${decidedText(agent, v.decidedBy)}]`;
  return `${v.allowed ? 'allowed' : 'disallowed'}${line}${by}`;
};

const count = (n: number): string => formatCount(n);

/** The rule changes, then the verdict changes for your URLs and for the paths the rules name. */
export function renderDiff(
  container: HTMLElement,
  diff: DiffView,
  onLine: (line: number) => void,
): void {
  replace(
    container,
    h('h3', {}, 'Rules'),
    ruleChanges(diff, onLine),
    h('h3', {}, 'Your URLs × crawlers'),
    verdictChanges(
      diff.yours,
      'diff-yours',
      `${count(diff.yours.urls)} URLs × ${count(diff.yours.agents)} crawlers checked`,
    ),
    h('h3', {}, 'Every change: the paths the changed rules name × the crawlers either file names'),
    verdictChanges(
      diff.derived,
      'diff-derived',
      diff.derived.omitted === 0
        ? `complete: ${count(diff.derived.checks)} URL × crawler pairs compared where a changed rule can change a verdict`
        : `not complete: ${count(diff.derived.checks)} pairs compared, ${count(diff.derived.omitted)} left out at the library's check limit`,
    ),
  );
}

function ruleChanges(diff: DiffView, onLine: (line: number) => void): HTMLElement {
  const items: HTMLElement[] = [];
  let rules = 0;
  for (const group of diff.groups) {
    rules += group.added.length + group.removed.length;
    items.push(
      h(
        'li',
        {},
        h('strong', {}, `User-agent: ${group.agents.map(visible).join(', ')}`),
        ` (${group.change} group: ${group.removed.length} removed, ${group.added.length} added)`,
        h(
          'ul',
          {},
          ...group.removed.map((r) =>
            h('li', { class: 'removed' }, `− ${visible(r.rule)} (base line ${r.line})`),
          ),
          ...group.added.map((r) =>
            h(
              'li',
              { class: 'added' },
              h(
                'button',
                { type: 'button', class: 'link', onclick: () => onLine(r.line) },
                `+ ${visible(r.rule)} (line ${r.line})`,
              ),
            ),
          ),
        ),
      ),
    );
  }
  for (const sitemap of diff.sitemaps.removed)
    items.push(h('li', { class: 'removed' }, `− Sitemap: ${visible(sitemap)}`));
  for (const sitemap of diff.sitemaps.added)
    items.push(h('li', { class: 'added' }, `+ Sitemap: ${visible(sitemap)}`));
  if (items.length === 0) return h('p', { class: 'note' }, 'No rule or sitemap changes.');
  return h(
    'div',
    {},
    h(
      'p',
      { class: 'summary', id: 'diff-rules-summary' },
      `${count(rules)} rule change${rules === 1 ? '' : 's'} in ${diff.groups.length} group${diff.groups.length === 1 ? '' : 's'}, all listed.`,
    ),
    h('ul', { class: 'rule-changes' }, ...items),
  );
}

/** Changes shown on one page of a list; the pager reaches every one. */
export const DIFF_PAGE = 500;

function verdictChanges(list: DiffList, id: string, checked: string): HTMLElement {
  if (list.total === 0) {
    return h('p', { class: 'summary', id }, `No verdict changes: ${checked}.`);
  }
  const body = h('tbody', {});
  const pager = h('nav', { class: 'pager', 'aria-label': 'Pages of changes' });
  const pages = Math.ceil(list.changes.length / DIFF_PAGE);
  const show = (page: number) => {
    const first = page * DIFF_PAGE;
    const rows = list.changes.slice(first, first + DIFF_PAGE);
    body.replaceChildren();
    appendInChunks(body, rows, (v) =>
      h(
        'tr',
        {},
        h('td', { class: 'code url' }, visible(shownUrl(v.url))),
        h('td', {}, visible(v.agent)),
        h(
          'td',
          {
            class: v.before.allowed ? 'allowed' : 'disallowed',
            'data-decided': v.before.decidedBy ?? '',
          },
          verdictText(v.agent, v.before),
        ),
        h(
          'td',
          {
            class: v.after.allowed ? 'allowed' : 'disallowed',
            'data-decided': v.after.decidedBy ?? '',
          },
          verdictText(v.agent, v.after),
        ),
      ),
    );
    if (pages > 1) {
      replace(
        pager,
        h(
          'button',
          {
            type: 'button',
            class: 'previous',
            disabled: page === 0,
            onclick: () => show(page - 1),
          },
          'Previous',
        ),
        ` Changes ${count(first + 1)}–${count(first + rows.length)} of ${count(list.changes.length)} `,
        h(
          'button',
          {
            type: 'button',
            class: 'next',
            disabled: page === pages - 1,
            onclick: () => show(page + 1),
          },
          'Next',
        ),
      );
    }
  };
  show(0);
  return h(
    'div',
    { id },
    h(
      'p',
      { class: 'summary' },
      `${count(list.total)} verdict${list.total === 1 ? '' : 's'} change: ${checked}.`,
    ),
    list.total > DIFF_PAGE
      ? h(
          'p',
          { class: 'note', 'data-long': id },
          list.total > list.changes.length
            ? `A long list: ${count(list.changes.length)} of ${count(list.total)} changes can be paged through, ${count(DIFF_PAGE)} at a time; the rest are counted.`
            : `A long list: all ${count(list.total)} changes, ${count(DIFF_PAGE)} a page.`,
        )
      : null,
    pages > 1 ? pager : null,
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        { class: 'diff' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['URL', 'Crawler', 'Base', 'Draft'].map((t) => h('th', { scope: 'col' }, t)),
          ),
        ),
        body,
      ),
    ),
  );
}
