import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePattern } from '../../src/match/pattern.js';
import { PieceIds } from '../../src/match/wildcard/piece-ids.js';
import {
  PieceReader,
  PRIORITY_SHIFT,
  RULE_ALLOW,
  RULE_ANCHORED,
  RULE_REWRITE,
} from '../../src/match/wildcard/program-build.js';

// The program's build reads a rule table's wildcard rules in place (`PieceReader`): no entry,
// no pattern string, a piece's string made only the first time it is met. What it reads must be
// what an entry holds: `compilePattern`'s prefix, pieces and anchor.
describe('PieceReader', () => {
  const wildcard = fc
    .tuple(
      fc.stringMatching(/^[ab/]{0,3}$/),
      fc.array(fc.stringMatching(/^[ab]{0,3}$/), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
    )
    .map(([prefix, pieces, anchored]) => `${prefix}*${pieces.join('*')}${anchored ? '$' : ''}`);

  it('reads each pattern in place as compilePattern splits it', () => {
    fc.assert(
      fc.property(fc.array(wildcard, { minLength: 1, maxLength: 20 }), (patterns) => {
        // The patterns in one text, as a body holds them, between other characters.
        const text = patterns.map((p) => `#${p}\n`).join('');
        const reader = new PieceReader(1, 1);
        let at = 0;
        patterns.forEach((pattern, line) => {
          const start = at + 1;
          reader.add(text, start, start + pattern.length, line, line % 2 === 0, false, 7, start);
          at = start + pattern.length + 1;
        });
        expect(reader.count).toBe(patterns.length);
        const texts = reader.ids.texts;
        patterns.forEach((pattern, r) => {
          const { prefix, pieces, anchored } = compilePattern(pattern);
          const read = Array.from(
            reader.pieceIds.subarray(reader.starts[r]!, reader.starts[r + 1]!),
            (id) => (id < 0 ? '' : texts[id]!),
          );
          expect(read).toEqual([prefix, ...pieces!]);
          expect(reader.lines[r]).toBe(r);
          const data = reader.data[r]!;
          expect((data & RULE_ANCHORED) !== 0).toBe(anchored);
          expect((data & RULE_ALLOW) !== 0).toBe(r % 2 === 0);
          expect(data & RULE_REWRITE).toBe(0);
          expect(data >>> PRIORITY_SHIFT).toBe(7);
        });
        // A piece's place, where known, holds its characters.
        texts.forEach((piece, id) => {
          const place = reader.places[id]!;
          if (place >= 0) expect(text.slice(place, place + piece.length)).toBe(piece);
        });
        // Each distinct piece one string.
        expect(new Set(texts).size).toBe(texts.length);
      }),
    );
  });

  it('numbers a piece in place as it numbers its string', () => {
    const ids = new PieceIds();
    const text = 'xxabyyabzz';
    expect(ids.idAt(text, 2, 4)).toBe(0);
    expect(ids.idOf('ab')).toBe(0);
    expect(ids.idAt(text, 6, 8)).toBe(0);
    expect(ids.idAt(text, 3, 5)).toBe(1);
    expect(ids.texts).toEqual(['ab', 'by']);
    // Past the table's first growth, every piece keeps its number.
    const many = Array.from({ length: 3000 }, (_, i) => `${(i * 7919).toString(36)}`);
    const joined = many.join('|');
    const numbers: number[] = [];
    let at = 0;
    for (const piece of many) {
      numbers.push(ids.idAt(joined, at, at + piece.length));
      at += piece.length + 1;
    }
    expect(many.map((piece) => ids.idOf(piece))).toEqual(numbers);
    expect(numbers.map((id) => ids.texts[id])).toEqual(many);
  });
});
