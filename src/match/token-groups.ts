/**
 * Which groups each product token names (RFC 9309 §2.2.1), recorded by a parse
 * (`readRuleTable`) and read by the facade when it resolves a queried agent, once per agent.
 */

import { asciiLowerCase } from '../util/bytes.js';
import { keepShape } from '../util/kept-shape.js';

/** Up to this many lines naming a token are compared in turn; more are found by a `Map`. */
const FEW_LINES = 8;

/**
 * The groups naming each product token, compared ASCII-case-insensitively (RFC 9309 §2.2.1),
 * from where each `User-agent` line's token is in the body's text. A file has a few such lines,
 * whose tokens are compared in place with a queried agent (most differ in length): that costs
 * less than slicing and keeping each token at parse, which a file checked once never reads
 * again. A file with more gets a `Map` of lower-cased tokens on its first lookup.
 */
export class TokenGroups {
  readonly #text: string;
  /** Each line's group, and where its token starts and ends in `#text`: in file order. */
  readonly #lines: ArrayLike<number>;
  /** Lower-cased token → the groups naming it (ascending), once looked up in a file of many lines. */
  #map: Map<string, number[]> | null = null;

  /** `lines`: three numbers a `User-agent` line naming a token, in file order (see `#lines`). */
  constructor(text: string, lines: ArrayLike<number>) {
    this.#text = text;
    this.#lines = lines;
  }

  /** The groups naming `agent` (as queried: any case), ascending, or undefined. */
  get(agent: string): number[] | undefined {
    const lines = this.#lines;
    const text = this.#text;
    if (lines.length > 3 * FEW_LINES) {
      this.#map ??= groupsByToken(text, lines);
      return this.#map.get(asciiLowerCase(agent));
    }
    let groups: number[] | undefined;
    for (let k = 0; k < lines.length; k += 3) {
      if (!tokenEquals(text, lines[k + 1]!, lines[k + 2]!, agent)) continue;
      const group = lines[k]!;
      if (groups === undefined) groups = [group];
      else if (groups[groups.length - 1] !== group) groups.push(group);
    }
    return groups;
  }
}

/** See `keepShape`: a parse's token groups live only as long as its file. */
keepShape(new TokenGroups('', []));

/** The groups naming each lower-cased token of `lines` (see {@link TokenGroups}). */
function groupsByToken(text: string, lines: ArrayLike<number>): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (let k = 0; k < lines.length; k += 3) {
    const group = lines[k]!;
    // Product tokens are ASCII (letters, digits, `-`, `_`): the native lower-casing is ASCII's.
    const token = text.slice(lines[k + 1]!, lines[k + 2]!).toLowerCase();
    const groups = map.get(token);
    if (groups === undefined) map.set(token, [group]);
    else if (groups[groups.length - 1] !== group) groups.push(group);
  }
  return map;
}

/**
 * Whether the product token `text[start, end)` (ASCII) and `agent` are equal but for the case of
 * ASCII letters.
 */
function tokenEquals(text: string, start: number, end: number, agent: string): boolean {
  if (end - start !== agent.length) return false;
  for (let i = 0; i < agent.length; i++) {
    const a = text.charCodeAt(start + i);
    const b = agent.charCodeAt(i);
    if (a === b) continue;
    const lower = a | 0x20;
    if (lower !== (b | 0x20) || lower < 0x61 || lower > 0x7a) return false;
  }
  return true;
}
