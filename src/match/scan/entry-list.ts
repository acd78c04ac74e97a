/**
 * Short lists of index entries, strongest first, that a check scans whole: a small set (or one
 * of its lists by second character), or the few wildcard entries of a large set that no index
 * files. A scan passes over most entries that cannot match by comparing numbers each entry
 * keeps (`IndexEntry`: the lead of its prefix, the last character of an anchored tail) with the
 * path's, read once a scan, and over a wildcard entry whose pieces hold a character the path
 * lacks after one native search, made once a scan for all the entries that need that character
 * (`/*?sort=` and `/*?filter=` share `?`, or `=` with `/*&sid=`): an entry's strings are read
 * only when it may match.
 *
 * Runs at every check of a small set (up to `SMALL_SET` entries), and of the unfiled wildcard
 * entries of a large one.
 */

import { anchorable } from '../index/key-anchors.js';
import { type IndexEntry, type MatchState, WHOLE_PREFIX } from '../rule-entry.js';
import { ScanStep, scanStep } from '../strategy.js';

/** At most this many characters the entries of a set need (bits of a scan's mask). */
const MAX_NEEDS = 31;

/**
 * The characters the wildcard entries of a set need (`IndexEntry.need` is a slot here), and
 * where a scan found each (valid for the slots it has searched for).
 */
export interface PieceNeeds {
  readonly chars: readonly string[];
  readonly found: number[];
}

/** {@link assignNeeds}'s counts and marks per character, reused (an index is built at once). */
const COUNTS = new Int32Array(128);
const SEEN = new Int32Array(128);

/** A set whose wildcard entries need no character. */
const NO_NEEDS: PieceNeeds = { chars: [], found: [] };

/**
 * Chooses the character each wildcard entry of `entries` needs (its `need`): among the
 * characters of its pieces that paths seldom hold ({@link anchorable}), the one most of these
 * entries hold (one search then serves them all), the first in the pattern of equals.
 */
export function assignNeeds(entries: readonly IndexEntry[]): PieceNeeds {
  if (entries.length === 0) return NO_NEEDS;
  // How many entries hold each ASCII character in their pieces (each once an entry).
  const counts = COUNTS.fill(0);
  const seen = SEEN.fill(-1);
  for (let k = 0; k < entries.length; k++) {
    for (const piece of entries[k]!.pieces ?? []) {
      for (let i = 0; i < piece.length; i++) {
        const c = piece.charCodeAt(i);
        if (c < 128 && anchorable(c) && seen[c] !== k) {
          seen[c] = k;
          counts[c]!++;
        }
      }
    }
  }
  const chars: string[] = [];
  for (const entry of entries) {
    let best = -1;
    for (const piece of entry.pieces ?? []) {
      for (let i = 0; i < piece.length; i++) {
        const c = piece.charCodeAt(i);
        if (c < 128 && anchorable(c) && (best < 0 || counts[c]! > counts[best]!)) best = c;
      }
    }
    if (best < 0) continue;
    const char = String.fromCharCode(best);
    let slot = chars.indexOf(char);
    if (slot < 0 && chars.length < MAX_NEEDS) slot = chars.push(char) - 1;
    entry.need = slot;
  }
  return chars.length === 0 ? NO_NEEDS : { chars: chars.slice(), found: chars.map(() => -1) };
}

/**
 * Tests `entries` (strongest first, their `need` slots in `needs`) against `path` (the path of
 * `state.search`, whose lead, `leadOf(path)`, is `lead`), updating `state` (`scanStep`): stops
 * at the first entry that can change nothing (none after it can), or when the check's
 * work passes its budget. An entry ruled out by its numbers costs one unit; one tested, one and
 * its prefix's length; a search for a needed character, the characters it scans.
 */
