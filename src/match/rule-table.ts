/**
 * What the matcher needs of a body, in two steps. The parse makes one tokenizer run that records
 * each group's rules (where their values are, whether they need escaping, their lines and kinds)
 * and which groups each product token names; the rules of a set of groups become index entries
 * only when an agent of that set is first checked ({@link entriesOf}). The full model (values as written, sitemaps,
 * other directives, line flags) is built from the same body only when it is asked for.
 */

import type { BodyText } from '../parse/body.js';
import { type GroupHandler, RuleFlag, readGroups, rulePattern } from '../parse/read-groups.js';
import type { ParseOptions } from '../types.js';
import { addEntries, type IndexEntry } from './rule-entry.js';

/** What checks need of a body. */
export interface RuleTable {
  /** The body as read: a UTF-16 body with a line past the line cap is read as bytes. */
  readonly body: BodyText;
  /**
   * The rules of every group, in one array (a small file keeps little else): the rules of all
   * groups in file order, three numbers each (`line << 2 | flags`, with the `RuleFlag` bits
   * `GroupHandler.rule` reports; where the value starts; where it ends, in `body.text`); then,
   * for each group g, where its rules start in this array, and where the last group's end;
   * last, where that table starts. Rules before the first group are left out (they never
   * apply).
   */
  readonly rules: readonly number[];
  /** Lower-cased product token → indexes of the groups naming it, ascending (null: none). */
  readonly tokenGroups: Map<string, number[]> | null;
  /** Indexes of the groups with a `*` line, ascending. */
  readonly globalGroups: readonly number[];
  /** Characters of the body's text parsed: bytes for a byte string (all of it for UTF-16 text). */
  readonly bytesParsed: number;
}

/** Scans a body for the rules checks need, grouped as the model groups them. */
export function readRuleTable(body: BodyText, options: Required<ParseOptions>): RuleTable {
  const { handler, summary, body: read } = readGroups(body, options, () => new RuleTableReader());
  const rules = handler.rules;
  const table = rules.length;
  for (const start of handler.groupStarts) rules.push(start);
  // The last group's rules end where the table starts; then where the table starts.
  rules.push(table, table);
  return {
    body: read,
    // An exact-size copy (not a typed array: each of those costs about 230 bytes).
    rules: rules.slice(),
    tokenGroups: handler.tokenGroups,
    // An exact-size copy: a pushed-to array keeps room for 17 elements, and a file keeps this.
    globalGroups: handler.globalGroups.slice(),
    bytesParsed: summary.bytesParsed,
  };
}

/**
 * The index entries of the rules of `groups` (ascending), in file order: each rule's escaped
 * pattern (RFC 9309 §2.2.2 with `rfc9309`), and its `index.html` rewrite if it has one.
 */
export function entriesOf(
  body: BodyText,
  rules: readonly number[],
  groups: readonly number[],
  rfc9309: boolean,
): IndexEntry[] {
  const table = rules[rules.length - 1]!;
  const entries: IndexEntry[] = [];
  for (const group of groups) {
    for (let r = rules[table + group]!; r < rules[table + group + 1]!; r += 3) {
      const word = rules[r]!;
      const value = body.text.slice(rules[r + 1], rules[r + 2]);
      // Whether a value needs escaping was found at parse, by one search over the whole body:
      // searching again per compile would cost the rest of the body for each agent.
      const pattern = rulePattern(value, word, body.utf16, rfc9309);
      addEntries(pattern, (word & RuleFlag.allow) !== 0, group, word >> 2, entries);
    }
  }
  return entries;
}

/** Records each group's rules and which groups each product token names. */
class RuleTableReader implements GroupHandler {
  /** The rules, three numbers each (see {@link RuleTable.rules}). */
  readonly rules: number[] = [];
  /** Where each group's rules start in `rules`. */
  readonly groupStarts: number[] = [];
  tokenGroups: Map<string, number[]> | null = null;
  readonly globalGroups: number[] = [];

  agent(group: number, _line: number, _raw: string, token: string | null): void {
    // Rules come in group order: a new group's rules start after all rules so far.
    if (group === this.groupStarts.length) this.groupStarts.push(this.rules.length);
    if (token === null) {
      if (this.globalGroups[this.globalGroups.length - 1] !== group) this.globalGroups.push(group);
      return;
    }
    // Product tokens are ASCII (letters, digits, `-`, `_`): the native lower-casing is ASCII's,
    // and the value needs no decoding to be compared.
    const key = token.toLowerCase();
    this.tokenGroups ??= new Map();
    const list = this.tokenGroups.get(key);
    if (list === undefined) this.tokenGroups.set(key, [group]);
    else if (list[list.length - 1] !== group) list.push(group);
  }

  rule(group: number, line: number, flags: number, valueStart: number, valueEnd: number): void {
    // Rules before the first group are never applied (the model still lists them). `line << 2`
    // fits an int: a line number is at most the text's length + 1, below 2^29 in V8.
    if (group >= 0) this.rules.push((line << 2) | flags, valueStart, valueEnd);
  }
}
