/**
 * A body's directives with the group each stands in (RFC 9309 §2.1, as the reference groups
 * them) and, for rules, whether their values need escaping and what pattern they then match as:
 * the one reading shared by the rule scan (robots.ts's indexes) and the model (parse.ts), so the
 * two cannot disagree.
 */

import type { ParseOptions } from '../types.js';
import { stringToByteString } from '../util/bytes.js';
import { type CharCodes, withCharCodes } from '../util/char-codes.js';
import { keepShape } from '../util/kept-shape.js';
import { isGlobalAgentAt, productTokenEnd } from './agent.js';
import type { BodyText } from './body.js';
import { escapedPattern } from './escape.js';
import {
  type DirectiveKind,
  type TokenizeHandler,
  type TokenizeSummary,
  tokenizeText,
} from './tokenize.js';

/** Bits of a rule's `flags` (see {@link GroupHandler.rule}). */
export const RuleFlag: { readonly allow: 1; readonly escaped: 2 } = {
  allow: 1,
  /**
   * The pattern the value matches as differs from it (a `%` or a non-ASCII character): see
   * {@link rulePattern}.
   */
  escaped: 2,
} as const;

/** Receives a body's directives in file order. Values are raw slices of the body's text. */
export interface GroupHandler {
  /**
   * A `User-agent` line of group `group` (a user-agent line after a rule starts a new group),
   * its value `text[valueStart, valueEnd)` of the body as read. `tokenEnd`: where the product
   * token it names ends (RFC 9309 §2.2.1: the token, as written, is `text[valueStart,
   * tokenEnd)`), or −1 for `*`.
   */
  agent(group: number, line: number, valueStart: number, valueEnd: number, tokenEnd: number): void;
  /**
   * An allow or disallow line; `group` is −1 before the first `User-agent` line. Its value is
   * `text[valueStart, valueEnd)` of the body as read; `flags` holds {@link RuleFlag} bits.
   */
  rule(group: number, line: number, flags: number, valueStart: number, valueEnd: number): void;
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
  readonly body: BodyText;
}

/**
 * Reads a body's directives into a handler made for it by `makeHandler`. A UTF-16 body that
 * turns out to need bytes (see `tokenizeText`) is read again, as bytes, into a new handler.
 */
export function readGroups<H extends GroupHandler>(
  body: BodyText,
  options: Required<ParseOptions>,
  makeHandler: (body: BodyText) => H,
): GroupReading<H> {
  const handler = makeHandler(body);
  const summary = read(body, options, handler);
  if (summary !== null) return { handler, summary, body };
  const bytes = asByteBody(body);
  const again = makeHandler(bytes);
  return { handler: again, summary: read(bytes, options, again)!, body: bytes };
}

function read(
  body: BodyText,
  options: Required<ParseOptions>,
  handler: GroupHandler,
): TokenizeSummary | null {
  return withCharCodes(
    body.text,
    body.utf16,
    (codes) => readCodes(body, codes, options, handler),
    body.codes,
  );
}

/** {@link read} given the character codes of the body's text (see `withCharCodes`). */
function readCodes(
  body: BodyText,
  codes: CharCodes,
  options: Required<ParseOptions>,
  handler: GroupHandler,
): TokenizeSummary | null {
  const events = new GroupEvents(body, codes, options.productTokenDigits, handler);
  return tokenizeText(body.text, options.maxBytes, events, body.utf16, codes);
}

/**
 * The tokenizer's directives as group events. A class, not closures made per read: the
 * tokenizer's call of `directive` then always reaches one function, which V8 inlines.
 */
class GroupEvents implements TokenizeHandler {
  readonly #text: string;
  readonly #codes: CharCodes;
  readonly #digits: boolean;
  readonly #handler: GroupHandler;
  #groups = 0;
  #inRules = false;
  // The next `%` and the next character ≥ 0x80 at or after where each was last searched from
  // (see `needsEscaping`).
  #nextPercent = -1;
  #nextNonAscii: number;

  constructor({ text, ascii }: BodyText, codes: CharCodes, digits: boolean, handler: GroupHandler) {
    this.#text = text;
    this.#codes = codes;
    this.#digits = digits;
    this.#handler = handler;
    // An ASCII body has no character ≥ 0x80 to find.
    this.#nextNonAscii = ascii ? text.length : -1;
    if (handler.line !== undefined) this.line = handler.line.bind(handler);
  }

  line?: (line: number, flags: number) => void;

  directive(
    line: number,
    kind: DirectiveKind,
    ks: number,
    ke: number,
    vs: number,
    ve: number,
  ): void {
    const text = this.#text;
    switch (kind) {
      case 'user-agent': {
        if (this.#groups === 0 || this.#inRules) {
          this.#groups++;
          this.#inRules = false;
        }
        // The token is found in place: a reader slices what it keeps, if anything.
        const codes = this.#codes;
        const tokenEnd = isGlobalAgentAt(codes, vs, ve)
          ? -1
          : productTokenEnd(codes, vs, ve, this.#digits);
        this.#handler.agent(this.#groups - 1, line, vs, ve, tokenEnd);
        return;
      }
      case 'allow':
      case 'disallow': {
        if (this.#groups > 0) this.#inRules = true;
        const allow = kind === 'allow' ? RuleFlag.allow : 0;
        const escaped = this.#needsEscaping(vs, ve) ? RuleFlag.escaped : 0;
        this.#handler.rule(this.#groups - 1, line, allow | escaped, vs, ve);
        return;
      }
      case 'sitemap':
        this.#handler.sitemap?.(line, text.slice(vs, ve));
        return;
      default:
        this.#handler.other?.(this.#groups - 1, line, text.slice(ks, ke), text.slice(vs, ve));
    }
  }

  /**
   * Whether the value `text[start, end)` needs escaping: whether it holds a `%` or, in a
   * non-ASCII body, a character ≥ 0x80. Values are asked about in file order; the next such
   * character is found with one native search and remembered, so the whole body is searched
   * about once per reading (a test per value cost about as much as hashing the value).
   */
  #needsEscaping(start: number, end: number): boolean {
    const text = this.#text;
    if (this.#nextPercent < start) {
      const percent = text.indexOf('%', start);
      this.#nextPercent = percent < 0 ? text.length : percent;
    }
    if (this.#nextPercent < end) return true;
    if (this.#nextNonAscii < start) {
      NON_ASCII.lastIndex = start;
      this.#nextNonAscii = NON_ASCII.test(text) ? NON_ASCII.lastIndex - 1 : text.length;
    }
    return this.#nextNonAscii < end;
  }
}

/** A parse's events as the rule table's reader gets them (see `keepShape`). */
keepShape(
  new GroupEvents({ text: '', ascii: true, utf16: false }, new Uint8Array(0), false, {
    agent(): void {},
    rule(): void {},
  }),
);

/** A UTF-16 body as a byte string, for a reader that needs its bytes after all. */
function asByteBody(body: BodyText): BodyText {
  return body.utf16 ? { text: stringToByteString(body.text), ascii: false, utf16: false } : body;
}

/**
 * The pattern a rule value (a slice of the body's text, UTF-16 text when `utf16` is set) with
 * these {@link RuleFlag} bits matches as: the one reading of both the rule scan and the model.
 */
export function rulePattern(
  value: string,
  flags: number,
  utf16: boolean,
  rfc9309: boolean,
): string {
  return (flags & RuleFlag.escaped) !== 0 ? escapedPattern(value, utf16, rfc9309) : value;
}

// A fixed expression (never built from robots.txt content), searched from `lastIndex`.
const NON_ASCII = /[\x80-\uffff]/g;
