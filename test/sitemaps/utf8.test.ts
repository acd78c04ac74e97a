import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUtf8Stream } from '../../src/sitemaps/utf8.js';

/** Bytes that matter to a UTF-8 decoder: ASCII, lead and continuation bytes, a BOM's. */
const byte = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }),
  fc.constantFrom(0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff),
);

describe('createUtf8Stream: the text TextDecoder gives, chunk by chunk', () => {
  it('agrees with TextDecoder on any bytes cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(byte, { maxLength: 40 }),
        fc.array(fc.nat(40), { maxLength: 4 }),
        (bom, body, cuts) => {
          const bytes = Uint8Array.from([...(bom ? [0xef, 0xbb, 0xbf] : []), ...body]);
          const points = [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort(
            (a, b) => a - b,
          );
          const stream = createUtf8Stream();
          let text = '';
          let from = 0;
          for (const point of [...points, bytes.length]) {
            text += stream.write(bytes.subarray(from, point));
            from = point;
          }
          text += stream.end();
          expect(text).toBe(new TextDecoder('utf-8').decode(bytes));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('drops one leading byte order mark, even split over chunks, and no other', () => {
    const stream = createUtf8Stream();
    const parts = [[0xef], [0xbb], [0xbf, 0xef, 0xbb, 0xbf, 0x3c]].map((p) =>
      stream.write(Uint8Array.from(p)),
    );
    expect(parts.join('') + stream.end()).toBe('\ufeff<');
  });
});
