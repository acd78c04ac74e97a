/**
 * The parse-time pass that feeds the matcher: one tokenizer run that keeps only what checks need
 * (each group's rules as index entries, and which groups each product token names). The full
 * model (values as written, sitemaps, other directives, line flags) is built from the same body
 * only when it is asked for.
 */

import { extractProductToken, isGlobalAgent } from './agent.js';
import { asciiLowerCase } from './bytes.js';
import { asByteBody, type ByteBody, escapeTest, rulePattern } from './parse.js';
import { addEntries, type IndexEntry } from './rule-entry.js';
import { type DirectiveKind, tokenizeText } from './tokenize.js';
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
  /** The body as read: a UTF-16 body with a line that might pass the line cap is read as bytes. */
  readonly body: ByteBody;
}

/** Scans a body for the rules checks need, grouped as the model groups them. */
export function scanRules(body: ByteBody, options: Required<ParseOptions>): ScannedRules {
  return scan(body, options) ?? scan(asByteBody(body), options)!;
}

function scan(body: ByteBody, options: Required<ParseOptions>): ScannedRules | null {
  const { text, ascii, utf16 } = body;
  const entries: IndexEntry[][] = [];
  let tokenGroups: Map<string, number[]> | null = null;
  const globalGroups: number[] = [];
  const rfc9309 = options.percentEncoding === 'rfc9309';
  const digits = options.productTokenDigits;
  const needsEscaping = escapeTest(text, ascii);
  let current: IndexEntry[] | null = null;
  // RFC 9309 §2.1: a user-agent line after a rule starts a new group.
  let inRules = false;

  const summary = tokenizeText(
    text,
    options.maxBytes,
    {
      directive(
        line: number,
        kind: DirectiveKind,
        _ks: number,
        _ke: number,
        vs: number,
        ve: number,
      ) {
        if (kind === 'allow' || kind === 'disallow') {
          // Rules before the first group are never applied (the model still lists them).
          if (current === null) return;
          const raw = text.slice(vs, ve);
          const pattern = needsEscaping(vs, ve) ? rulePattern(raw, rfc9309, utf16) : raw;
          addEntries(pattern, kind === 'allow', entries.length - 1, line, current);
          inRules = true;
        } else if (kind === 'user-agent') {
          if (current === null || inRules) {
            current = [];
            entries.push(current);
            inRules = false;
          }
          const group = entries.length - 1;
          const raw = text.slice(vs, ve);
          if (isGlobalAgent(raw)) {
            if (globalGroups[globalGroups.length - 1] !== group) globalGroups.push(group);
            return;
          }
          // Product tokens are ASCII, so the byte string needs no decoding to be compared.
          const token = asciiLowerCase(extractProductToken(raw, digits));
          tokenGroups ??= new Map();
          const list = tokenGroups.get(token);
          if (list === undefined) tokenGroups.set(token, [group]);
          else if (list[list.length - 1] !== group) list.push(group);
        }
      },
    },
    utf16,
  );
  if (summary === null) return null;
  return {
    entries,
    tokenGroups,
    // An exact-size copy: a pushed-to array keeps room for 17 elements, and a file keeps this.
    globalGroups: globalGroups.slice(),
    bytesRead: summary.bytesRead,
    body,
  };
}
