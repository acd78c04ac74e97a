/**
 * Loading a crawler list in the ai-robots-txt project's `robots.json` format: read by the
 * library's `parseCrawlerList` (the CLI's `--crawlers FILE`), its new rows added to the picker
 * and to the audit (`combineCrawlers`: the catalog's row stays where both name a token).
 */

import { crawlers, MAX_CRAWLER_LIST_BYTES, parseCrawlerList } from '../../src/index.js';
import { pageCrawlers, setLoadedCrawlers } from './agents.js';
import { renderAgents } from './agents-picker.js';
import { h, replace, visible } from './dom.js';
import { formatBytes, formatCount } from './limits.js';
import { requestView, schedule, state } from './main.js';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** Skipped entries named in the outcome line; the rest are counted. */
const SHOWN_SKIPPED = 3;

/** Wires the crawler list's file input and its "Remove" button. */
export function wireCrawlerList(): void {
  const input = $<HTMLInputElement>('crawler-list');
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (file !== undefined) await load(file);
  });
}

async function load(file: File): Promise<void> {
  const out = $('crawler-list-outcome');
  const name = visible(file.name);
  // Refused before it is read: the library refuses it anyway, after holding it whole.
  if (file.size > MAX_CRAWLER_LIST_BYTES) {
    replace(
      out,
      `${name} is ${formatBytes(file.size)}: a crawler list has at most ${formatBytes(MAX_CRAWLER_LIST_BYTES)}. The list was not loaded.`,
    );
    return;
  }
  let list: ReturnType<typeof parseCrawlerList>;
  try {
    list = parseCrawlerList(new Uint8Array(await file.arrayBuffer()), { source: file.name });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    replace(out, h('span', { class: 'error' }, `${visible(message)}. The list was not loaded.`));
    return;
  }
  // A list loaded before is replaced, not added to.
  setLoadedCrawlers({ source: file.name, rows: list.crawlers });
  const added = pageCrawlers().length - crawlers.length;
  const kept = list.crawlers.length - added;
  const skipped = list.skipped
    .slice(0, SHOWN_SKIPPED)
    .map((s) => `"${visible(s.key)}" ${s.reason}`);
  const more = list.skipped.length - skipped.length;
  replace(
    out,
    `Loaded ${name}: ${formatCount(added)} crawler${added === 1 ? '' : 's'} added to the picker and the audit`,
    kept > 0 ? `, ${formatCount(kept)} already in the catalog (its rows stay)` : '',
    list.skipped.length > 0
      ? `; skipped ${formatCount(list.skipped.length)}: ${skipped.join('; ')}${more > 0 ? `; and ${formatCount(more)} more` : ''}`
      : '',
    '. ',
    h('button', { type: 'button', id: 'crawler-list-remove', onclick: remove }, 'Remove the list'),
  );
  redraw();
}

function remove(): void {
  setLoadedCrawlers(undefined);
  replace($('crawler-list-outcome'), '');
  redraw();
}

/** The picker and the open view follow the page's crawlers (the matrix checks picked tokens). */
function redraw(): void {
  renderAgents($('agents'), state, () => schedule());
  requestView();
}
