/**
 * A body's directives with the group each stands in (RFC 9309 §2.1, as the reference groups
 * them) and, for rules, the pattern they match as: the one reading shared by the rule scan
 * (robots.ts's indexes) and the model (parse.ts), so the two cannot disagree.
 */

import { extractProductToken, isGlobalAgent } from './agent.js';
import { stringToByteString } from './bytes.js';
import type { ByteBody } from './parse.js';
import { decodeUnreserved, escapeValue } from './pattern.js';
import { type TokenizeHandler, type TokenizeSummary, tokenizeText } from './tokenize.js';
import type { ParseOptions } from './types.js';

/** Receives a body's directives in file order. Values are raw slices of the body's text. */
export interface GroupHandler {
  /**
   * A `User-agent` line of group `group` (a user-agent line after a rule starts a new group).
   * `token`: the product token it names (RFC 9309 §2.2.1, as written), or null for `*`.
   */
  agent(group: number, line: number, value: string, token: string | null): void;
  /**
   * An allow or disallow line; `group` is −1 before the first `User-agent` line. Its value is
   * `text[valueStart, valueEnd)` of the body as read; {@link rulePattern} gives the pattern it
   * matches as.
   */
  rule(group: number, line: number, allow: boolean, valueStart: number, valueEnd: number): void;
  sitemap?(line: number, value: string): void;
  /** Any other key (`Crawl-delay`, unknown keys), in group `group` (−1 before the first). */
  other?(group: number, line: number, key: string, value: string): void;
  /** Every line's flags (see `LineFlag`). */
  line?(line: number, flags: number): void;
}

/** What {@link readGroups} read, and how. */
export interface GroupReading<H> {
  readonly handler: H;
  readonly summary: TokenizeSummary;
  /** The body as read: UTF-16 text that only bytes can read exactly was read as bytes. */
  readonly body: ByteBody;
}

/**
 * Reads a body's directives into a handler made for it by `makeHandler`. A UTF-16 body that
 * turns out to need bytes (see `tokenizeText`) is read again, as bytes, into a new handler.
 */
export function readGroups<H extends GroupHandler>(
  body: ByteBody,
  options: Required<ParseOptions>,
  makeHandler: (body: ByteBody) => H,
): GroupReading<H> {
  const handler = makeHandler(body);
  const summary = read(body, options, handler);
  if (summary !== null) return { handler, summary, body };
  const bytes = asByteBody(body);
  const again = makeHandler(bytes);
  return { handler: again, summary: read(bytes, options, again)!, body: bytes };
}

function read(
  { text, utf16 }: ByteBody,
  options: Required<ParseOptions>,
  handler: GroupHandler,
): TokenizeSummary | null {
  const digits = options.productTokenDigits;
  let groups = 0;
  let inRules = false;
  const events: TokenizeHandler = {
    directive(line, kind, ks, ke, vs, ve) {
      switch (kind) {
        case 'user-agent': {
          if (groups === 0 || inRules) {
            groups++;
            inRules = false;
          }
          const value = text.slice(vs, ve);
          handler.agent(
            groups - 1,
            line,
            value,
            isGlobalAgent(value) ? null : extractProductToken(value, digits),
          );
          return;
        }
        case 'allow':
        case 'disallow':
          if (groups > 0) inRules = true;
          handler.rule(groups - 1, line, kind === 'allow', vs, ve);
          return;
        case 'sitemap':
          handler.sitemap?.(line, text.slice(vs, ve));
          return;
        default:
          handler.other?.(groups - 1, line, text.slice(ks, ke), text.slice(vs, ve));
      }
    },
  };
  if (handler.line !== undefined) events.line = handler.line.bind(handler);
  return tokenizeText(text, options.maxBytes, events, utf16);
}

/** A UTF-16 body as a byte string, for a reader that needs its bytes after all. */
function asByteBody(body: ByteBody): ByteBody {
  return body.utf16 ? { text: stringToByteString(body.text), ascii: false, utf16: false } : body;
}

// A fixed expression (never built from robots.txt content).
const NEEDS_ESCAPING = /[%\x80-\uffff]/;

/**
 * The pattern a rule value (a slice of `body.text`) matches as: escaped as the reference escapes
 * it (see `escapeValue`), and with `rfc9309` its escaped unreserved characters decoded. A value
 * with no `%` and no non-ASCII character is its own pattern.
 */
export function rulePattern(value: string, body: ByteBody, rfc9309: boolean): string {
  // An ASCII body's values need escaping only for a `%`: one native search rules most out.
  if (body.ascii ? value.indexOf('%') < 0 : !NEEDS_ESCAPING.test(value)) return value;
  const escaped = escapeValue(value, body.utf16);
  return rfc9309 ? decodeUnreserved(escaped) : escaped;
}
