/**
 * A map bounded in entries and in the total weight of its records that drops records not used
 * lately first, by the CLOCK rule: a use marks its record, and a hand going round the records
 * clears marks and drops the first record it finds unmarked. A use writes to its own record only,
 * where a least-recently-used list moves the record between its neighbours (two more records to
 * read and write: at 20,000 origins, cache misses that cost more than a cached check's rules).
 */

/** What a {@link createClockCache} keeps of each record; the caller's records extend it. @internal */
export interface ClockRecord {
  readonly key: string;
  /** Its weight, as last set (see `reweigh`). */
  weight: number;
  /** Used since the hand last passed it. */
  used: boolean;
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
  };
  const evict = (): void => {
    if (evicting) return;
    evicting = true;
    try {
      while (map.size > 1 && (map.size > maxEntries || total > maxWeight)) {
        const at = hand!;
        hand = at.next;
        if (at.used || at === kept) {
          // A second chance: a record used since the hand last came by stays this round.
          at.used = false;
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
      if (record !== undefined) record.used = true;
      return record;
    },
    use(record) {
      record.used = true;
    },
    set(record) {
      const previous = map.get(record.key);
      if (previous !== undefined) unlink(previous);
      map.set(record.key, record);
      record.used = true;
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
  };
}
