/**
 * Parsing: a robots.txt body → the plain model (groups, rules, sitemaps, other directives,
 * per-line flags), grouped exactly as the reference's matcher groups lines (RFC 9309 §2.1).
 */

import { describe, extractProductToken, isGlobalAgent } from './agent.js';
import { bytesToByteString, decodeByteString, isAscii, stringToByteString } from './bytes.js';
import { decodeUnreserved, EscapeScanner, escapePattern } from './pattern.js';
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
  if (typeof body === 'string') return stringToByteString(body);
  if (body instanceof Uint8Array) return bytesToByteString(body);
  if (body instanceof ArrayBuffer) return bytesToByteString(new Uint8Array(body));
  throw new TypeError(
    `parseRobotsTxt: body must be a string, a Uint8Array or an ArrayBuffer, got ${describe(body)}`,
  );
}

/** Parses a byte string into the model. Never throws. */
export function parseByteString(text: string, options: Required<ParseOptions>): ParsedBody {
  const groups: MutableGroup[] = [];
  const rulesOutsideGroups: Rule[] = [];
  const sitemapLines: SitemapLine[] = [];
  const directives: OtherDirective[] = [];
  const flags = new Uint8Array(Math.min(text.length, options.maxBytes) + 2);
  const rfc9309 = options.percentEncoding === 'rfc9309';
  const escapes = new EscapeScanner(text);
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
          const value = decodeByteString(raw);
          const global = isGlobalAgent(raw);
          const token = global ? '' : extractProductToken(raw, options.productTokenDigits);
          current.agents.push({ line, value, global, token });
          return;
        }
        case 'allow':
        case 'disallow': {
          const rule = makeRule(kind, line, raw, rfc9309, escapes.needsEscaping(vs, ve));
          if (current === null) {
            rulesOutsideGroups.push(rule);
          } else {
            current.rules.push(rule);
            inRules = true;
          }
          return;
        }
        case 'sitemap':
          sitemapLines.push({ line, url: decodeByteString(raw) });
          return;
        default:
          directives.push({
            line,
            key: decodeByteString(text.slice(ks, ke)),
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
): Rule {
  // Most values have no `%` and no non-ASCII byte: then the pattern is the value as written.
  if (!needsEscaping) return { type, line, value: raw, pattern: raw, priority: raw.length };
  const escaped = escapePattern(raw);
  const pattern = rfc9309 ? decodeUnreserved(escaped) : escaped;
  const value = isAscii(raw) ? raw : decodeByteString(raw);
  return { type, line, value, pattern, priority: pattern.length };
}
