import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLASS_TABLE_MOST,
  ClassTable,
  ENTRIES_A_CLASS,
} from '../../src/match/wildcard/class-table.js';
import { PieceAutomaton } from '../../src/match/wildcard/piece-automaton.js';

// The direct tables of a warm check's pass (src/match/README.md, "Bounds"): prefix classes of
// few characters found by their characters' numbers (`class-table.ts`), exact, a unit a
// character; and a small automaton's every transition (`piece-automaton-build.ts`,
// `Transitions`), which must read a path as the automaton's failure links do.

/** The finds of `table` in `path`: `class@end`, in window order, and the work. */
function scanned(table: ClassTable, path: string): { finds: string[]; work: number } {
  const codes = Uint16Array.from(path, (c) => c.charCodeAt(0));
  const keys = new Int32Array(path.length);
  const ends = new Int32Array(path.length);
  const work = new Float64Array(1);
  const found = table.scan(codes, path.length, 100, keys, ends, work);
  const finds = Array.from(keys.subarray(0, found), (key, h) => `${key - 100}@${ends[h]}`);
  return { finds, work: work[0]! };
}

describe('ClassTable', () => {
  it('finds exactly the windows that are classes, in order, a unit a character', () => {
    // Classes of 1 to 4 characters over four letters (16 at least: the table not sparse);
    // paths with characters of no class.
    const letter = fc.constantFrom('a', 'c', 'g', 't');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.uniqueArray(fc.array(letter, { minLength: 4, maxLength: 4 }), { minLength: 16 }),
        fc.array(fc.constantFrom('a', 'c', 'g', 't', 'acgt', 'x', 'é'), { maxLength: 120 }),
        (length, raw, parts) => {
          const texts = [...new Set(raw.map((p) => p.join('').slice(0, length)))];
          const ids = Int32Array.from(texts, (_, i) => texts.length - 1 - i);
          const table = ClassTable.make(texts, ids, length)!;
          expect(table).not.toBeNull();
          const path = parts.join('');
          const expected: string[] = [];
          for (let end = length - 1; end < path.length; end++) {
            const t = texts.indexOf(path.slice(end - length + 1, end + 1));
            if (t >= 0) expected.push(`${ids[t]}@${end}`);
          }
          const { finds, work } = scanned(table, path);
          expect(finds).toEqual(expected);
          expect(work).toBe(path.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is not made for characters from 128 on, nor past its most entries, nor sparse', () => {
    expect(ClassTable.make(['aé'], Int32Array.of(0), 2)).toBeNull();
    // 64 characters, 6 bits each: 256 classes of 2 take 4,096 entries; of 3, past 2^15.
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
    const pairs = Array.from({ length: 256 }, (_, i) => letters[i & 63]! + letters[i >> 6]!);
    expect(ClassTable.make(pairs, new Int32Array(256), 2)).not.toBeNull();
    const triples = pairs.map((p) => `${p}a`);
    expect(2 ** 18).toBeGreaterThan(CLASS_TABLE_MOST);
    expect(ClassTable.make(triples, new Int32Array(256), 3)).toBeNull();
    // 4 letters, 2 bits each, 5 of them: 1,024 entries, for 64 classes or more.
    const fives = Array.from({ length: 64 }, (_, i) =>
      Array.from({ length: 5 }, (_, j) => 'acgt'[(i >> (2 * j)) & 3]).join(''),
    );
    expect(2 ** 10 / ENTRIES_A_CLASS).toBe(64);
    expect(ClassTable.make(fives, new Int32Array(64), 5)).not.toBeNull();
    expect(ClassTable.make(fives.slice(1), new Int32Array(63), 5)).toBeNull();
  });
});

describe('PieceAutomaton, with and without its table of transitions', () => {
  it('records the states the failure links would', () => {
    // The same pieces over [ab], once alone (a small automaton: its table) and once with a
    // piece of a character from 128 on (none): the pieces ending at each position agree.
    const piece = fc.stringMatching(/^[ab]{1,6}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(piece, { minLength: 1, maxLength: 40 }),
        fc.stringMatching(/^[abcé]{0,100}$/),
        (pieces, path) => {
          const endings = (list: string[]): string[][] => {
            const automaton = new PieceAutomaton(list);
            const states = new Int32Array(path.length);
            automaton.scan(path, states);
            const out = new Int32Array(list.length);
            const work = new Float64Array(1);
            return Array.from(states, (state) => {
              const count = automaton.piecesAt(state, out, 0, work);
              return Array.from(out.subarray(0, count), (p) => list[p]!).sort();
            });
          };
          const tabled = endings(pieces);
          const linked = endings([...pieces, 'éa']).map((found) => found.filter((p) => p !== 'éa'));
          expect(tabled).toEqual(linked);
          expect(tabled).toEqual(
            Array.from(path, (_, i) =>
              pieces
                .filter((p) => p.length <= i + 1 && path.startsWith(p, i + 1 - p.length))
                .sort(),
            ),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
