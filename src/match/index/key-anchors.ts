/**
 * Anchors of a trigram index (`TrigramIndex`): a few characters, one of which the piece
 * holding each rule's key has, so that a walk can start reading trigrams shortly before the
 * first of them in a path (`firstPlace`), and read none in a path without them.
 *
 * Chosen once per set, in counted steps when its trigram index of rule numbers is built; read at
 * every check.
 */

import { RuleFlag } from '../../parse/read-groups.js';
import { type BuildSteps, buildAtOnce, charge } from '../build-steps.js';
import { type RuleNumbers, ruleAt, ruleCount, valueLength, valueStart } from '../rule-table.js';

/** Anchors an index may have at most: each costs a check a native search of the path. */
const MAX_ANCHORS = 3;

/**
 * Whether `c` may be an anchor: ASCII punctuation but `/`, `-` and `*`, which paths hold far
 * less often than letters, digits, `/` and `-` (`?`, `&`, `=`, `.`, `_`, `%`…).
 */
export function anchorable(c: number): boolean {
  return (
    c > 0x20 &&
    c < 0x7f &&
    c !== 0x2a &&
    c !== 0x2d &&
    c !== 0x2f &&
    !(c >= 0x30 && c <= 0x39) &&
    !(c >= 0x41 && c <= 0x5a) &&
    !(c >= 0x61 && c <= 0x7a)
  );
}

/**
 * Anchors of the rules filed under keys (`keys`, of the items at `at` in `ids`): at most
 * {@link MAX_ANCHORS} characters such that the piece holding each rule's key (its first
 * occurrence in the pattern) has one of them, chosen greedily, those most pieces have first;
 * and the lead, the most any key starts before the first anchor of its piece. Null when no
 * such few characters exist, or when a rule's pattern is not its text (escaped, a rewrite).
 * Floating rules are mostly of a kind (`/*.pdf$`, `/*?*sort=`, `/*&sid=`): `.`, `=` serve.
 */
export function keyAnchors(
  text: string,
  rules: RuleNumbers,
  ids: ArrayLike<number>,
  at: Int32Array,
  keys: Int32Array,
): KeyAnchors | null {
  return buildAtOnce(keyAnchorSteps(text, rules, ids, at, keys));
}

/** What {@link keyAnchors} finds: the anchors, and how far before the first a key starts. */
export interface KeyAnchors {
  readonly chars: string[];
  readonly lead: number;
}

/** Build units a key costs in each pass of {@link keyAnchorSteps}, besides the characters read. */
const KEY_UNITS = 8;

/**
 * {@link keyAnchors} in counted steps (`build-steps.ts`): a key's rule read, or its piece's
 * characters counted, at a time (a large set's trigram index is built a slice a check).
 */
