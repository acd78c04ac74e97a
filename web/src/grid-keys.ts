/**
 * The matrix as an ARIA grid: one Tab stop, moved with the focus; arrow keys, Home/End and Page
 * Up/Down between cells of the page's rows; Enter, Space or a click chooses a cell.
 */

import type { GridFocus, MatrixEvents } from './matrix.js';

/** Clicks, Enter/Space and the arrow keys of the grid: one Tab stop, moved with the focus. */
export function wireGrid(
  table: HTMLTableElement,
  top: number,
  bottom: number,
  right: number,
  focus: GridFocus,
  events: MatrixEvents,
): void {
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
    const target = moveOf(event, u, a, top, bottom, right);
    if (target === undefined) return;
    event.preventDefault();
    const next = table.querySelector<HTMLElement>(
      `td.verdict[data-url="${target[0]}"][data-agent="${target[1]}"]`,
    );
    if (next !== null) move(cell, next);
  });
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
