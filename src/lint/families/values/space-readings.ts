/**
 * What a raw space in a rule most likely stands for, read from the rest of the file: a stray (the
 * rule without it is written elsewhere) or a word separator typed as a space (`Finden_Sie
 * Ihre_Karte`). Part of lint family `values` (`unencoded-character`); the separator reading also
 * serves `pattern-never-matches` for a path that lacks its "/" too.
 */

import type { Rule } from '../../../types.js';
import type { LintContext } from '../../context.js';
import { groupOfRuleLine } from './hosts.js';

/** A name that ends in a file type's extension (`.pdf`, `.mp4`; a stray quote after it, 4999). */
const DOCUMENT = /\.[A-Za-z][A-Za-z0-9]{1,4}["']?$/;

/** The rules of `line`'s group of the same type, other than it. */
function siblings(context: LintContext, line: number): readonly Rule[] {
  const group = groupOfRuleLine(context).get(line);
  const rule = group?.rules.find((r) => r.line === line);
  if (group === undefined || rule === undefined) return [];
  return group.rules.filter((r) => r.line !== line && r.type === rule.type);
}

// The longer of the prefixes a group writes its rules under in pairs (`*/` and `*/ast/`, 5481):
// wildcards and path segments only.
const PAIR_PREFIX = /^[*/\w.-]{0,24}$/;

/**
 * Where a raw space of `value` is a stray, not data: without it the value is a rule of its group
 * written under another prefix (`/bopa-…` beside `/ast/bopa-…`, judge 3C 5481), or the word it
 * splits is written whole elsewhere in the same value (`=2016- 06005&…=2016-06005`). The value
 * without its spaces, and why; undefined otherwise. A search term between two `*` (`*counter
 * feit*`, judge S 4187) is data: the caller asks only for other spaces.
 */
export function straySpace(
  context: LintContext,
  line: number,
  value: string,
): { readonly fixed: string; readonly twin?: Rule; readonly word?: string } | undefined {
  const space = value.search(/[\t ]/);
  if (space < 0) return undefined;
  const fixed = value.replace(/[\t ]+/g, '');
  // The word the space splits, up to the characters that delimit a URL's parts.
  const left = /[^&=?/*\t ]*$/.exec(value.slice(0, space))?.[0] ?? '';
  const right = /^[\t ]+([^&=?/*\t ]*)/.exec(value.slice(space))?.[1] ?? '';
  const word = left + right;
  if (left !== '' && right !== '' && word.length >= 6 && fixed.split(word).length > 2)
    return { fixed, word };
  const others = siblings(context, line);
  // A group that writes a space as "%20" elsewhere (3117) meant its spaces as data.
  if (others.some((r) => r.value.includes('%20'))) return undefined;
  for (const other of others) {
    const p = other.value;
    if (p === fixed) continue;
    let n = 0;
    while (n < p.length && n < fixed.length && p[p.length - 1 - n] === fixed[fixed.length - 1 - n])
      n++;
    const head = fixed.slice(0, fixed.length - n);
    const otherHead = p.slice(0, p.length - n);
    // The two heads differ by one folder (`*` and `*/ast`), and the rest is most of the rule.
    const [short, long] = head.length < otherHead.length ? [head, otherHead] : [otherHead, head];
    if (
      n * 4 >= fixed.length * 3 &&
      space >= head.length &&
      PAIR_PREFIX.test(long) &&
      long.startsWith(short) &&
      /^\/[^/*]+$/.test(long.slice(short.length)) &&
      fixed[head.length] === '/'
    )
      return { fixed, twin: other };
  }
  return undefined;
}

/** Whether `text` joins words with `sep` (a letter or digit on each side). */
function joins(text: string, sep: '_' | '-'): boolean {
  return new RegExp(`[A-Za-z0-9]\\${sep}[A-Za-z0-9]`).test(text);
}

/**
 * The separator (`_` or `-`) a raw space of a path most likely stands for (judge 3A 2276:
 * `/at/Finden_Sie Ihre_Karte` among `/at/Service_fur_Karteninhaber`): the value joins its other
 * words with it and never with the other one, the nearest rules of the group that join words do
 * the same, and none of the group writes a space as "%20". Undefined for a document's file name
 * (`AutoCheck_2X Dealer_FAQ.pdf`, 1537: an uploaded file's name may well hold a space), for a
 * value with a query, and where the rest of the file says nothing.
 */
export function separatorOf(
  context: LintContext,
  line: number,
  value: string,
): '_' | '-' | undefined {
  // Only between two words of Latin letters or digits (not `…infartoطب القلب`, 3952).
  if (
    !/[A-Za-z0-9][\t ]+[A-Za-z0-9]/.test(value) ||
    /[^\t A-Za-z0-9][\t ]|[\t ][^\t A-Za-z0-9]/.test(value)
  )
    return undefined;
  if (value.includes('?')) return undefined;
  // A file's name, of any type (`…Dealer_FAQ.pdf`, `…Month End Retail.mp4`, 3269).
  const segment = value.split('/').find((s) => /[\t ]/.test(s)) ?? '';
  if (DOCUMENT.test(segment.trim())) return undefined;
  const others = siblings(context, line);
  if (others.some((r) => r.value.includes('%20'))) return undefined;
  // The nearest rules above and below it that join words at all (`/at/Service_fur_Karteninhaber`
  // three lines up, `/at/navi_js` four down; `/at/sitemap.html` between joins none).
  const joined = others.filter((r) => joins(r.value, '_') || joins(r.value, '-'));
  const before = joined.filter((r) => r.line < line).at(-1);
  const after = joined.find((r) => r.line > line);
  const near = [before, after].filter((r) => r !== undefined).map((r) => r.value);
  for (const sep of ['_', '-'] as const) {
    const other = sep === '_' ? '-' : '_';
    if (!joins(value, sep) || joins(value, other)) continue;
    if (near.some((v) => joins(v, sep)) && !near.some((v) => joins(v, other))) return sep;
  }
  return undefined;
}
