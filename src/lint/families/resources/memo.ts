/**
 * What `blocked-resources` reads from each rule value (the root a value shows a layout at, the
 * folders it names), read once per lint. Fix verification checks what it would warn of in a copy
 * of the file per fix (`warnedResources`), and the copies share all but their edited values: a
 * {@link ValueMemo} numbers every value it sees, and a copy's values cost a lookup each, not a
 * reading each.
 */

/** A list of values a memo numbered: its number for each. */
interface Numbered {
  readonly memo: ValueMemo;
  readonly ids: Int32Array;
}

const numbered = new WeakMap<readonly string[], Numbered>();

// A result not worked out yet (`undefined` is a result).
const UNSET: unique symbol = Symbol('unset');

/** One lint's numbering of values, and the results of each reading by number. */
export class ValueMemo {
  readonly #ids = new Map<string, number>();
  readonly #tables = new Map<string, unknown[]>();

  /** `values`, numbered: the readings of {@link perValue} over it are kept. */
  number(values: string[]): string[] {
    const ids = new Int32Array(values.length);
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      let id = this.#ids.get(value);
      if (id === undefined) {
        id = this.#ids.size;
        this.#ids.set(value, id);
      }
      ids[i] = id;
    }
    numbered.set(values, { memo: this, ids });
    return values;
  }

  /** The results of the reading named `name`, by value number. */
  table(name: string): unknown[] {
    let table = this.#tables.get(name);
    if (table === undefined) {
      table = [];
      this.#tables.set(name, table);
    }
    return table;
  }
}

/**
 * `read` of the `i`th of `values`, kept when a memo numbered them. `read` must depend on nothing
 * but its value (for that `name`); a result is shared, never change it.
 */
export function perValue<T>(
  values: readonly string[],
  name: string,
  read: (value: string) => T,
): (i: number) => T {
  const known = numbered.get(values);
  if (known === undefined) return (i) => read(values[i]!);
  const { ids } = known;
  const table = known.memo.table(name);
  return (i) => {
    const id = ids[i]!;
    const result = id < table.length ? table[id] : UNSET;
    if (result !== UNSET) return result as T;
    for (let j = table.length; j < id; j++) table.push(UNSET);
    const computed = read(values[i]!);
    table[id] = computed;
    return computed;
  };
}
