/**
 * Parsing: a robots.txt body → the plain model (groups, rules, sitemaps, other directives,
 * per-line flags), grouped exactly as the reference's matcher groups lines (RFC 9309 §2.1).
 */

import { describe, extractProductToken, isGlobalAgent } from './agent.js';
import { bytesToByteString, decodeByteString, isAscii, stringToByteString } from './bytes.js';
import { decodeUnreserved, escapePattern } from './pattern.js';
import { DEFAULT_MAX_BYTES, type DirectiveKind, tokenize } from './tokenize.js';
import type {
  AgentLine,
  Group,
  LineMetadata,
  OtherDirective,
  ParseOptions,
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
export interface ParsedBody {
  readonly groups: readonly Group[];
  readonly rulesOutsideGroups: readonly Rule[];
  readonly sitemapLines: readonly SitemapLine[];
  /** The URLs of `sitemapLines`. */
  readonly sitemaps: readonly string[];
  readonly directives: readonly OtherDirective[];
  /** One byte of `LineFlag` bits per line (index 0 is line 1). */
  readonly lineFlags: Uint8Array;
  /** `lineFlags` as records, built on first use. */
  lines?: readonly LineMetadata[];
  readonly size: number;
  readonly bytesRead: number;
  readonly truncated: boolean;
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
  if (options !== undefined && (options === null || typeof options !== 'object')) {
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

/** A body as a byte string, and whether it is all ASCII (then no value needs decoding). */
export interface ByteBody {
  readonly text: string;
  readonly ascii: boolean;
}

/** {@link bodyToByteString}, also telling whether the body is all ASCII. */
export function readBody(body: unknown): ByteBody {
  if (typeof body === 'string') {
    return isAscii(body)
      ? { text: body, ascii: true }
      : { text: stringToByteString(body), ascii: false };
  }
  const bytes =
    body instanceof Uint8Array ? body : body instanceof ArrayBuffer ? new Uint8Array(body) : null;
  if (bytes === null) {
    throw new TypeError(
      `parseRobotsTxt: body must be a string, a Uint8Array or an ArrayBuffer, got ${describe(body)}`,
    );
  }
  const text = bytesToByteString(bytes);
  return { text, ascii: isAscii(text) };
}

/** Parses a byte string into the model. Never throws. */
export function parseByteString(
  { text, ascii }: ByteBody,
  options: Required<ParseOptions>,
): ParsedBody {
  const groups: MutableGroup[] = [];
  const rulesOutsideGroups: Rule[] = [];
  const sitemapLines: SitemapLine[] = [];
  const directives: OtherDirective[] = [];
  const flags = new Uint8Array(Math.min(text.length, options.maxBytes) + 2);
  const rfc9309 = options.percentEncoding === 'rfc9309';
  // Values are slices of the body: in an ASCII body they need no UTF-8 decoding.
  const decode = ascii ? (raw: string): string => raw : decodeByteString;
  const needsEscaping = escapeTest(text, ascii);
  let current: MutableGroup | null = null;
  // RFC 9309 §2.1: a user-agent line after a rule starts a new group.
  let inRules = false;

  const summary = tokenize(text, options.maxBytes, {
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
          const rule = makeRule(kind, line, raw, rfc9309, needsEscaping(vs, ve), decode);
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
            value: escapePattern(raw),
            group: current === null ? -1 : current.index,
          });
      }
    },
    line(line: number, lineFlags: number) {
      flags[line - 1] = lineFlags;
    },
  });

  return {
    groups,
    rulesOutsideGroups,
    sitemapLines,
    sitemaps: sitemapLines.map((s) => s.url),
    directives,
    lineFlags: flags.slice(0, summary.lineCount),
    size: text.length,
    bytesRead: summary.bytesRead,
    truncated: summary.truncated,
    bomLength: summary.bomLength,
  };
}

function makeRule(
  type: RuleType,
  line: number,
  raw: string,
  rfc9309: boolean,
  needsEscaping: boolean,
  decode: (raw: string) => string,
): Rule {
  // Most values have no `%` and no non-ASCII byte: then the pattern is the value as written.
  if (!needsEscaping) return { type, line, value: raw, pattern: raw, priority: raw.length };
  const pattern = rulePattern(raw, rfc9309);
  return { type, line, value: decode(raw), pattern, priority: pattern.length };
}

/** The pattern a rule value (a byte string that needs escaping) is matched as. */
export function rulePattern(raw: string, rfc9309: boolean): string {
  const escaped = escapePattern(raw);
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
