/**
 * Parsing: a robots.txt body → the plain model (groups, rules, sitemaps, other directives,
 * per-line flags), grouped exactly as the reference's matcher groups lines (RFC 9309 §2.1).
 */

import { describe, extractProductToken, isGlobalAgent } from './agent.js';
import {
  bytesToByteString,
  decodeByteString,
  decodeUtf8,
  fromCharCodes,
  isAscii,
  stringToByteString,
} from './bytes.js';
import { decodeUnreserved, escapeValue } from './pattern.js';
import { DEFAULT_MAX_BYTES, type DirectiveKind, tokenizeText } from './tokenize.js';
import type {
  AgentLine,
  LineMetadata,
  OtherDirective,
  ParseOptions,
  RobotsTxtData,
  Rule,
  RuleType,
  SitemapLine,
} from './types.js';

/** A group while it is being built. */
interface MutableGroup {
  readonly index: number;
  readonly agents: AgentLine[];
  readonly rules: Rule[];
}

/** Everything the parser extracts from a body; the facade in robots.ts adds the checks. */
export interface ParsedBody
  extends Pick<
    RobotsTxtData,
    'groups' | 'rulesOutsideGroups' | 'sitemapLines' | 'sitemaps' | 'directives'
  > {
  /** One byte of `LineFlag` bits per line (index 0 is line 1). */
  readonly lineFlags: Uint8Array;
  /** `lineFlags` as records, built on first use. */
  lines?: readonly LineMetadata[];
  readonly bomLength: number;
}

/** The defaults, one frozen object shared by every file parsed without options. */
const DEFAULT_OPTIONS: Required<ParseOptions> = Object.freeze({
  maxBytes: DEFAULT_MAX_BYTES,
  percentEncoding: 'reference',
  productTokenDigits: false,
});

/** Fills in the defaults and checks the options' types. */
export function resolveOptions(options: ParseOptions | undefined): Required<ParseOptions> {
  if (options === undefined) return DEFAULT_OPTIONS;
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`parseRobotsTxt: options must be an object, got ${describe(options)}`);
  }
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || Number.isNaN(maxBytes) || maxBytes < 0) {
    throw new TypeError(
      `parseRobotsTxt: options.maxBytes must be a non-negative number, got ${String(maxBytes)}`,
    );
  }
  const percentEncoding = options?.percentEncoding ?? 'reference';
  if (percentEncoding !== 'reference' && percentEncoding !== 'rfc9309') {
    throw new TypeError(
      `parseRobotsTxt: options.percentEncoding must be 'reference' or 'rfc9309', got ${String(percentEncoding)}`,
    );
  }
  return { maxBytes, percentEncoding, productTokenDigits: options?.productTokenDigits === true };
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
   * The text is the decoding of a valid UTF-8 body of at most `maxBytes` bytes, not a byte
   * string: a value's non-ASCII characters are encoded to bytes only when it must be escaped,
   * and no value needs decoding. Saves converting a whole non-ASCII body up front.
   */
  readonly utf16: boolean;
}

/** A body read for parsing, with its size in bytes. */
export interface SizedBody extends ByteBody {
  /** Bytes in the body; -1 when not counted yet (UTF-16 text from a string). */
  readonly size: number;
}

