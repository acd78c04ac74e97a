/**
 * Integer keys (a prefix hash, a trigram) numbered as groups, and found through a bit filter
 * and a small open-addressing table: how the trigram index finds the rules filed under a key
 * (the prefix index files its rules in buckets of the same keyed hash, {@link slotOf}).
 * Building it costs a probe per key: no `Map`.
 *
 * Built once per set with its index; probed at every check.
 */

import { keepShape } from '../../util/kept-shape.js';

/** A key's hash; its top bits pick a slot or a filter bit (Fibonacci hashing: any key bits spread). */
export function hashOf(key: number): number {
  return Math.imul(key, 0x9e3779b1);
}

/**
 * The seed of {@link slotOf}, drawn once per process. Keys are hashes of text a site wrote (a
 * literal prefix, a trigram); with a fixed slot hash, a hostile file could choose keys (found
 * offline, once) that share one slot or bucket and make every lookup probe, or every check
 * confirm, all of them. Nothing hashed with it is stored or shared outside the process.
 */
export const SLOT_SEED: number = (Math.random() * 0x100000000) | 0;

/**
 * A key's place in a table or its bucket: the top bits of a seeded mix (MurmurHash3's
 * finalizer over the key and {@link SLOT_SEED}), which spreads any set of keys a site can
 * choose as random keys would spread. The filters keep {@link hashOf}, which a walk computes at
 * every path position: a key that passes a filter costs one lookup, bounded by its slot.
 */
