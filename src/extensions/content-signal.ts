/**
 * Cloudflare's `Content-Signal` statement: `search=yes, ai-input=no, ai-train=no, use=reference`,
 * comma-separated `key=value` pairs. Its own small syntax (the policy does not name a structured
 * field type), read leniently: keys and values are compared without regard to ASCII case, spaces
 * around the pairs are ignored, and a repeated key takes its last value.
 */

import { asciiLowerCase } from '../util/bytes.js';
import {
  CONTENT_SIGNAL_VOCABULARY,
  type ContentSignalCategory,
  type ContentUseLevel,
  type Preference,
} from './vocabulary.js';

/** One `key=value` pair of a statement, as written. */
export interface ContentSignalEntry {
  readonly key: string;
  readonly value: string;
}

/** A `Content-Signal` statement, read. */
export interface ContentSignalStatement {
  /** The pairs in written order. */
  readonly entries: readonly ContentSignalEntry[];
  /** Pieces between commas that are not `key=value` (empty pieces are skipped). */
  readonly malformed: readonly string[];
  /** What the statement says for each signal: a missing or unreadable value is `unknown`. */
  readonly signals: Readonly<Record<ContentSignalCategory, Preference>>;
  /** The `use=` level, or null when absent or not a known level. */
  readonly use: ContentUseLevel | null;
}

/**
 * Reads a `Content-Signal` statement (the part after any path). Never throws.
 *
 * @example
 * parseContentSignal('search=yes, ai-train=no').signals;
 * // { search: 'allowed', 'ai-input': 'unknown', 'ai-train': 'disallowed' }
 */
export function parseContentSignal(statement: string): ContentSignalStatement {
  const entries: ContentSignalEntry[] = [];
  const malformed: string[] = [];
  for (const piece of statement.split(',')) {
    const trimmed = piece.replace(/^[ \t]+|[ \t]+$/g, '');
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    if (eq <= 0) {
      malformed.push(trimmed);
      continue;
    }
    entries.push({
      key: trimmed.slice(0, eq).replace(/[ \t]+$/, ''),
      value: trimmed.slice(eq + 1).replace(/^[ \t]+/, ''),
    });
  }
  const signals: Record<ContentSignalCategory, Preference> = {
    search: 'unknown',
    'ai-input': 'unknown',
    'ai-train': 'unknown',
  };
  let use: ContentUseLevel | null = null;
  const vocabulary = CONTENT_SIGNAL_VOCABULARY;
  for (const { key, value } of entries) {
    const name = asciiLowerCase(key);
    const said = asciiLowerCase(value);
    if (name === vocabulary.use.key) {
      use = vocabulary.use.levels.find((level) => level === said) ?? null;
      continue;
    }
    const category = vocabulary.categories.find((c) => c.label === name);
    if (category === undefined) continue;
    signals[category.label] =
      said === vocabulary.allow
        ? 'allowed'
        : said === vocabulary.disallow
          ? 'disallowed'
          : 'unknown';
  }
  return { entries, malformed, signals, use };
}
