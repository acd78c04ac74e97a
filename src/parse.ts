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
  readonly directives: readonly OtherDirective[];
  /** One byte of `LineFlag` bits per line (index 0 is line 1). */
  readonly lineFlags: Uint8Array;
  readonly size: number;
  readonly bytesRead: number;
  readonly truncated: boolean;
  readonly bomLength: number;
  readonly options: Required<ParseOptions>;
}

/** Fills in the defaults and checks the options' types. */
export function resolveOptions(options: ParseOptions | undefined): Required<ParseOptions> {
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
  // Values are slices of the body: in an ASCII body they need no UTF-8 decoding, and a value
  // needs escaping only if it holds a `%` (found with one cached native search) or, in a
  // non-ASCII body, a byte ≥ 0x80.
  const decode = ascii ? (raw: string): string => raw : decodeByteString;
  let nextPercent = -1;
  const needsEscaping = (start: number, end: number): boolean => {
    if (nextPercent < start) {
      nextPercent = text.indexOf('%', start);
      if (nextPercent < 0) nextPercent = text.length;
    }
    if (nextPercent < end) return true;
    if (ascii) return false;
    for (let i = start; i < end; i++) if (text.charCodeAt(i) >= 0x80) return true;
    return false;
  };
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
    directives,
    lineFlags: flags.slice(0, summary.lineCount),
    size: text.length,
    bytesRead: summary.bytesRead,
    truncated: summary.truncated,
    bomLength: summary.bomLength,
    options,
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
  const escaped = escapePattern(raw);
  const pattern = rfc9309 ? decodeUnreserved(escaped) : escaped;
  return { type, line, value: decode(raw), pattern, priority: pattern.length };
}