export function slotOf(key: number): number {
  let h = Math.imul(key ^ SLOT_SEED, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** log2 of the filter bits per table slot: 8 bits, so 16 or more per distinct key. */
const FILTER_SLOT_SHIFT = 3;

/** A bit filter of keys: the bit `hashOf(key) >>> shift` of `bits` is set for every key held. */
export interface KeyFilter {
  readonly bits: Int32Array;
  readonly shift: number;
}

/** The distinct keys of a list, each numbered as a group (in order of first appearance). */
export class KeyTable {
  /**
   * Slot pairs: a distinct key and its group number + 1 (0: empty slot). The key sits next to
   * the number so that a probe reads one cache line, and the table is at most half full, so a
   * miss (most probes) ends quickly.
   */
  readonly #table: Int32Array;
  readonly #shift: number;
  /**
   * One bit per hash value's top bits, set for every key: a check probes at almost every path
   * position and most keys it asks for are absent, so most probes end at one bit test in an
   * array an eighth of the table's size.
   */
  readonly #filter: Int32Array;
  readonly #filterShift: number;
  /**
   * 0, or (when there are more distinct keys than groups allowed) the shift that makes a key's
   * hash its group: a group is then a bucket of keys, with no table of them.
   */
  readonly #bucketShift: number;
  /** Number of groups: the distinct keys, or the buckets. */
  readonly size: number;
  /** Number of distinct keys. */
  readonly distinct: number;

  /**
   * Numbers the distinct `keys`; `groups[k]` is set to the group of `keys[k]`, and `counts[g]`
   * (pushed) to the number of keys in group g. With more than `maxGroups` distinct keys, the
   * groups are buckets of keys by hash, a power of two of them (16 at least, at most
   * `maxGroups` else): {@link find} then answers a key's bucket, which holds other keys too, so
   * what a group holds must be confirmed (a bucket weighs 8 bytes an index, a distinct key about
   * 20 to 40).
   */
  constructor(
    keys: Int32Array,
    groups: Int32Array,
    counts: number[],
    maxGroups: number = Number.POSITIVE_INFINITY,
  ) {
    // Numbered through a table sized for all the keys, then kept in one sized for the distinct
    // ones (a file may file thousands of rules under one key).
    const numbering = new Slots(keys.length);
    const distinct: number[] = [];
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      let group = numbering.find(key);
      if (group < 0) {
        group = distinct.length;
        numbering.add(key, group);
        distinct.push(key);
        counts.push(0);
      }
      groups[k] = group;
      counts[group]!++;
    }
    this.distinct = distinct.length;
    if (distinct.length <= maxGroups) {
      const slots = new Slots(distinct.length);
      for (let g = 0; g < distinct.length; g++) slots.add(distinct[g]!, g);
      this.#filter = slots.filter;
      this.#filterShift = slots.filterShift;
      this.keyFilter = { bits: slots.filter, shift: slots.filterShift };
      this.#table = slots.table;
      this.#shift = slots.shift;
      this.#bucketShift = 0;
      this.size = distinct.length;
      return;
    }
    // Buckets: a filter of every bit set (what a bucket holds is confirmed anyway; the caller's
    // own filter, of the keys' trigrams, is what spares most lookups).
    this.#filter = new Int32Array(1).fill(-1);
    this.#filterShift = 27;
    this.keyFilter = { bits: this.#filter, shift: this.#filterShift };
    let bits = 4;
    while (2 << bits <= maxGroups) bits++;
    this.#table = new Int32Array(0);
    this.#shift = 0;
    this.#bucketShift = 32 - bits;
    this.size = 1 << bits;
    counts.length = 0;
    for (let g = 0; g < this.size; g++) counts.push(0);
    for (let k = 0; k < keys.length; k++) {
      const group = slotOf(keys[k]!) >>> this.#bucketShift;
      groups[k] = group;
      counts[group]!++;
    }
  }

  /**
   * The filter {@link find} tests first, for a loop that tests it itself: a key whose bit
   * (`hashOf(key) >>> shift`) is clear has no group.
   */
  readonly keyFilter: KeyFilter;

  /** The bytes of its arrays. */
  get byteLength(): number {
    return this.#table.byteLength + this.#filter.byteLength;
  }

  /** The group of `key`, or −1. */
  find(key: number): number {
    // `hashOf` and `slotOf` written out: a walk calls this at most path positions, and a call
    // to an imported function costs a check of its binding there.
    const bit = Math.imul(key, 0x9e3779b1) >>> this.#filterShift;
    if ((this.#filter[bit >>> 5]! & (1 << (bit & 31))) === 0) return -1;
    let h = Math.imul(key ^ SLOT_SEED, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    if (this.#bucketShift !== 0) return h >>> this.#bucketShift;
    const table = this.#table;
    const mask = (table.length >> 1) - 1;
    for (let slot = h >>> this.#shift; table[2 * slot + 1] !== 0; slot = (slot + 1) & mask) {
      if (table[2 * slot] === key) return table[2 * slot + 1]! - 1;
    }
    return -1;
  }
}

/** An open-addressing table of keys and their groups, at most half full, with its filter. */
class Slots {
  readonly table: Int32Array;
  readonly shift: number;
  readonly filter: Int32Array;
  readonly filterShift: number;

  /** Room for `count` keys. */
  constructor(count: number) {
    let bits = 4;
    while (1 << bits < count * 2) bits++;
    this.shift = 32 - bits;
    this.table = new Int32Array(2 << bits);
    this.filterShift = this.shift - FILTER_SLOT_SHIFT;
    this.filter = new Int32Array(1 << (bits + FILTER_SLOT_SHIFT - 5));
  }

  /** The group of `key`, or −1 (as {@link KeyTable.find}). */
  find(key: number): number {
    const table = this.table;
    const mask = (table.length >> 1) - 1;
    for (
      let slot = slotOf(key) >>> this.shift;
      table[2 * slot + 1] !== 0;
      slot = (slot + 1) & mask
    ) {
      if (table[2 * slot] === key) return table[2 * slot + 1]! - 1;
    }
    return -1;
  }

  /** Files `key` (absent) as group `group`. */
  add(key: number, group: number): void {
    const table = this.table;
    const mask = (table.length >> 1) - 1;
    const bit = hashOf(key) >>> this.filterShift;
    this.filter[bit >>> 5]! |= 1 << (bit & 31);
    let slot = slotOf(key) >>> this.shift;
    while (table[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
    table[2 * slot] = key;
    table[2 * slot + 1] = group + 1;
  }
}

/** See `keepShape`: slots live only during an index build, or as long as their file. */
keepShape(new Slots(0));

/**
 * Where each group's items start once grouped: `starts[g]` to `starts[g + 1]` (from the counts
 * a {@link KeyTable} gave), and `order`, the items' indexes grouped, each group in input order.
 */
export function groupOrder(
  groups: Int32Array,
  counts: readonly number[],
): { starts: Int32Array; order: Int32Array } {
  const starts = new Int32Array(counts.length + 1);
  for (let g = 0; g < counts.length; g++) starts[g + 1] = starts[g]! + counts[g]!;
  const fill = starts.slice(0, counts.length);
  const order = new Int32Array(groups.length);
  for (let k = 0; k < groups.length; k++) order[fill[groups[k]!]!++] = k;
  return { starts, order };
}