/** {@link bodyToByteString}, also telling whether the body is all ASCII. */
export function readBody(body: unknown): ByteBody {
  if (typeof body === 'string') {
    return isAscii(body)
      ? { text: body, ascii: true, utf16: false }
      : { text: stringToByteString(body), ascii: false, utf16: false };
  }
  const text = bytesToByteString(asBytes(body));
  return { text, ascii: isAscii(text), utf16: false };
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
 * Reads a body for {@link parseByteString} and the rule scan: as {@link readBody}, except that a
 * non-ASCII body that fits in `maxBytes` stays UTF-16 text (see {@link ByteBody.utf16}).
 */
export function readParseBody(body: unknown, maxBytes: number): SizedBody {
  if (typeof body === 'string') {
    if (isAscii(body)) return { text: body, ascii: true, utf16: false, size: body.length };
    const text = body as string & WellFormed;
    // A lone surrogate is encoded as U+FFFD, so the text to read is the string made well-formed.
    if (body.length * 3 <= maxBytes && text.toWellFormed !== undefined) {
      const wellFormed = text.isWellFormed!() ? body : text.toWellFormed();
      return { text: wellFormed, ascii: false, utf16: true, size: -1 };
    }
    const bytes = stringToByteString(body);
    return { text: bytes, ascii: false, utf16: false, size: bytes.length };
  }
  const bytes = asBytes(body);
  // Small bodies are built from char codes at once (as bytesToByteString does).
  const decoded = bytes.length > 64 ? decodeUtf8(bytes) : undefined;
  if (decoded === undefined) {
    const text = fromCharCodes(bytes);
    return { text, ascii: isAscii(text), utf16: false, size: bytes.length };
  }
  // As many characters as bytes: every byte was ASCII.
  if (decoded.length === bytes.length) {
    return { text: decoded, ascii: true, utf16: false, size: bytes.length };
  }
  if (bytes.length <= maxBytes) {
    return { text: decoded, ascii: false, utf16: true, size: bytes.length };
  }
  return { text: stringToByteString(decoded), ascii: false, utf16: false, size: bytes.length };
}

/** A UTF-16 body as a byte string, for a reader that needs its bytes after all. */
export function asByteBody(body: ByteBody): ByteBody {
  return body.utf16 ? { text: stringToByteString(body.text), ascii: false, utf16: false } : body;
}

/** Parses a byte string (or UTF-16 text, see {@link ByteBody}) into the model. Never throws. */
export function parseByteString(body: ByteBody, options: Required<ParseOptions>): ParsedBody {
  return parseBody(body, options) ?? parseBody(asByteBody(body), options)!;
}

function parseBody(
  { text, ascii, utf16 }: ByteBody,
  options: Required<ParseOptions>,
): ParsedBody | null {
  const groups: MutableGroup[] = [];
  const rulesOutsideGroups: Rule[] = [];
  const sitemapLines: SitemapLine[] = [];
  const directives: OtherDirective[] = [];
  const flags = new Uint8Array(Math.min(text.length, options.maxBytes) + 2);
  const rfc9309 = options.percentEncoding === 'rfc9309';
  // Values are slices of the body: in an ASCII body or UTF-16 text they need no decoding.
  const decode = ascii || utf16 ? (raw: string): string => raw : decodeByteString;
  const needsEscaping = escapeTest(text, ascii);
  let current: MutableGroup | null = null;
  // RFC 9309 §2.1: a user-agent line after a rule starts a new group.
  let inRules = false;

  const summary = tokenizeText(
    text,
    options.maxBytes,
    {
      directive(line: number, kind: DirectiveKind, ks: number, ke: number, vs: number, ve: number) {
        const raw = text.slice(vs, ve);
        switch (kind) {
          case 'user-agent': {
            if (current === null || inRules) {
              current = { index: groups.length, agents: [], rules: [] };
              groups.push(current);
              inRules = false;
            }
            const value = decode(raw);
            const global = isGlobalAgent(raw);
            const token = global ? '' : extractProductToken(raw, options.productTokenDigits);
            current.agents.push({ line, value, global, token });
            return;
          }
          case 'allow':
          case 'disallow': {
            const rule = makeRule(kind, line, raw, rfc9309, needsEscaping(vs, ve), utf16);
            if (current === null) {
              rulesOutsideGroups.push(rule);
            } else {
              current.rules.push(rule);
              inRules = true;
            }
            return;
          }
          case 'sitemap':
            sitemapLines.push({ line, url: decode(raw) });
            return;
          default:
            directives.push({
              line,
              key: decode(text.slice(ks, ke)),
              value: escapeValue(raw, utf16),
              group: current === null ? -1 : current.index,
            });
        }
      },
      line(line: number, lineFlags: number) {
        flags[line - 1] = lineFlags;
      },
    },
    utf16,
  );
  if (summary === null) return null;

  return {
    groups,
    rulesOutsideGroups,
    sitemapLines,
    sitemaps: sitemapLines.map((s) => s.url),
    directives,
    lineFlags: flags.slice(0, summary.lineCount),
    bomLength: summary.bomLength,
  };
}

function makeRule(
  type: RuleType,
  line: number,
  raw: string,
  rfc9309: boolean,
  needsEscaping: boolean,
  utf16: boolean,
): Rule {
  // Most values have no `%` and no non-ASCII byte: then the pattern is the value as written.
  if (!needsEscaping) return { type, line, value: raw, pattern: raw, priority: raw.length };
  const pattern = rulePattern(raw, rfc9309, utf16);
  return {
    type,
    line,
    value: utf16 ? raw : decodeByteString(raw),
    pattern,
    priority: pattern.length,
  };
}

/**
 * The pattern a rule value that needs escaping is matched as; the value is a slice of a byte
 * string, or of UTF-16 text when `utf16` is set.
 */
export function rulePattern(raw: string, rfc9309: boolean, utf16: boolean): string {
  const escaped = escapeValue(raw, utf16);
  return rfc9309 ? decodeUnreserved(escaped) : escaped;
}

// A fixed expression (never built from robots.txt content), searched from `lastIndex`.
const NON_ASCII = /[\x80-\uffff]/g;

/**
 * A test of whether the value `text[start, end)` needs escaping: whether it holds a `%` or, in a
 * non-ASCII body, a byte ≥ 0x80. Values are asked about in file order; the next such byte is
 * found with one native search and remembered, so the whole body is searched about once.
 */
export function escapeTest(text: string, ascii: boolean): (start: number, end: number) => boolean {
  let nextPercent = -1;
  // An ASCII body has no byte ≥ 0x80 to find.
  let nextNonAscii = ascii ? text.length : -1;
  return (start: number, end: number): boolean => {
    if (nextPercent < start) {
      nextPercent = text.indexOf('%', start);
      if (nextPercent < 0) nextPercent = text.length;
    }
    if (nextPercent < end) return true;
    if (nextNonAscii < start) {
      NON_ASCII.lastIndex = start;
      nextNonAscii = NON_ASCII.test(text) ? NON_ASCII.lastIndex - 1 : text.length;
    }
    return nextNonAscii < end;
  };
}
