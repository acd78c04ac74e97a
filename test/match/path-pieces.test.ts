import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PIECE, NOT_HELD, PathPieces } from '../../src/match/scan/path-pieces.js';

// The trie of a path's short substrings (what a scan of a large set looks its wildcard pieces up
// in) answers exactly what `indexOf` answers, whatever path came before.

const codesOf = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('PathPieces', () => {
  it('finds the first occurrence at or after a position, as indexOf does', () => {
    const pieces = new PathPieces();
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 200 }),
        fc.array(
          fc.tuple(
            fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 1, maxLength: 12 }),
            fc.nat(210),
          ),
          { maxLength: 30 },
        ),
        (path, queries) => {
          pieces.reset(path);
          for (const [piece, from] of queries) {
            expect(pieces.holds(piece.length)).toBe(true);
            const codes = codesOf(`*${piece}*`);
            const at = pieces.find(codes, 1, 1 + piece.length, from);
            const expected = from > path.length ? -1 : path.indexOf(piece, from);
            expect(at).toBe(expected);
          }
          pieces.release();
        },
      ),
    );
  });

  it('costs a pass of the path a level, and a walk and a binary search a piece', () => {
    const pieces = new PathPieces();
    const path = `/${'ab'.repeat(4096)}`;
    pieces.reset(path);
    const codes = codesOf('abababab');
    expect(pieces.find(codes, 0, 8, 100)).toBe(101);
    expect(pieces.find(codes, 0, 8, path.length - 3)).toBe(-1);
    expect(pieces.work).toBeLessThanOrEqual(2 * 8 * path.length + 2 * (8 + 14));
  });

  it('leaves to PathSearch pieces longer than MAX_PIECE, and paths with characters past 0xFF', () => {
    const pieces = new PathPieces();
    pieces.reset('/abc');
    expect(pieces.holds(MAX_PIECE)).toBe(true);
    expect(pieces.holds(MAX_PIECE + 1)).toBe(false);
    pieces.reset('/a\u0100');
    expect(pieces.find(codesOf('a'), 0, 1, 0)).toBe(NOT_HELD);
    expect(pieces.holds(1)).toBe(false);
  });
});
