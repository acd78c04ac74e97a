/**
 * ANSI terminal styles for the text formatters (lint, audit, the CLI): each opens a style and
 * closes only that one.
 */

const STYLES = {
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  dim: [2, 22],
  bold: [1, 22],
} as const;

/** A style {@link paint} knows. */
export type AnsiStyle = keyof typeof STYLES;

/** `text` in `style` when `color` is set, else `text` as it is. */
export function paint(color: boolean, style: AnsiStyle, text: string): string {
  if (!color) return text;
  const [open, close] = STYLES[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}
