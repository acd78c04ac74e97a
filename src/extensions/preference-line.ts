/**
 * The shape `Content-Usage` and `Content-Signal` lines share: an optional path, then the
 * preferences (draft-ietf-aipref-attach-05 §3.2; contentsignals.org writes the same form).
 */

import { priorityOf } from '../match/strategy.js';
import { decodeUnreserved } from '../parse/escape.js';

/** A preference line split into its path and its statement. */
export interface PreferenceLine {
  /** The path as written, or null when the value does not start with `/` (the path is absent). */
  readonly path: string | null;
  /**
   * The path as matched: escaped like an Allow/Disallow pattern (attach-05 §3.1: "the same
   * percent-encoding rules"). Empty when the path is absent: it then matches every URL.
   */
  readonly pattern: string;
  /** The pattern's byte length: the longest match wins, as for Allow/Disallow. */
  readonly priority: number;
  /** What follows the path (leading SP/HTAB dropped), or the whole value when there is none. */
  readonly statement: string;
}

/**
 * Splits a directive's value: attach-05 §3.2 — a value starting with `/` has a path that ends
 * before the first SP or HTAB; the rest is the statement of preference. `text` is the value as
 * written, `escaped` the same value escaped as the reference escapes patterns (the spaces are at
 * the same places in both).
 */
export function splitPreferenceLine(
  text: string,
  escaped: string,
  rfc9309: boolean,
): PreferenceLine {
  if (text.charCodeAt(0) !== 0x2f) {
    return { path: null, pattern: '', priority: 0, statement: text };
  }
  const end = firstSpace(text);
  const escapedEnd = firstSpace(escaped);
  const raw = escaped.slice(0, escapedEnd);
  const pattern = rfc9309 ? decodeUnreserved(raw) : raw;
  return {
    path: text.slice(0, end),
    pattern,
    priority: priorityOf(pattern),
    statement: text.slice(end).replace(/^[ \t]+/, ''),
  };
}

function firstSpace(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x20 || c === 0x09) return i;
  }
  return value.length;
}
