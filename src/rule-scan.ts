/**
 * The parse-time pass that feeds the matcher: one tokenizer run that keeps only what checks need
 * (each group's rules as index entries, and which groups each product token names). The full
 * model (values as written, sitemaps, other directives, line flags) is built from the same body
 * only when it is asked for.
 */

import { asciiLowerCase } from './bytes.js';
import type { ByteBody } from './parse.js';
import { type GroupHandler, readGroups } from './read-groups.js';
import { addEntries, type IndexEntry } from './rule-entry.js';
import type { ParseOptions } from './types.js';

/** What checks need of a body. */
export interface ScannedRules {
  /** Each group's entries in file order (a rule, then its `index.html` rewrite if any). */
  readonly entries: readonly IndexEntry[][];
  /** Lower-cased product token → indexes of the groups naming it, ascending (null: none). */
  readonly tokenGroups: Map<string, number[]> | null;
  /** Indexes of the groups with a `*` line, ascending. */
  readonly globalGroups: readonly number[];
  /** Characters of `body.text` read: bytes for a byte string (all of it for UTF-16 text). */
  readonly bytesRead: number;
  /** The body as read: a UTF-16 body with a line past the line cap is read as bytes. */
  readonly body: ByteBody;
}

/** Scans a body for the rules checks need, grouped as the model groups them. */
export function scanRules(body: ByteBody, options: Required<ParseOptions>): ScannedRules {
  const { handler, summary, body: read } = readGroups(body, options, () => new RuleScan());
  return {
    entries: handler.entries,
    tokenGroups: handler.tokenGroups,
    // An exact-size copy: a pushed-to array keeps room for 17 elements, and a file keeps this.
    globalGroups: handler.globalGroups.slice(),
    bytesRead: summary.bytesRead,
    body: read,
  };
}

/** Collects each group's index entries and which groups each product token names. */
class RuleScan implements GroupHandler {
  readonly entries: IndexEntry[][] = [];
  tokenGroups: Map<string, number[]> | null = null;
  readonly globalGroups: number[] = [];

  agent(group: number, _line: number, _raw: string, token: string | null): void {
    if (group === this.entries.length) this.entries.push([]);
    if (token === null) {
      if (this.globalGroups[this.globalGroups.length - 1] !== group) this.globalGroups.push(group);
      return;
    }
    // Product tokens are ASCII, so the value needs no decoding to be compared.
    const key = asciiLowerCase(token);
    this.tokenGroups ??= new Map();
    const list = this.tokenGroups.get(key);
    if (list === undefined) this.tokenGroups.set(key, [group]);
    else if (list[list.length - 1] !== group) list.push(group);
  }

  rule(group: number, line: number, allow: boolean, _raw: string, pattern: string): void {
    // Rules before the first group are never applied (the model still lists them).
    if (group >= 0) addEntries(pattern, allow, group, line, this.entries[group]!);
  }
}
