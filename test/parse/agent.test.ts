import { describe, expect, it } from 'vitest';
import { extractProductToken, productTokenEnd } from '../../src/parse/agent.js';

describe('productTokenEnd', () => {
  it('ends the token where extractProductToken does, for every byte, with and without digits', () => {
    for (const digits of [false, true]) {
      for (let c = 0; c < 256; c++) {
        const value = `Bot${String.fromCharCode(c)}x`;
        const codes = Uint8Array.from(value, (ch) => ch.charCodeAt(0));
        // Read from an offset and up to an end short of the array, as the parser reads values.
        const padded = new Uint8Array(codes.length + 2);
        padded.set(codes, 1);
        expect(productTokenEnd(padded, 1, 1 + codes.length, digits) - 1).toBe(
          extractProductToken(value, digits).length,
        );
      }
    }
  });
});