export function scanList(
  entries: readonly IndexEntry[],
  needs: PieceNeeds,
  path: string,
  lead: number,
  state: MatchState,
): void {
  const search = state.search;
  const skipWildcards = search.skipWildcards;
  const verdictOnly = search.verdictOnly;
  const n = path.length;
  const last = n > 0 ? path.charCodeAt(n - 1) : -1;
  // The slots whose character this scan has searched for (`found` holds where).
  let searched = 0;
  // Entries ruled out by their numbers since work was last counted.
  let passed = 0;
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    // The numbers first: what they rule out could not match, whatever the bests.
    if ((lead & entry.leadMask) !== entry.lead || (entry.tailEnd >= 0 && entry.tailEnd !== last)) {
      passed++;
      continue;
    }
    if (skipWildcards && entry.pieces !== null) continue;
    // Then the needed character, searched for once for all the entries that need it.
    const slot = entry.need;
    if (slot >= 0) {
      if ((searched & (1 << slot)) === 0) {
        searched |= 1 << slot;
        const index = path.indexOf(needs.chars[slot]!);
        needs.found[slot] = index;
        search.work += passed + (index < 0 ? n : index + 1);
        passed = 0;
        if (search.work > search.budget) return;
      }
      if (needs.found[slot]! < 0) {
        passed++;
        continue;
      }
    }
    const step = scanStep(entry.allow, entry.priority, entry.line, state, verdictOnly);
    if (step === ScanStep.stop) break;
    if (step === ScanStep.pass) continue;
    const prefix = entry.prefix;
    search.work += passed + 1 + prefix.length;
    passed = 0;
    if (search.work > search.budget) return;
    if ((entry.leadMask & WHOLE_PREFIX) === 0 && !path.startsWith(prefix)) continue;
    if (search.matchesAfterPrefix(entry)) {
      if (entry.allow) state.allow = entry;
      else state.disallow = entry;
    }
  }
  search.work += passed;
}

/** Below this many entries a small set is scanned whole (see {@link bySecondChar}). */
export const SPLIT_SET = 6;

/**
 * A small set's entries (strongest first) split by the second character of their prefix. A path
 * can only match a prefix of two or more characters whose second character is the path's own:
 * list `c` (for `c` < 128) holds the entries whose prefix has second character `c`, and those
 * whose prefix is `/`, one character or empty (which every path may match), in the table's
 * order; list 0 the latter only (no prefix holds a NUL), for a path of one character. The scan
 * of a check then visits only the entries that can match, and stops as early as the whole
 * table's. Null when the set is too small, when every prefix has the same second character (no
 * list would be shorter than the table), or when one has a character above 0x7F (the lists
 * would not cover it).
 */
export function bySecondChar(
  table: readonly IndexEntry[],
): { lists: (readonly IndexEntry[])[]; bytes: number } | null {
  if (table.length < SPLIT_SET) return null;
  const seconds = new Set<number>();
  for (const entry of table) {
    if (entry.prefix.length < 2) continue;
    const c = entry.prefix.charCodeAt(1);
    if (c === 0 || c >= 128) return null;
    seconds.add(c);
  }
  if (seconds.size < 2) return null;
  const short = table.filter((entry) => entry.prefix.length < 2);
  const lists = new Array<readonly IndexEntry[]>(128).fill(short);
  // 4 bytes a slot of the 128, and of each list.
  let bytes = 16 + 4 * 128 + 16 + 4 * short.length;
  for (const c of seconds) {
    const list = table.filter(
      (entry) => entry.prefix.length < 2 || entry.prefix.charCodeAt(1) === c,
    );
    lists[c] = list;
    bytes += 16 + 4 * list.length;
  }
  return { lists, bytes };
}

/** `entries` without the wildcard entries that repeat an earlier one's pattern and kind. */
export function withoutRepeats(entries: readonly IndexEntry[]): IndexEntry[] {
  let kept: IndexEntry[] | null = null;
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    let repeat = false;
    if (entry.pieces !== null) {
      for (let j = 0; j < k && !repeat; j++) {
        const other = entries[j]!;
        repeat =
          other.pattern === entry.pattern &&
          other.priority === entry.priority &&
          other.allow === entry.allow &&
          other.indexRewrite === entry.indexRewrite;
      }
    }
    if (repeat) kept ??= entries.slice(0, k);
    else kept?.push(entry);
  }
  return kept === null ? entries.slice() : kept.slice();
}
