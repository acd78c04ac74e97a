/**
 * Building DOM from data. Text from a robots.txt file or a URL is only ever set as text (never as
 * HTML), so a hostile file renders as what it is.
 */

type Child = Node | string | null | undefined | false;

/** An element with attributes (strings; `on*` handlers as functions) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | ((event: Event) => void)> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  append(element, children);
  return element;
}

/** Appends children; strings become text nodes. */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces an element's children. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * Text as shown to a person: control characters, bidi overrides and other invisible formatting
 * characters become visible escapes (`\u202E`), so they cannot reorder or hide what is displayed.
 */
export function visible(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`,
  );
}

const drawing = new WeakMap<Element, number>();

/**
 * Appends a long list's rows in chunks: the first `first` at once (what is in view), then
 * `chunk` a task, so drawing a long table never blocks the page in one go. The parent carries
 * `data-drawing` until the last row is in. A later call for the same parent (or the parent
 * leaving the page) stops an earlier one.
 */
export function appendInChunks<T>(
  parent: HTMLElement,
  items: readonly T[],
  build: (item: T) => Node,
  first = 100,
  chunk = 250,
): void {
  const generation = (drawing.get(parent) ?? 0) + 1;
  drawing.set(parent, generation);
  let next = 0;
  const step = (count: number) => {
    if (drawing.get(parent) !== generation || (!parent.isConnected && next > 0)) return;
    const fragment = document.createDocumentFragment();
    const end = Math.min(items.length, next + count);
    for (; next < end; next++) fragment.appendChild(build(items[next]!));
    parent.appendChild(fragment);
    if (next < items.length) {
      parent.dataset['drawing'] = 'true';
      setTimeout(() => step(chunk), 0);
    } else {
      delete parent.dataset['drawing'];
    }
  };
  step(first);
}
