/**
 * Text from input (a robots.txt file, a URL, a header) made safe to print on a terminal: control
 * characters, DEL, C1 controls, bidi overrides and other invisible formatting characters become
 * visible escapes, so a hostile file cannot retitle the window, clear the screen, move the cursor,
 * plant links or reorder what is shown.
 */

/** Characters a terminal would act on or hide (tab and line feed are handled by the caller). */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every unsafe character shown as `\xNN` or `\uNNNN`. Tabs are kept; a line break is
 * shown as an escape too (one input value stays on one output line).
 *
 * @example
 * terminalSafe('Disallow: /\u001b]0;owned\u0007'); // 'Disallow: /\\x1b]0;owned\\x07'
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escapeChar).replace(/\n/g, '\\n');
}

/** Like {@link terminalSafe}, but keeps line feeds: for multi-line text such as a whole body. */
export function terminalSafeLines(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/**
 * Characters that print as nothing or as a plain space: a copied fix would carry them unseen. And
 * U+FFFD, which stands for bytes that are not UTF-8: copied, it writes three other bytes.
 */
const INVISIBLE = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\ufffd]/g;

/**
 * Like {@link terminalSafe}, and also no-break and other non-ASCII spaces and tabs escaped: for
 * text a person copies into a file (a suggested fix), where such a character must be seen.
 *
 * @example
 * visibleText('Disallow: \u00a0/x'); // 'Disallow: \\u00a0/x'
 */
export function visibleText(text: string): string {
  return terminalSafe(text).replace(INVISIBLE, escapeChar);
}
