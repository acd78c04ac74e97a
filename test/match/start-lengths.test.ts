import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PieceFinder } from '../../src/match/wildcard/piece-finder.js';
import { PieceOccurrences } from '../../src/match/wildcard/piece-occurrences.js';
import { withMatcherSettings } from '../helpers/matcher-settings.js';

// The lengths a window's start names (`start-lengths.ts`): a dictionary of several lengths whose
// pieces do not share their starts is looked up, a window, only at the lengths some piece
// starting with its first K characters has. Same finds as every length looked up; less work.

/** A finder of `list` (every length counted, however few its pieces), by starts or not. */
function finderOf(list: readonly string[], byStarts: boolean, source = '', places?: Int32Array) {
  const ids = new Int32Array(list.length);
  const finder = withMatcherSettings(
    {
      pieceFinding: {
        classShare: Number.POSITIVE_INFINITY,
        startsSave: byStarts ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      },
    },
    () => new PieceFinder(list, ids, 8, 0, source, places ?? null),
  );
  return { finder, ids };
}

/** A seeded text of `size` characters of the first `sigma` of 64 letters. */
function textOf(size: number, sigma: number, seed: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
  let state = seed;
  let out = '';
  for (let i = 0; i < size; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += letters[(state >>> 16) % sigma];
  }
  return out;
}

describe('StartLengths', () => {
  it('finds every occurrence of every piece, as the pass over every length does', () => {
    // Pieces of 3 to 12 characters over three letters (many lengths, starts shared), some read
    // in place in a source text, the others copied; longer ones given to a shorter length.
    const letter = fc.constantFrom('a', 'b', 'c');
    const pieces = fc.uniqueArray(
      fc.array(letter, { minLength: 3, maxLength: 12 }).map((p) => p.join('')),
      { minLength: 1, maxLength: 60, size: 'max' },
    );
    const text = fc.array(fc.constantFrom('a', 'b', 'c', 'abcab', 'aaaa', 'é'), {
      maxLength: 150,
      size: 'max',
    });
    fc.assert(
      fc.property(pieces, text, (list, parts) => {
        const path = parts.join('');
        const source = `#${list.join('|')}`;
        const places = Int32Array.from(list, (piece, k) =>
          k % 3 === 0 ? -1 : source.indexOf(piece),
        );
        const { finder, ids } = finderOf(list, true, source, places);
        if ((finder.dictionary?.lengths.length ?? 0) >= 2) expect(finder.starts).not.toBeNull();
        const occurrences = new PieceOccurrences();
        occurrences.reset(finder, path);
        const found: string[] = [];
        const expected: string[] = [];
        list.forEach((piece, k) => {
          const p = ids[k]!;
          for (let end = 0; end < path.length; end++) {
            const start = end - piece.length + 1;
            if (occurrences.endsAt(p, end)) found.push(`${piece}@${end}`);
            if (start >= 0 && path.startsWith(piece, start)) expected.push(`${piece}@${end}`);
          }
          expect(occurrences.next(p, 0)).toBe(path.indexOf(piece));
        });
        expect(found).toEqual(expected);
        occurrences.release();
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [1, 6],
    [2, 7],
  ])(
    'looks a window up at the lengths its start names (σ 64, seed %i, %i lengths)',
    (seed, lengths) => {
      // The σ 64 shapes' pieces: cut from the path at random places, 3 to 2 + lengths characters,
      // so a start is about one piece's (prefix classes would hold about one piece a class).
      const n = 4096;
      const path = textOf(n, 64, seed);
      const cuts = textOf(2 * 6000, 64, seed + 7);
      const list = [
        ...new Set(
          Array.from({ length: 6000 }, (_, i) => {
            const at = (cuts.charCodeAt(2 * i) * 64 + cuts.charCodeAt(2 * i + 1)) % (n - 16);
            return path.slice(at, at + 3 + (i % lengths));
          }),
        ),
      ];
      const work = (byStarts: boolean): number => {
        const { finder } = finderOf(list, byStarts);
        expect(finder.dictionary?.lengths.length).toBe(lengths);
        expect(finder.starts === null).toBe(!byStarts);
        const occurrences = new PieceOccurrences();
        occurrences.reset(finder, path);
        const units = occurrences.work;
        occurrences.release();
        return units;
      };
      // Every length: about (9 + L) n units (L lookups a window, the finds linked, the path's
      // codes); by starts about 9 n (a window's start, two units, and about half the lookups).
      const every = work(false);
      expect(work(true)).toBeLessThan(0.85 * every);
    },
  );
});
