/** The result tabs: one Tab stop, arrow keys (and Home/End) between tabs, as ARIA tabs are. */

import type { ViewName } from './work.js';

/** Wires the tablist; `onShow` runs with the tab shown. */
export function wireTabs(onShow: (view: ViewName | 'verdicts') => void): void {
  const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const show = (tab: HTMLButtonElement, focus: boolean) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')!)!.hidden = !selected;
    }
    if (focus) tab.focus();
    onShow(tab.getAttribute('aria-controls') as ViewName | 'verdicts');
  };
  for (const [i, tab] of tabs.entries()) {
    tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1;
    tab.addEventListener('click', () => show(tab, false));
    tab.addEventListener('keydown', (event) => {
      const next =
        event.key === 'ArrowRight'
          ? (i + 1) % tabs.length
          : event.key === 'ArrowLeft'
            ? (i - 1 + tabs.length) % tabs.length
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? tabs.length - 1
                : undefined;
      if (next === undefined) return;
      event.preventDefault();
      show(tabs[next]!, true);
    });
  }
}
