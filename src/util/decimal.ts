/** Strict decimal numbers, for values a hostile file writes (`Crawl-delay`). */

/** At most this many characters are read as a number: more digits carry no meaning here. */
const MAX_DECIMAL_LENGTH = 32;

/**
 * The value of `text` when it is a plain non-negative decimal number (`10`, `0.5`, `.5`, `5.`),
 * or undefined: no sign, exponent, hex, binary, octal, `Infinity`, separators or whitespace, and
 * at most 32 characters. Unlike `Number()`, `0x10`, `0b1010`, `1e308` and `''` are not numbers.
 *
 * @example
 * parseDecimal('2.5'); // 2.5
 * parseDecimal('0x10'); // undefined
 */
export function parseDecimal(text: string): number | undefined {
  if (text.length === 0 || text.length > MAX_DECIMAL_LENGTH) return undefined;
  let digits = 0;
  let dot = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits++;
    else if (c === 0x2e && !dot) dot = true;
    else return undefined;
  }
  return digits === 0 ? undefined : Number(text);
}
