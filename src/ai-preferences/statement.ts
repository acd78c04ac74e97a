/**
 * An AIPREF statement of preference (draft-ietf-aipref-vocab-08 §6): an RFC 9651 dictionary such
 * as `train-ai=n, search=y`, parsed by the `structured-headers` package and read into a
 * preference per category (§6.5). This is the one module that parses structured fields.
 */

import { DisplayString, parseDictionary, Token } from 'structured-headers';
import {
  CONTENT_USAGE_VOCABULARY,
  type ContentUsageCategory,
  type Preference,
} from '../extensions/vocabulary.js';

/** The type of a dictionary member's value (RFC 9651 §3). */
export type MemberType =
  | 'token'
  | 'string'
  | 'boolean'
  | 'number'
  | 'byte-sequence'
  | 'date'
  | 'display-string'
  | 'inner-list';

/** One member of a parsed dictionary (the last of duplicate keys, RFC 9651 §4.2.2). */
export interface StatementMember {
  readonly key: string;
  readonly type: MemberType;
  /** The value in words: a token or string's text, `true`/`false`, a number, `(…)` for a list. */
  readonly value: string;
}

/** A statement of preference, read. */
export interface UsageStatement {
  /** The statement as given. */
  readonly text: string;
  /**
   * False when `text` is not an RFC 9651 dictionary: then every category is `unknown`
   * (vocab-08 §6.5.1), and `error` says why.
   */
  readonly parsed: boolean;
  readonly error?: string;
  /** Every member, in dictionary order (empty when not parsed). */
  readonly members: readonly StatementMember[];
  /** The preference for each category: `y` allows, `n` disallows, anything else is unknown. */
  readonly preferences: Readonly<Record<ContentUsageCategory, Preference>>;
}

/** Every category unknown: what an absent or unparsable statement says. */
export function unknownPreferences(): Record<ContentUsageCategory, Preference> {
  return { 'train-ai': 'unknown', 'ai-use': 'unknown', search: 'unknown' };
}

/**
 * Reads a statement of preference (vocab-08 §6.5): parsed as an RFC 9651 dictionary; for each
 * category, the Token `y` allows and `n` disallows; any other value (`yes`, `"n"`, a boolean),
 * an absent key and every key of a dictionary that does not parse leave it unknown. Unknown keys
 * and all parameters are ignored. Never throws.
 *
 * @example
 * readStatement('train-ai=n, search=y').preferences;
 * // { 'train-ai': 'disallowed', 'ai-use': 'unknown', search: 'allowed' }
 */
export function readStatement(text: string): UsageStatement {
  // vocab-08 §6.3: the statement is bytes, and RFC 9651 §4.2 fails on any byte outside ASCII.
  const outside = /[^\x20-\x7e\t]/.exec(text);
  if (outside !== null) {
    return failed(text, `character ${outside.index + 1} is outside printable ASCII`);
  }
  let dictionary: ReturnType<typeof parseDictionary>;
  try {
    dictionary = parseDictionary(text);
  } catch (error) {
    return failed(text, error instanceof Error ? error.message : String(error));
  }
  const members: StatementMember[] = [];
  for (const [key, member] of dictionary) members.push(describe(key, member[0]));
  const preferences = unknownPreferences();
  const vocabulary = CONTENT_USAGE_VOCABULARY;
  for (const category of vocabulary.categories) {
    const value = dictionary.get(category.label)?.[0];
    if (!(value instanceof Token)) continue;
    const token = value.toString();
    if (token === vocabulary.allow) preferences[category.label] = 'allowed';
    else if (token === vocabulary.disallow) preferences[category.label] = 'disallowed';
  }
  return { text, parsed: true, members, preferences };
}

function failed(text: string, reason: string): UsageStatement {
  const error = reason.replace(/^Parse error: /, '');
  return { text, parsed: false, error, members: [], preferences: unknownPreferences() };
}

function describe(key: string, value: unknown): StatementMember {
  if (Array.isArray(value)) return { key, type: 'inner-list', value: '(…)' };
  if (value instanceof Token) return { key, type: 'token', value: value.toString() };
  if (value instanceof DisplayString)
    return { key, type: 'display-string', value: value.toString() };
  if (value instanceof Date) return { key, type: 'date', value: value.toISOString() };
  if (typeof value === 'string') return { key, type: 'string', value };
  if (typeof value === 'boolean') return { key, type: 'boolean', value: String(value) };
  if (typeof value === 'number') return { key, type: 'number', value: String(value) };
  return { key, type: 'byte-sequence', value: ':…:' };
}