export function* keyAnchorSteps(
  text: string,
  rules: RuleNumbers,
  ids: ArrayLike<number>,
  at: Int32Array,
  keys: Int32Array,
): BuildSteps<KeyAnchors | null> {
  const count = ruleCount(rules);
  // Per rule: where the piece holding its key starts and ends, and the key's offset in it.
  const pieceStarts = new Int32Array(keys.length);
  const pieceEnds = new Int32Array(keys.length);
  const keyOffsets = new Int32Array(keys.length);
  for (let h = 0; h < keys.length; h++) {
    const id = ids[at[h]!]!;
    if (id >= count) return null;
    const r = ruleAt(rules, id);
    if ((rules[r]! & RuleFlag.escaped) !== 0) return null;
    const start = valueStart(rules, r);
    const end = start + valueLength(rules, r);
    const last = text.charCodeAt(end - 1) === 0x24 ? end - 1 : end;
    const key = keys[h]!;
    const keyText =
      key >>> 24 !== 0
        ? String.fromCharCode(key >>> 24, (key >>> 16) & 0xff, (key >>> 8) & 0xff, key & 0xff)
        : String.fromCharCode((key >>> 16) & 0xff, (key >>> 8) & 0xff, key & 0xff);
    // The literal prefix (one character at most) holds no key; pieces follow its `*`.
    const from = text.indexOf('*', start) + 1;
    const found = text.indexOf(keyText, from);
    if (from <= 0 || found < 0 || found + keyText.length > last) return null;
    let pieceStart = found;
    while (pieceStart > from && text.charCodeAt(pieceStart - 1) !== 0x2a) pieceStart--;
    let pieceEnd = found + keyText.length;
    while (pieceEnd < last && text.charCodeAt(pieceEnd) !== 0x2a) pieceEnd++;
    pieceStarts[h] = pieceStart;
    pieceEnds[h] = pieceEnd;
    keyOffsets[h] = found - pieceStart;
    // Its value read to its key's piece (searched twice), the key's text made.
    if (charge(4 * KEY_UNITS + 2 * (pieceEnd - start))) yield;
  }
  const chosen: number[] = [];
  const covered = new Uint8Array(keys.length);
  let left = keys.length;
  const counts = new Int32Array(128);
  const seen = new Int32Array(128);
  while (left > 0) {
    if (chosen.length === MAX_ANCHORS) return null;
    counts.fill(0);
    seen.fill(-1);
    for (let h = 0; h < keys.length; h++) {
      if (covered[h] !== 0) continue;
      if (charge(KEY_UNITS + pieceEnds[h]! - pieceStarts[h]!)) yield;
      // Each character once a piece (`seen`: the last piece that counted it).
      for (let i = pieceStarts[h]!; i < pieceEnds[h]!; i++) {
        const c = text.charCodeAt(i);
        if (!anchorable(c) || seen[c] === h) continue;
        seen[c] = h;
        counts[c]!++;
      }
    }
    let best = -1;
    for (let c = 0; c < 128; c++)
      if (counts[c]! > 0 && (best < 0 || counts[c]! > counts[best]!)) best = c;
    if (best < 0) return null;
    chosen.push(best);
    for (let h = 0; h < keys.length; h++) {
      if (covered[h] !== 0) continue;
      if (charge(KEY_UNITS + pieceEnds[h]! - pieceStarts[h]!)) yield;
      for (let i = pieceStarts[h]!; i < pieceEnds[h]!; i++) {
        if (text.charCodeAt(i) === best) {
          covered[h] = 1;
          left--;
          break;
        }
      }
    }
  }
  let lead = 0;
  for (let h = 0; h < keys.length; h++) {
    // The first anchor of the piece: a key starts at most this far before it.
    let i = pieceStarts[h]!;
    while (!chosen.includes(text.charCodeAt(i))) i++;
    if (charge(KEY_UNITS + i - pieceStarts[h]!)) yield;
    lead = Math.max(lead, i - pieceStarts[h]! - keyOffsets[h]!);
  }
  return { chars: chosen.map((c) => String.fromCharCode(c)), lead };
}

/**
 * Whether the pieces of rule number `id` (as written: not for a rewrite or an escaped value)
 * hold one of `anchors`.
 */
export function holdsAnchor(
  text: string,
  rules: RuleNumbers,
  id: number,
  anchors: readonly string[],
): boolean {
  if (id >= ruleCount(rules)) return false;
  const r = ruleAt(rules, id);
  if ((rules[r]! & RuleFlag.escaped) !== 0) return false;
  const start = valueStart(rules, r);
  const end = start + valueLength(rules, r);
  const last = text.charCodeAt(end - 1) === 0x24 ? end - 1 : end;
  // The literal prefix (one character at most) is no piece.
  const from = text.indexOf('*', start) + 1;
  if (from <= 0) return false;
  // Searched within the rule's value only: `indexOf` would read on through the body's text to
  // the next rule that has it (on a 500 KiB file of rules lacking them, a build's longest step).
  for (const anchor of anchors) {
    for (let at = from; at < last; at++) {
      if (text.startsWith(anchor, at)) return true;
    }
  }
  return false;
}
