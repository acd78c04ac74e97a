/** A least-recently-used map bounded both in entries and in the total weight (bytes) of its values. */

/** A {@link createWeightedLru} map. @internal */
export interface WeightedLru<V> {
  /** The value of `key`, now the most recently used. */
  get(key: string): V | undefined;
  /** Sets `key`, then drops the least recently used others while a bound is passed. */
  set(key: string, value: V): void;
  delete(key: string): void;
  /** Entries kept. */
  readonly size: number;
  /** Sum of the weights of the entries kept. */
  readonly weight: number;
}

/** An entry, linked in use order: `older` toward the next to drop, `newer` toward the last used. */
interface Held<V> {
  readonly key: string;
  value: V;
  weight: number;
  older: Held<V> | null;
  newer: Held<V> | null;
}

/**
 * A map of at most `maxEntries` entries whose weights sum to at most `maxWeight`, dropping the
 * least recently used first; the most recently used entry is kept even when it alone weighs
 * more. `onEvict` hears of every entry dropped to make room (not of `delete`). @internal
 */
export function createWeightedLru<V>(
  maxEntries: number,
  maxWeight: number,
  weigh: (value: V) => number,
  onEvict?: (key: string, value: V) => void,
): WeightedLru<V> {
  // The use order is a list through the entries rather than the Map's insertion order: a read
  // then moves an entry with four pointer writes, where deleting and setting it again in a Map
  // of 20,000 keys fills the Map's table with deleted slots, which is then rebuilt.
  const map = new Map<string, Held<V>>();
  let oldest: Held<V> | null = null;
  let newest: Held<V> | null = null;
  let total = 0;
  const unlink = (held: Held<V>): void => {
    if (held.older === null) oldest = held.newer;
    else held.older.newer = held.newer;
    if (held.newer === null) newest = held.older;
    else held.newer.older = held.older;
    held.older = null;
    held.newer = null;
  };
  const append = (held: Held<V>): void => {
    held.older = newest;
    if (newest === null) oldest = held;
    else newest.newer = held;
    newest = held;
  };
  const evict = (): void => {
    while (map.size > 1 && (map.size > maxEntries || total > maxWeight)) {
      const dropped = oldest!;
      unlink(dropped);
      map.delete(dropped.key);
      total -= dropped.weight;
      onEvict?.(dropped.key, dropped.value);
    }
  };
  return {
    get(key) {
      const held = map.get(key);
      if (held === undefined) return undefined;
      if (held !== newest) {
        unlink(held);
        append(held);
      }
      return held.value;
    },
    set(key, value) {
      const weight = weigh(value);
      let held = map.get(key);
      if (held === undefined) {
        held = { key, value, weight, older: null, newer: null };
        map.set(key, held);
      } else {
        unlink(held);
        total -= held.weight;
        held.value = value;
        held.weight = weight;
      }
      append(held);
      total += weight;
      evict();
    },
    delete(key) {
      const held = map.get(key);
      if (held === undefined) return;
      unlink(held);
      map.delete(key);
      total -= held.weight;
    },
    get size() {
      return map.size;
    },
    get weight() {
      return total;
    },
  };
}
