/**
 * A direct table of prefix classes (`prefix-classes.ts`) whose characters are few and short: a
 * window of K characters (the classes' length) is a number, b bits a character of the classes'
 * alphabet (all below 128), and its class one lookup in a table of 2^(bK) entries, exact: no
 * hash, no bucket, no candidate to compare. Taken when the table has at most
 * {@link CLASS_TABLE_MOST} entries (σ 4 and K = 5: 1,024) and at most {@link ENTRIES_A_CLASS}
 * a class (a sparse table costs memory and cache misses the hashed lookup does not). Made with the classes, once per
 * program; read by the pass of every check the program runs, in place of the classes'
 * dictionary.
 */

import { bitsFor } from '../../util/packed-ints.js';

/** The most entries of a class table (2 bytes each): 64 KB at most. */
export const CLASS_TABLE_MOST: number = 2 ** 15;

/** The most entries of a class table a class (492 classes of σ 26 and K = 3 would take 32,768). */
export const ENTRIES_A_CLASS = 16;

/** The classes of K characters by their characters' numbers. */
export class ClassTable {
  /** The classes' length, K. */
  readonly length: number;
  /** Per character below 128, its number + 1 (0: in no class). */
  readonly #symbols: Uint8Array;
  readonly #bits: number;
  /** Per window's number, its class + 1 (0: none). */
  readonly #table: Uint16Array;
  /** Memory retained, in bytes. */
  readonly bytes: number;

  private constructor(length: number, symbols: Uint8Array, bits: number, table: Uint16Array) {
    this.length = length;
    this.#symbols = symbols;
    this.#bits = bits;
    this.#table = table;
    this.bytes = 32 + symbols.byteLength + table.byteLength;
  }

  /**
   * The table of classes `texts[i]` (each of `length` characters; class `ids[i]`, below 65,535),
   * or null when a character is not below 128 or the table would pass {@link CLASS_TABLE_MOST}
   * entries or {@link ENTRIES_A_CLASS} a class. Costs at most the classes' characters and the
   * table's entries.
   */
  static make(texts: readonly string[], ids: Int32Array, length: number): ClassTable | null {
    const symbols = new Uint8Array(128);
    let count = 0;
    for (const text of texts) {
      for (let i = 0; i < length; i++) {
        const c = text.charCodeAt(i);
        if (!(c < 128)) return null;
        if (symbols[c] === 0) symbols[c] = ++count;
      }
    }
    const bits = bitsFor(Math.max(1, count - 1));
    const entries = 2 ** (bits * length);
    if (entries > Math.min(CLASS_TABLE_MOST, ENTRIES_A_CLASS * texts.length)) return null;
    const table = new Uint16Array(2 ** (bits * length));
    for (let t = 0; t < texts.length; t++) {
      let code = 0;
      for (let i = 0; i < length; i++)
        code = (code << bits) | (symbols[texts[t]!.charCodeAt(i)]! - 1);
      table[code] = ids[t]! + 1;
    }
    return new ClassTable(length, symbols, bits, table);
  }

  /** The build units of {@link make}: its table's entries and the classes' characters. */
  static cost(classes: number, length: number): number {
    return CLASS_TABLE_MOST + classes * length;
  }

  /**
   * Finds, in `codes[0, n)`, every window that is a class: for each, in window order,
   * `keys[h] = keyBase + class` and `ends[h] = ` its end; returns the number found. `work[0]`
   * grows by a unit a character.
   */
  scan(
    codes: Uint16Array,
    n: number,
    keyBase: number,
    keys: Int32Array,
    ends: Int32Array,
    work: Float64Array,
  ): number {
    const symbols = this.#symbols;
    const table = this.#table;
    const bits = this.#bits;
    const length = this.length;
    const mask = table.length - 1;
    let code = 0;
    let run = 0;
    let found = 0;
    for (let end = 0; end < n; end++) {
      const c = codes[end]!;
      const symbol = c < 128 ? symbols[c]! : 0;
      if (symbol === 0) {
        run = 0;
        continue;
      }
      code = ((code << bits) | (symbol - 1)) & mask;
      if (++run < length) continue;
      const id = table[code]! - 1;
      if (id < 0) continue;
      keys[found] = keyBase + id;
      ends[found++] = end;
    }
    work[0]! += n;
    return found;
  }
}
