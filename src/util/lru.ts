/** A bounded map that drops the least recently used key first. */

/** A least-recently-used map (`get` refreshes an entry). @internal */
export interface Lru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

/** A {@link Lru} of at most `capacity` entries, on a `Map`'s insertion order. @internal */
export function createLru<V>(capacity: number): Lru<V> {
  const map = new Map<string, V>();
  return {
    get(key) {
      const value = map.get(key);
      if (value !== undefined) {
        map.delete(key);
        map.set(key, value);
      }
      return value;
    },
    set(key, value) {
      map.delete(key);
      map.set(key, value);
      if (map.size > capacity) {
        const oldest = map.keys().next();
        if (oldest.done !== true) map.delete(oldest.value);
      }
    },
    delete(key) {
      map.delete(key);
    },
  };
}
