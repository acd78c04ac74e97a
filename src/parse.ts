/**
 * Parsing: a robots.txt body → the plain model (groups, rules, sitemaps, other directives,
 * per-line flags), grouped exactly as the reference's matcher groups lines (RFC 9309 §2.1).
 */

import { describe } from './agent.js';
import {
  byteStringOf,
  decodeByteString,
  decodeUtf8,
  isAscii,
  stringToByteString,
} from './bytes.js';
import { escapeValue } from './pattern.js';
import { type GroupHandler, RuleFlag, readGroups, rulePattern } from './read-groups.js';
import { DEFAULT_MAX_BYTES } from './tokenize.js';
import type {
  AgentLine,
  LineMetadata,
  OtherDirective,
  ParseOptions,
  RobotsTxtData,
  Rule,
  SitemapLine,
} from './types.js';

/** A group while it is being built. */
interface MutableGroup {
  readonly index: number;
  readonly agents: AgentLine[];
  readonly rules: Rule[];
}

/** Everything the parser extracts from a body: the model robots.ts reads on first access. */
export interface ParsedBody
  extends Pick<
    RobotsTxtData,
    'groups' | 'rulesOutsideGroups' | 'sitemapLines' | 'sitemaps' | 'directives'
  > {
  /** One byte of `LineFlag` bits per line (index 0 is line 1). */
  readonly lineFlags: Uint8Array;
  /** `lineFlags` as records, built on first use. */
  lines?: readonly LineMetadata[];
}

/** The defaults, one frozen object shared by every file parsed without options. */
const DEFAULT_OPTIONS: Required<ParseOptions> = Object.freeze({
  maxBytes: DEFAULT_MAX_BYTES,
  percentEncoding: 'reference',
  productTokenDigits: false,
});

/**
 * Fills in the defaults and checks the options' types; a TypeError names `caller` (the public
 * function given the options) and the bad option. Other keys are ignored.
 */
