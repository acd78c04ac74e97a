/**
 * A map bounded in entries and in the total weight of its records that drops records not used
 * lately first, by the CLOCK rule: a use marks its record, and a hand going round the records
 * clears marks and drops the first record it finds unmarked. A use writes to its own record's
 * mark only, where a least-recently-used list moves the record between its neighbours (two more
 * records to read and write: at 20,000 origins, cache misses that cost more than a cached
 * check's rules). Each record held has a slot number, and its mark is a byte in one typed array
 * by slot: a caller that kept the slot number marks a use without reading the record.
 */

/** What a {@link createClockCache} keeps of each record; the caller's records extend it. @internal */
export interface ClockRecord {
  readonly key: string;
  /** Its weight, as last set (see `reweigh`). */
  weight: number;
  /**
   * Its slot number (see {@link ClockCache.stampOf}), given when it is set; once it is dropped,
   * the number it had (the slot's stamp has changed: another record may take it).
   */
  slot: number;
  /** False once dropped or deleted: a reference kept elsewhere then no longer stands for it. */
  live: boolean;
  previous: ClockRecord | null;
  next: ClockRecord | null;
}

/** A {@link createClockCache} map. @internal */
export interface ClockCache<R extends ClockRecord> {
  /** The record of `key`, marked used. */
  get(key: string): R | undefined;
  /** Marks `record` (one this map holds) used. */
  use(record: R): void;
  /**
   * Marks the record in `slot` used if it is still the one `stamp` (its {@link stampOf} when it
   * was read) stood for; whether it is. What a check of a kept slot number costs the map.
   */
  useSlot(slot: number, stamp: number): boolean;
  /**
   * A number that changes whenever the record in `slot` is dropped, deleted or replaced: a slot
   * number kept with it stands for the same record as long as the stamp is the same.
   */
  stampOf(slot: number): number;
  /** The record held in `slot`, if any. */
  recordAt(slot: number): R | undefined;
  /**
   * Puts `record` under its key in place of any other (which is no longer live), marked used,
   * then drops others while a bound is passed (never `record`).
   */
  set(record: R): void;
  /** Adds `delta` to the total weight: weight no one record carries (what records share). */
  adjust(delta: number): void;
  delete(key: string): void;
  /** Records kept. */
  readonly size: number;
  /** Sum of the weights kept, with what `adjust` added. */
  readonly weight: number;
  /** Slot numbers are below it (it grows as records are held, up to `maxEntries` + 1). */
  readonly slots: number;
}

/**
 * A map of at most `maxEntries` records whose weights sum to at most `maxWeight`; the record set
 * last is kept even when it alone weighs more. `onEvict` hears of every record dropped to make
 * room (not of `delete`), and may call `adjust` (it then only adds). @internal
 */
export function createClockCache<R extends ClockRecord>(
  maxEntries: number,
  maxWeight: number,
  onEvict?: (record: R) => void,
): ClockCache<R> {
  const map = new Map<string, R>();
  // The ring of records; the hand is the next to look at, and new records go just behind it.
  let hand: ClockRecord | null = null;
  let total = 0;
  let evicting = false;
  let kept: ClockRecord | null = null;
  // By slot number: the record, its mark (used since the hand last passed it), its stamp.
  // Grown as more records are held at once (a record is set before others are dropped: one
  // slot more than `maxEntries`).
  const records: (R | undefined)[] = [];
  let marks = new Uint8Array(16);
  let stamps = new Int32Array(16);
  const free: number[] = [];
  const take = (record: R): void => {
    let slot = free.pop();
    if (slot === undefined) {
      slot = records.length;
      records.push(undefined);
      if (slot >= marks.length) {
        const size = Math.min(2 * marks.length, maxEntries + 1);
        const grownMarks = new Uint8Array(Math.max(size, slot + 1));
        grownMarks.set(marks);
        marks = grownMarks;
        const grownStamps = new Int32Array(grownMarks.length);
        grownStamps.set(stamps);
        stamps = grownStamps;
      }
    }
    record.slot = slot;
    records[slot] = record;
    marks[slot] = 1;
  };
  const unlink = (record: ClockRecord): void => {
    record.live = false;
    if (record.next === record) {
      hand = null;
    } else {
      record.previous!.next = record.next;
      record.next!.previous = record.previous;
      if (hand === record) hand = record.next;
    }
    record.previous = null;
    record.next = null;
    total -= record.weight;
    const slot = record.slot;
    records[slot] = undefined;
    marks[slot] = 0;
    stamps[slot] = (stamps[slot]! + 1) | 0;
    free.push(slot);
  };
  const evict = (): void => {
    if (evicting) return;
    evicting = true;
    try {
      while (map.size > 1 && (map.size > maxEntries || total > maxWeight)) {
        const at = hand!;
        hand = at.next;
        if (marks[at.slot] === 1 || at === kept) {
          // A second chance: a record used since the hand last came by stays this round.
          marks[at.slot] = 0;
          continue;
        }
        map.delete(at.key);
        unlink(at);
        onEvict?.(at as R);
      }
    } finally {
      evicting = false;
    }
  };
  return {
    get(key) {
      const record = map.get(key);
      if (record !== undefined) marks[record.slot] = 1;
      return record;
    },
    use(record) {
      marks[record.slot] = 1;
    },
    useSlot(slot, stamp) {
      // A slot freed or taken again since has another stamp.
      if (stamps[slot] !== stamp) return false;
      marks[slot] = 1;
      return true;
    },
    stampOf(slot) {
      return stamps[slot] ?? 0;
    },
    recordAt(slot) {
      return records[slot];
    },
    set(record) {
      const previous = map.get(record.key);
      if (previous !== undefined) unlink(previous);
      map.set(record.key, record);
      take(record);
      record.live = true;
      if (hand === null) {
        record.previous = record;
        record.next = record;
        hand = record;
      } else {
        // Just behind the hand: the last the hand comes to.
        record.previous = hand.previous;
        record.next = hand;
        hand.previous!.next = record;
        hand.previous = record;
      }
      total += record.weight;
      kept = record;
      evict();
    },
    adjust(delta) {
      total += delta;
      evict();
    },
    delete(key) {
      const record = map.get(key);
      if (record === undefined) return;
      map.delete(key);
      unlink(record);
    },
    get size() {
      return map.size;
    },
    get weight() {
      return total;
    },
    get slots() {
      return records.length;
    },
  };
}
