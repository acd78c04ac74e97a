/**
 * User-agent lines and queried agents (RFC 9309 §2.2.1), as the reference reads them.
 */

import { argumentError } from '../errors.js';
import { isSpace } from '../util/bytes.js';
import type { CharCodes } from '../util/char-codes.js';

/**
 * Whether a `User-agent` value names every crawler: exactly `*`, or `*` followed by whitespace
 * and anything (Google-specific: `* everyone` is still global).
 */
export function isGlobalAgent(value: string): boolean {
  return value.charCodeAt(0) === 0x2a && (value.length === 1 || isSpace(value.charCodeAt(1)));
}

/** {@link isGlobalAgent} of the value at `[start, end)` of a text, read from its `codes`. */
export function isGlobalAgentAt(codes: CharCodes, start: number, end: number): boolean {
  return end > start && codes[start] === 0x2a && (end - start === 1 || isSpace(codes[start + 1]!));
}

function isTokenChar(code: number, digits: boolean): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    code === 0x2d ||
    code === 0x5f ||
    (digits && code >= 0x30 && code <= 0x39)
  );
}

/**
 * The product token a `User-agent` value names: its leading run of ASCII letters, `-` and `_`
 * (RFC 9309 §2.2.1), and digits too when `digits` is set. `FooBot/2.1` → `FooBot`; the reference
 * also turns `MJ12bot` into `MJ`.
 */
export function extractProductToken(value: string, digits = false): string {
  let end = 0;
  while (end < value.length && isTokenChar(value.charCodeAt(end), digits)) end++;
  return value.slice(0, end);
}

/**
 * Where the product token of the value at `[start, end)` of a text ends
 * ({@link extractProductToken}), read from the text's `codes`.
 */
export function productTokenEnd(
  codes: CharCodes,
  start: number,
  end: number,
  digits: boolean,
): number {
  // One table read a character: every file's agents' tokens are read at parse.
  const mask = digits ? TOKEN_OR_DIGIT : TOKEN;
  let i = start;
  while (i < end && (TOKEN_CHARS[codes[i]!]! & mask) !== 0) i++;
  return i;
}

const TOKEN = 1;
const TOKEN_OR_DIGIT = 3;

/**
 * {@link isTokenChar} of every byte: bit 0 for a letter, `-` or `_`, bit 1 for a digit (a
 * `CharCodes` array holds bytes only).
 */
const TOKEN_CHARS = (() => {
  const table = new Uint8Array(256);
  for (let c = 0; c < 256; c++) {
    if (isTokenChar(c, false)) table[c] = TOKEN;
    else if (isTokenChar(c, true)) table[c] = TOKEN_OR_DIGIT & ~TOKEN;
  }
  return table;
})();

/**
 * Why a queried agent is a trap, or undefined when it is a product token (letters, digits, `-`,
 * `_`) or `*`. Google compares the whole queried string with each group's token, so
 * `Googlebot/2.1` or a full `User-Agent` header matches no group and only the `*` rules apply —
 * exact, and silent. The text names the token to use.
 * @example
 * productTokenProblem('Googlebot'); // undefined
 */
export function productTokenProblem(agent: string): string | undefined {
  if (agent === '*' || (agent !== '' && extractProductToken(agent, true) === agent)) {
    return undefined;
  }
  const token = suggestProductToken(agent);
  const use =
    token === '' ? 'pass the product token your robots.txt groups name' : `use "${token}"`;
  return (
    `${JSON.stringify(agent)} is not a product token: no group can name it, so only the * rules ` +
    `apply; ${use} (extractProductToken gives it from a User-Agent)`
  );
}

/** `{ notes }` for the agents that are not product tokens, or nothing. */
export function agentNotes(agents: readonly string[]): { notes?: readonly string[] } {
  const notes = agents.flatMap((agent) => productTokenProblem(agent) ?? []);
  return notes.length === 0 ? {} : { notes };
}

/**
 * The product token a queried agent most likely meant: the leading token of `FooBot/1.0`, the
 * crawler's token in a full header (`Mozilla/5.0 (compatible; Googlebot/2.1; …)` → `Googlebot`),
 * or '' when there is none to suggest.
 * @example
 * suggestProductToken('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'); // 'Googlebot'
 */
export function suggestProductToken(agent: string): string {
  return extractProductToken(agent.includes('(') ? tokenInHeader(agent) : agent, true);
}

/** The likeliest crawler token of a full header: `Mozilla/5.0 (compatible; Googlebot/2.1; …)`. */
function tokenInHeader(header: string): string {
  for (const part of header.split(/[();,\s]+/)) {
    const token = extractProductToken(part, true);
    if (token !== '' && token === part.split('/')[0] && /bot|crawl|spider/i.test(token)) {
      return token;
    }
  }
  return '';
}

/**
 * Normalises the `agent` argument of a check to a list, with a clear error for a wrong type.
 * The strings are used as given: the reference compares the whole queried string with each
 * line's product token, ASCII-case-insensitively.
 */
export function toAgentList(agent: unknown, caller: string): readonly string[] {
  if (isAgentQuery(agent)) return typeof agent === 'string' ? [agent] : agent;
  throw argumentError(caller, 'agent', 'a string or an array of strings', agent);
}

/** Whether a value is what checks take as agents: a string or an array of strings. */
export function isAgentQuery(agent: unknown): agent is string | readonly string[] {
  return (
    typeof agent === 'string' || (Array.isArray(agent) && agent.every((a) => typeof a === 'string'))
  );
}
