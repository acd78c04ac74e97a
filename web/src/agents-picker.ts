/** The crawler picker: the well-known crawlers (and a loaded list's) by purpose, custom tokens. */

import { crawlersFor, PURPOSES } from './agents.js';
import { h, replace, visible } from './dom.js';
import { LIMITS } from './limits.js';

/** The picked tokens, changed in place. */
export interface Picked {
  agents: string[];
}

/** Draws the picker into `container`; `onChange` runs after each pick. */
export function renderAgents(container: HTMLElement, picked: Picked, onChange: () => void): void {
  const checkbox = (token: string, label: string): HTMLElement =>
    h(
      'label',
      { class: 'agent' },
      h('input', {
        type: 'checkbox',
        value: token,
        checked: picked.agents.includes(token),
        onchange: (event) => {
          const box = event.target as HTMLInputElement;
          picked.agents = box.checked
            ? [...picked.agents, token]
            : picked.agents.filter((a) => a !== token);
          onChange();
        },
      }),
      ` ${label}`,
    );
  const known = new Set<string>();
  const groups = PURPOSES.map(({ purpose, label }) => {
    const list = crawlersFor(purpose);
    for (const c of list) known.add(c.token);
    if (list.length === 0) return null;
    return h(
      'fieldset',
      {},
      h('legend', {}, label),
      ...list.map((c) => checkbox(c.token, visible(`${c.name} (${c.operator})`))),
    );
  });
  // Custom tokens: at most the agent cap is ever drawn (the rest is said by the limits line).
  const custom = picked.agents.filter((a) => !known.has(a)).slice(0, LIMITS.agents);
  const details = h(
    'details',
    { class: 'agent-picker' },
    h('summary', {}, `Crawlers (${picked.agents.length} picked)`),
    ...groups,
    custom.length > 0
      ? h(
          'fieldset',
          {},
          h('legend', {}, 'Custom'),
          ...custom.map((a) => checkbox(a, visible(a.slice(0, LIMITS.agentLength)))),
        )
      : null,
  );
  const previous = container.querySelector('details');
  if (previous?.open === true) details.open = true;
  replace(container, details);
  details.addEventListener('change', () => {
    details.querySelector('summary')!.textContent = `Crawlers (${picked.agents.length} picked)`;
  });
}
