/** The chosen cell's explanation: verdict, deciding line, the group that decided, every reading. */

import { h, replace, visible } from './dom.js';
import { decidedText } from './matrix.js';
import { readingName } from './views.js';
import type { CellExplanation } from './work.js';

/** Wide screens show the explanation beside the matrix and scroll the editor to the line. */
const WIDE = '(min-width: 1200px)';

/** Draws the explanation of `entry` × `agent`; says whether the screen is wide. */
export function renderExplanation(
  container: HTMLElement,
  entry: string,
  agent: string,
  explanation: CellExplanation,
): { wide: boolean } {
  replace(
    container,
    h('h3', {}, `${visible(agent)} · ${visible(entry)}`),
    h(
      'p',
      { class: explanation.allowed ? 'allowed' : 'disallowed' },
      explanation.allowed ? 'Allowed' : 'Disallowed',
      explanation.line ? ` by line ${explanation.line}` : '',
      ` (${decidedText(agent, explanation.decidedBy)})`,
    ),
    h('p', { class: 'reason' }, visible(explanation.reason)),
    explanation.source === undefined
      ? null
      : h(
          'p',
          { class: 'note' },
          'Source: ',
          h(
            'a',
            { href: explanation.source, target: '_blank', rel: 'noopener' },
            explanation.source,
          ),
        ),
    h('h4', {}, 'Read by'),
    h(
      'ul',
      { class: 'read-by' },
      ...explanation.readings.map((v) =>
        h(
          'li',
          { class: v.allowed ? 'allowed' : 'disallowed', 'data-reading': v.interpretation },
          `${readingName(v.interpretation)}: ${v.allowed ? 'allowed' : 'disallowed'}${v.line ? ` (line ${v.line})` : ''}`,
        ),
      ),
    ),
  );
  container.hidden = false;
  // A scrolling panel on narrow screens: reachable with the keyboard to scroll it.
  container.tabIndex = 0;
  const wide = window.matchMedia(WIDE).matches;
  // On a narrow screen the explanation is a panel at the bottom of the screen: keep it in view.
  if (!wide) container.scrollTop = 0;
  return { wide };
}
