/**
 * Keys one slip away from a directive Google reads (`User-agnet`, `Dissallow`), which Google's
 * parser does not accept as typos: the line is ignored. The fix writes the key meant; lint
 * verifies it like every fix, with the paths the line (or, for a User-agent line, its group's
 * rules) was written to reach as targets.
 */

import { escapePattern } from '../../parse/escape.js';
import { asciiLowerCase, decodeByteString } from '../../util/bytes.js';
import type { DirectiveSpan, LintContext } from '../context.js';
import type { ProposedFix } from '../types.js';

const KEYS = ['User-agent', 'Disallow', 'Allow', 'Sitemap'] as const;

/** UTF-8 of U+200B–U+200D, U+2060 and U+00A0 at the start of a key (a BOM has its own code). */
const INVISIBLE_PREFIX = /^(?:\xe2\x80[\x8b-\x8d]|\xe2\x81\xa0|\xc2\xa0)+/;

/** Edits between `a` and `b`, counting a swap of neighbours as one (at most `limit` + 1). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Whether a word is one of the keys Google reads, or a slip or two away from one. */
export function nearKey(word: string): boolean {
  const lower = asciiLowerCase(word);
  return KEYS.some((k) => distance(lower, asciiLowerCase(k), 2) <= 2);
}

/**
 * Whether a word is a key Google reads or a slip or two from one of about its length
 * (`Dissalow`, `Sitemaps`), not a word of its own (`allowed`, `disallowed`, two letters longer).
 */
export function keyLike(word: string): boolean {
  const lower = asciiLowerCase(word);
  return KEYS.some((k) => {
    const key = asciiLowerCase(k);
    return (
      lower === key ||
      (lower.length >= 5 &&
        Math.abs(lower.length - key.length) <= 1 &&
        distance(lower, key, 2) <= 2)
    );
  });
}

/** The directive a misspelt key meant, with its fix; undefined for a key that is no slip. */
export function misspeltKey(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
): { readonly meant: string; readonly invisible: string; readonly fix: ProposedFix } | undefined {
  const raw = context.text.slice(d.keyStart, d.keyEnd);
  // Invisible characters in front (a zero-width joiner or space, a word joiner, a no-break space
  // copied from a page) are part of the key as Google reads it; a key after them is meant whole.
  const invisible = INVISIBLE_PREFIX.exec(raw)?.[0] ?? '';
  const key = asciiLowerCase(raw.slice(invisible.length));
  // One slip in a short key, two in `user-agent`: never a different word.
  const meant = KEYS.find((k) => {
    if (invisible !== '') return key === asciiLowerCase(k);
    const limit = k.length >= 10 ? 2 : 1;
    return key.length >= 5 && distance(key, asciiLowerCase(k), limit) <= limit;
  });
  if (meant === undefined) return undefined;
  const value = decodeByteString(context.text.slice(d.valueStart, d.valueEnd));
  return {
    meant,
    invisible: decodeByteString(invisible),
    fix: {
      description: `Write "${meant}:".`,
      edits: [{ start: d.keyStart, end: d.keyEnd, text: meant }],
      targets:
        meant === 'Disallow'
          ? [escapePattern(value)]
          : meant === 'User-agent'
            ? groupRules(context, line)
            : [],
      otherwise: `Write "${meant}" by hand.`,
    },
  };
}

/** The patterns of the rules after `line` in the group it stands in: what its crawler would get. */
function groupRules(context: LintContext, line: number): string[] {
  const groups = context.robots.groups;
  const index = groups.findIndex(
    (g, i) =>
      (g.agents[0]?.line ?? 0) <= line && line < (groups[i + 1]?.agents[0]?.line ?? Infinity),
  );
  return (groups[index]?.rules ?? []).filter((r) => r.line > line).map((r) => r.pattern);
}
