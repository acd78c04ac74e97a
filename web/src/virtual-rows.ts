/**
 * A long table drawn as a window: only the rows in view of its scrolling box (and a margin) are
 * in the DOM, between two spacer rows that keep the scroll height of all of them. A 2,000-row
 * report then costs the page the layout of a few dozen rows, not of 2,000, at once and while it
 * scrolls. Rows are one line each (the table's CSS keeps them so), so a row's place is its index
 * times the height of the first row drawn. The table says how many rows there are
 * (`aria-rowcount`), each drawn row where it is (`aria-rowindex`), as ARIA grids and tables do
 * when only part of them is in the DOM.
 */

/** Rows drawn past each edge of the scrolling box. */
const MARGIN = 30;
/** Rows drawn at first: the scrolling box shows about 20. */
const FIRST = 60;
/** A row's height until one is measured (a one-line row of the page's tables). */
const GUESS = 24;

/** Draws `items` into `body` as a window over `scroller`; a later call for `body` replaces it. */
export function virtualRows<T>(
  scroller: HTMLElement,
  table: HTMLTableElement,
  body: HTMLTableSectionElement,
  items: readonly T[],
  build: (item: T) => HTMLTableRowElement,
  columns: number,
): void {
  // The header row counts: ARIA rows are numbered from 1, the header first.
  table.setAttribute('aria-rowcount', String(items.length + 1));
  let rowHeight = 0;
  let first = 0;
  let last = 0;
  const spacer = (): HTMLTableRowElement => {
    const tr = document.createElement('tr');
    tr.className = 'spacer';
    tr.setAttribute('aria-hidden', 'true');
    const td = document.createElement('td');
    td.colSpan = columns;
    tr.appendChild(td);
    return tr;
  };
  const above = spacer();
  const below = spacer();
  const sizeSpacers = () => {
    (above.firstChild as HTMLElement).style.height = `${first * (rowHeight || GUESS)}px`;
    (below.firstChild as HTMLElement).style.height =
      `${(items.length - last) * (rowHeight || GUESS)}px`;
  };
  const draw = (from: number, to: number) => {
    first = from;
    last = to;
    const rows: Node[] = [];
    if (from > 0) rows.push(above);
    for (let i = from; i < to; i++) {
      const row = build(items[i]!);
      row.setAttribute('aria-rowindex', String(i + 2));
      rows.push(row);
    }
    if (to < items.length) rows.push(below);
    sizeSpacers();
    body.replaceChildren(...rows);
  };
  draw(0, Math.min(items.length, FIRST));
  if (items.length <= FIRST) return;
  let frame = 0;
  const update = () => {
    frame = 0;
    if (!body.isConnected) {
      scroller.removeEventListener('scroll', onScroll);
      return;
    }
    if (rowHeight === 0) {
      // Measured once, in a frame (the rows are laid out for it anyway); the spacers follow.
      rowHeight = body.querySelector('tr:not(.spacer)')?.getBoundingClientRect().height ?? 0;
      if (rowHeight === 0) return;
      sizeSpacers();
    }
    const top = Math.floor(scroller.scrollTop / rowHeight);
    const bottom = Math.ceil((scroller.scrollTop + scroller.clientHeight) / rowHeight);
    // Drawn again when the rows in view come within half a margin of the window's edge.
    const near = MARGIN / 2;
    if ((first === 0 || top - first >= near) && (last === items.length || last - bottom >= near)) {
      return;
    }
    draw(Math.max(0, top - MARGIN), Math.min(items.length, bottom + MARGIN));
  };
  const onScroll = () => {
    if (frame === 0) frame = requestAnimationFrame(update);
  };
  scroller.addEventListener('scroll', onScroll, { passive: true });
  // The first row's height, for the spacers: read in the next frame, after it is laid out.
  frame = requestAnimationFrame(update);
}
