import { describe, expect, it } from 'vitest';
import { PieceIds } from '../../src/match/wildcard/piece-ids.js';

describe('PieceIds', () => {
  it('numbers distinct pieces in the order first met, the same piece the same', () => {
    const ids = new PieceIds();
    expect(ids.idOf('ab')).toBe(0);
    expect(ids.idOf('b')).toBe(1);
    // Another string of the same characters (not the same object).
    expect(ids.idOf(['a', 'b'].join(''))).toBe(0);
    expect(ids.idOf('ba')).toBe(2);
    expect(ids.texts).toEqual(['ab', 'b', 'ba']);
  });

  it('keeps every number as its table grows, for pieces sharing characters and lengths', () => {
    const ids = new PieceIds();
    const pieces: string[] = [];
    for (let i = 0; i < 5000; i++) pieces.push((i * 7919).toString(36).padStart(4, 'a'));
    const unique = [...new Set(pieces)];
    const numbers = pieces.map((piece) => ids.idOf(piece));
    // First met, numbered in order; met again, the same number.
    expect(numbers.map((id) => ids.texts[id])).toEqual(pieces);
    expect(ids.texts).toEqual(unique);
    expect(pieces.map((piece) => ids.idOf(piece.slice(0)))).toEqual(numbers);
    expect(ids.texts.length).toBe(unique.length);
  });
});
