/**
 * The plain model of a body (groups, rules, sitemaps, other directives, per-line flags), grouped
 * exactly as the reference's matcher groups lines (RFC 9309 §2.1). Built on first access to any
 * of it; the matcher never needs it.
 */

import type {
  AgentLine,
  LineMetadata,
  OtherDirective,
  ParseOptions,
  RobotsTxtData,
  Rule,
  SitemapLine,
} from '../types.js';
import { decodeByteString } from '../util/bytes.js';
import type { BodyText } from './body.js';
import { escapeValue } from './escape.js';
import { type GroupHandler, RuleFlag, readGroups, rulePattern } from './read-groups.js';

/** A group while it is being built. */
interface MutableGroup {
  readonly index: number;
  readonly agents: AgentLine[];
  readonly rules: Rule[];
}

/** Everything the parser extracts from a body: the model robots.ts reads on first access. */
export interface BodyModel
  extends Pick<
    RobotsTxtData,
    'groups' | 'rulesOutsideGroups' | 'sitemapLines' | 'sitemaps' | 'directives'
  > {
  /** One byte of `LineFlag` bits per line (index 0 is line 1). */
  readonly lineFlags: Uint8Array;
  /** `lineFlags` as records, built on first use. */
  lines?: readonly LineMetadata[];
}

/**
 * Reads a body's text (see {@link BodyText}) into the model; each rule's `priority` comes from
 * the match strategy's `priorityOf`. Never throws.
 */
export function buildModel(
  body: BodyText,
  options: Required<ParseOptions>,
  priorityOf: (pattern: string) => number,
): BodyModel {
  const { handler, summary } = readGroups(
    body,
    options,
    (read) => new ModelBuilder(read, options, priorityOf),
  );
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

  readonly #priorityOf: (pattern: string) => number;

  constructor(
    body: BodyText,
    options: Required<ParseOptions>,
    priorityOf: (pattern: string) => number,
  ) {
    this.#priorityOf = priorityOf;
    this.flags = new Uint8Array(Math.min(body.text.length, options.maxBytes) + 2);
    this.#decode = body.ascii || body.utf16 ? (raw) => raw : decodeByteString;
    this.#text = body.text;
    this.#utf16 = body.utf16;
    this.#rfc9309 = options.percentEncoding === 'rfc9309';
  }

  agent(group: number, line: number, valueStart: number, valueEnd: number, tokenEnd: number): void {
    const raw = this.#text.slice(valueStart, valueEnd);
    const token = tokenEnd < 0 ? null : this.#text.slice(valueStart, tokenEnd);
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
      priority: this.#priorityOf(pattern),
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
      text: this.#decode(raw),
      group,
    });
  }

  line(line: number, flags: number): void {
    this.flags[line - 1] = flags;
  }
}
