/**
 * Which lengths of a {@link PieceDictionary} a window can start a piece of, by a hash of its
 * first K characters (K the dictionary's shortest length): a byte a slot, a bit for each length
 * some piece whose first K characters hash to that slot has. A dictionary of several lengths
 * whose pieces do not share their first K characters enough for prefix classes
 * (`prefix-classes.ts`: σ 64 shapes, about three pieces a start, one a length) would look each
 * window up at every length; through this table a window is looked up at the lengths of the
 * pieces that may start there, about what the classes would resolve, without their lists.
 *
 * A slot's lengths are those of every start that hashes to it (a start no piece has reads the
 * lengths of the starts it shares a slot with), so a window misses no piece it starts: what
 * the pass finds is what the dictionary's own pass (`PieceDictionary.scan`) finds, but for
 * candidates that are not there (a hash and a tag alike), fewer here.
 *
 * Built once per program (`PieceFinder`, when the dictionary takes two lengths or more and no
 * prefix classes); read by the path's pass at every check the program runs (`FoundChains`).
 */

import { type BuildSteps, charge } from '../build-steps.js';
import type { PieceDictionary } from './piece-dictionary.js';
import {
  BASE,
  LOOKED_UP_END,
  lengthClassOf,
  mixed,
  pick,
  prefixHashes,
  saltOf,
  windowHash,
} from './window-lookup.js';

const NONE = -1;

/**
 * Slots a distinct start has at least (a slot a byte; fewer than twice as many): about half the
 * slots are taken, at most a byte or two a start.
 */
const SLOTS_A_START = 1;

/**
 * The lookups a window must save on average for the table to be taken: a window's start costs
 * two units (its hash from the path's prefix hashes, its slot) besides the lookups it names.
 */
export const STARTS_SAVE = 2;

/** The lengths a window's first K characters may start, by their hash. */
export class StartLengths {
  /** Per slot, a bit for each length class (index in the dictionary's lengths). */
  readonly table: Uint8Array;
  /** The shift of a start's mixed hash to its slot. */
  readonly shift: number;
  /** The lengths a slot taken names, on average (what a window that takes one looks up). */
  readonly lengthsPerSlot: number;
  /** Memory retained, in bytes. */
  readonly bytes: number;

  /** `table`: what {@link startsSteps} filled. */
  constructor(table: Uint8Array) {
    this.table = table;
    this.shift = 32 - Math.log2(table.length);
    let taken = 0;
    let named = 0;
    for (const slot of table) {
      if (slot === 0) continue;
      taken++;
      for (let bits = slot; bits !== 0; bits &= bits - 1) named++;
    }
    this.lengthsPerSlot = named / Math.max(1, taken);
    this.bytes = 32 + table.length;
  }
}

/** Build units a piece costs, besides its first K characters (3 units each). */
const PIECE_UNITS = 8;

/**
 * The {@link StartLengths} of `dictionary`'s pieces (`pieces[j]`, its id `ids[j]`; `starts`:
 * how many distinct first K characters they have) in counted steps (`build-steps.ts`), a piece
 * at a time.
 */
export function* startsSteps(
  dictionary: PieceDictionary,
  pieces: readonly string[],
  ids: Int32Array,
  starts: number,
): BuildSteps<StartLengths> {
  let bits = 6;
  while (1 << bits < SLOTS_A_START * starts) bits++;
  const table = new Uint8Array(1 << bits);
  const shift = 32 - bits;
  if (charge(table.length >> 2)) yield;
  const tables = dictionary.tables;
  const k = dictionary.lengths[0]!;
  const salt = saltOf(k);
  for (let j = 0; j < pieces.length; j++) {
    const piece = pieces[j]!;
    let hash = 0;
    for (let i = 0; i < k; i++) hash = (Math.imul(hash, BASE) + piece.charCodeAt(i)) | 0;
    table[mixed(hash, salt) >>> shift]! |= 1 << lengthClassOf(tables, ids[j]!);
    if (charge(PIECE_UNITS + 3 * k)) yield;
  }
  if (charge(table.length >> 2)) yield;
  return new StartLengths(table);
}

/**
 * Finds in `codes[0, n)` what `dictionary.scan` finds (`keys[h] = keyBase + id`,
 * `positions[h]` where the piece would end), by window then length: each window's start looked
 * up in `starts`, then the window at each length its slot names (`lookUp`). `hashes` holds the
 * path's prefix hashes (n + 1 at least, made here). `work[0]` is increased by the work: n units
 * for the prefix hashes, a unit a window's start, and a lookup's (a unit a window a length, one
 * a tag met, the characters compared). Returns the number found.
 */
export function scanStarts(
  dictionary: PieceDictionary,
  starts: StartLengths,
  codes: Uint16Array,
  n: number,
  keyBase: number,
  keys: Int32Array,
  positions: Int32Array,
  hashes: Int32Array,
  work: Float64Array,
): number {
  const tables = dictionary.tables;
  const { lengths, bucketBases, shifts, buckets, tags, ends, atBases } = tables;
  const k = lengths[0]!;
  if (k > n) return 0;
  prefixHashes(codes, n, hashes);
  const salts = SALTS;
  for (let c = 0; c < lengths.length; c++) salts[c] = saltOf(lengths[c]!);
  const longer = tables.extra !== null;
  const table = starts.table;
  const shift = starts.shift;
  let found = 0;
  const last = n - k;
  let units = n + last + 1;
  for (let s = 0; s <= last; s++) {
    const hash = windowHash(hashes, s, k);
    let mask = table[mixed(hash, salts[0]!) >>> shift]!;
    while (mask !== 0) {
      const c = 31 - Math.clz32(mask & -mask);
      mask &= mask - 1;
      const length = lengths[c]!;
      const end = s + length - 1;
      // Lengths ascending: the others are longer still.
      if (end >= n) break;
      // As `lookUp`, inline: the window's ends, its bucket, the pieces of its tag.
      units++;
      const bits = 8 * c;
      const lastCode = Math.min(codes[end]!, 127);
      if ((ends[bits + 4 + (lastCode >> 5)]! & (1 << (lastCode & 31))) === 0) continue;
      const firstCode = Math.min(codes[s]!, 127);
      if ((ends[bits + (firstCode >> 5)]! & (1 << (firstCode & 31))) === 0) continue;
      const mix = mixed(c === 0 ? hash : windowHash(hashes, s, length), salts[c]!);
      const b = bucketBases[c]! + (mix >>> shifts[c]!);
      const to = buckets[b + 1]!;
      const tag = mix & 0xff;
      let slot = buckets[b]!;
      while (slot < to && tags[slot]! < tag) slot++;
      if (slot === to || tags[slot] !== tag) continue;
      let stop = slot + 1;
      while (stop < to && tags[stop] === tag) stop++;
      units += stop - slot;
      let id = slot;
      let idEnd = end;
      if (stop - slot > 1 || (longer && atBases[c]! >= 0)) {
        id = pick(tables, c, slot, stop, end, codes, n, work);
        if (id === NONE) continue;
        idEnd = LOOKED_UP_END[0]!;
      }
      keys[found] = keyBase + id;
      positions[found++] = idEnd;
    }
  }
  work[0]! += units;
  return found;
}

/** Per length class, its hashes' salt (scratch). */
const SALTS = new Int32Array(8);