export function resolveOptions(
  options: ParseOptions | undefined,
  caller = 'parseRobotsTxt',
): Required<ParseOptions> {
  if (options === undefined) return DEFAULT_OPTIONS;
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${caller}: options must be an object, got ${describe(options)}`);
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || Number.isNaN(maxBytes) || maxBytes < 0) {
    throw new TypeError(
      `${caller}: options.maxBytes must be a non-negative number, got ${String(maxBytes)}`,
    );
  }
  const percentEncoding = options.percentEncoding ?? 'reference';
  if (percentEncoding !== 'reference' && percentEncoding !== 'rfc9309') {
    throw new TypeError(
      `${caller}: options.percentEncoding must be 'reference' or 'rfc9309', got ${String(percentEncoding)}`,
    );
  }
  return { maxBytes, percentEncoding, productTokenDigits: options.productTokenDigits === true };
}

/** Converts any accepted body to a byte string, or throws a TypeError naming the argument. */
export function bodyToByteString(body: unknown): string {
  return readBody(body).text;
}

/** A body as the tokenizer reads it. */
export interface ByteBody {
  /** The body as a byte string (one character per byte), or its text when `utf16` is set. */
  readonly text: string;
  /** Every character is ASCII: the text is the body byte for byte, and nothing needs decoding. */
  readonly ascii: boolean;
  /**
   * The text is the decoding of a valid UTF-8 body that is read whole (it is no longer than the
   * parser's `maxBytes`), not a byte string: a value's non-ASCII characters are encoded to bytes
   * only when it must be escaped, and no value needs decoding. Saves converting a whole
   * non-ASCII body up front.
   */
  readonly utf16: boolean;
}

/** A body as read, with its size in bytes. */
export interface SizedBody extends ByteBody {
  /** Bytes in the body; -1 when not counted yet (UTF-16 text from a string). */
  readonly size: number;
}

function asBytes(body: unknown): Uint8Array {
  const bytes =
    body instanceof Uint8Array ? body : body instanceof ArrayBuffer ? new Uint8Array(body) : null;
  if (bytes === null) {
    throw new TypeError(
      `parseRobotsTxt: body must be a string, a Uint8Array or an ArrayBuffer, got ${describe(body)}`,
    );
  }
  return bytes;
}

/** Methods of ES2024 strings, where the engine has them. */
interface WellFormed {
  isWellFormed?(): boolean;
  toWellFormed?(): string;
}

/**
 * Reads any accepted body (or throws a TypeError naming the argument) as a byte string, except
 * that a non-ASCII body whose UTF-8 is at most `utf16Limit` bytes stays UTF-16 text (see
 * {@link ByteBody.utf16}): the parser passes its `maxBytes`, readers that need the bytes
 * (lint's columns) pass nothing.
 */
export function readBody(body: unknown, utf16Limit = 0): SizedBody {
  if (typeof body === 'string') {
    if (isAscii(body)) return { text: body, ascii: true, utf16: false, size: body.length };
    const text = body as string & WellFormed;
    // A lone surrogate is encoded as U+FFFD, so the text to read is the string made well-formed.
    if (body.length * 3 <= utf16Limit && text.toWellFormed !== undefined) {
      const wellFormed = text.isWellFormed!() ? body : text.toWellFormed();
      return { text: wellFormed, ascii: false, utf16: true, size: -1 };
    }
    const bytes = stringToByteString(body);
    return { text: bytes, ascii: false, utf16: false, size: bytes.length };
  }
  const bytes = asBytes(body);
  const decoded = decodeUtf8(bytes);
  if (decoded !== undefined && decoded.length !== bytes.length && bytes.length <= utf16Limit) {
    return { text: decoded, ascii: false, utf16: true, size: bytes.length };
  }
  const text = byteStringOf(bytes, decoded);
  // Decoded to as many characters as bytes: all ASCII, without searching again.
  const ascii = decoded === undefined ? isAscii(text) : decoded.length === bytes.length;
  return { text, ascii, utf16: false, size: bytes.length };
}

/** A byte string (one character per byte, as stored by the cache) as a body, without copying. */
export function byteStringBody(text: string): SizedBody {
  return { text, ascii: isAscii(text), utf16: false, size: text.length };
}

/** Parses a byte string (or UTF-16 text, see {@link ByteBody}) into the model. Never throws. */
export function parseByteString(body: ByteBody, options: Required<ParseOptions>): ParsedBody {
  const { handler, summary } = readGroups(body, options, (read) => new ModelBuilder(read, options));
  return {
    groups: handler.groups,
    rulesOutsideGroups: handler.rulesOutsideGroups,
    sitemapLines: handler.sitemapLines,
    sitemaps: handler.sitemapLines.map((s) => s.url),
    directives: handler.directives,
    lineFlags: handler.flags.slice(0, summary.lineCount),
  };
}

/** Builds the model's records from the grouped directives. */
class ModelBuilder implements GroupHandler {
  readonly groups: MutableGroup[] = [];
  readonly rulesOutsideGroups: Rule[] = [];
  readonly sitemapLines: SitemapLine[] = [];
  readonly directives: OtherDirective[] = [];
  /** One byte of `LineFlag` bits per line (at most one line per byte, plus the last). */
  readonly flags: Uint8Array;
  /** Values are raw slices: only a byte string with non-ASCII bytes needs decoding. */
  readonly #decode: (raw: string) => string;
  readonly #text: string;
  readonly #utf16: boolean;
  readonly #rfc9309: boolean;
  /** The last group: the one every directive after its first user-agent line stands in. */
  #current: MutableGroup | null = null;

  constructor(body: ByteBody, options: Required<ParseOptions>) {
    this.flags = new Uint8Array(Math.min(body.text.length, options.maxBytes) + 2);
    this.#decode = body.ascii || body.utf16 ? (raw) => raw : decodeByteString;
    this.#text = body.text;
    this.#utf16 = body.utf16;
    this.#rfc9309 = options.percentEncoding === 'rfc9309';
  }

  agent(group: number, line: number, raw: string, token: string | null): void {
    if (group === this.groups.length) {
      this.#current = { index: group, agents: [], rules: [] };
      this.groups.push(this.#current);
    }
    this.#current!.agents.push({
      line,
      value: this.#decode(raw),
      global: token === null,
      token: token ?? '',
    });
  }

  rule(group: number, line: number, flags: number, valueStart: number, valueEnd: number): void {
    const raw = this.#text.slice(valueStart, valueEnd);
    const pattern = rulePattern(raw, flags, this.#utf16, this.#rfc9309);
    // A value that needs no escaping has no `%` and no non-ASCII byte: nothing to decode.
    const value = (flags & RuleFlag.escaped) !== 0 ? this.#decode(raw) : raw;
    const rule: Rule = {
      type: (flags & RuleFlag.allow) !== 0 ? 'allow' : 'disallow',
      line,
      value,
      pattern,
      priority: pattern.length,
    };
    if (group < 0) this.rulesOutsideGroups.push(rule);
    else this.#current!.rules.push(rule);
  }

  sitemap(line: number, raw: string): void {
    this.sitemapLines.push({ line, url: this.#decode(raw) });
  }

  other(group: number, line: number, key: string, raw: string): void {
    // The reference reports other values escaped like patterns.
    this.directives.push({
      line,
      key: this.#decode(key),
      value: escapeValue(raw, this.#utf16),
      group,
    });
  }

  line(line: number, flags: number): void {
    this.flags[line - 1] = flags;
  }
}
