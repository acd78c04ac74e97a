/** A least-recently-used map bounded both in entries and in the total weight (bytes) of its values. */

/** A {@link createWeightedLru} map. @internal */
export interface WeightedLru<V> {
  /** The value of `key`, now the most recently used. */
  get(key: string): V | undefined;
  /** Takes the weight of `key`'s value again (it may have grown), dropping others to fit. */
  reweigh(key: string): void;
  /** Sets `key`, then drops the least recently used others while a bound is passed. */
  set(key: string, value: V): void;
  delete(key: string): void;
  /** Entries kept. */
  readonly size: number;
  /** Sum of the weights of the entries kept. */
  readonly weight: number;
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
  const map = new Map<string, { value: V; weight: number }>();
  let total = 0;
  // The most recently used key: a crawler checks one origin many times in a row, and moving the
  // entry that is already last is a delete and an insert for nothing.
  let newest: string | undefined;
  const evict = (): void => {
    while (map.size > 1 && (map.size > maxEntries || total > maxWeight)) {
      const [key, oldest] = map.entries().next().value!;
      map.delete(key);
      total -= oldest.weight;
      onEvict?.(key, oldest.value);
    }
  };
  return {
    get(key) {
      const held = map.get(key);
      if (held === undefined) return undefined;
      if (key !== newest) {
        map.delete(key);
        map.set(key, held);
        newest = key;
      }
      return held.value;
    },
    reweigh(key) {
      const held = map.get(key);
      if (held === undefined) return;
      const weight = weigh(held.value);
      if (weight !== held.weight) {
        total += weight - held.weight;
        held.weight = weight;
        evict();
      }
    },
    set(key, value) {
      const held = map.get(key);
      if (held !== undefined) {
        map.delete(key);
        total -= held.weight;
      }
      const weight = weigh(value);
      map.set(key, { value, weight });
      newest = key;
      total += weight;
      evict();
    },
    delete(key) {
      const held = map.get(key);
      if (held === undefined) return;
      map.delete(key);
      total -= held.weight;
      if (key === newest) newest = undefined;
    },
    get size() {
      return map.size;
    },
    get weight() {
      return total;
    },
  };
}
