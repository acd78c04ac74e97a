import { afterEach, describe, expect, it, vi } from 'vitest';
import { charCodesOf, withCharCodes } from '../../src/util/char-codes.js';

// Code units above 0xFF read as 0xFF (see CharCodes).
const codesOf = (text: string): number[] =>
  Array.from({ length: text.length }, (_, i) => Math.min(text.charCodeAt(i), 0xff));

function check(module: Pick<typeof import('../../src/util/char-codes.js'), 'withCharCodes'>): void {
  for (const [text, utf16] of [
    ['User-agent: *\nDisallow: /x\n', false],
    ['Disallow: /caf\xc3\xa9\n\xef\xbb\xbf', false], // a byte string with bytes ≥ 0x80
    ['Disallow: /café ✓ 😀\n', true],
    // Code units whose low byte is LF, `#`, `:` or NUL: clamped, never cut to that byte.
    ['Disallow: /\u010a\u0123\u013a\u0100\n', true],
    ['', false],
    ['', true],
  ] as const) {
    const seen = module.withCharCodes(text, utf16, (codes) =>
      Array.from(codes.subarray(0, text.length)),
    );
    expect(seen).toEqual(codesOf(text));
  }
}

describe('withCharCodes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('gives the character codes of byte strings and of UTF-16 text', () => {
    check({ withCharCodes });
  });

  it('does so without Node’s Buffer too (browsers)', async () => {
    vi.stubGlobal('Buffer', undefined);
    vi.resetModules();
    check(await import('../../src/util/char-codes.js'));
  });

  it('gives a reader that starts while the shared buffer is lent codes of its own', () => {
    const outer = 'Disallow: /outer';
    const inner = 'Allow: /in';
    const seen = withCharCodes(outer, false, (codes) => {
      const nested = withCharCodes(inner, false, (c) => Array.from(c.subarray(0, inner.length)));
      return [Array.from(codes.subarray(0, outer.length)), nested];
    });
    expect(seen).toEqual([codesOf(outer), codesOf(inner)]);
  });

  it('gives the bytes of a byte string when the caller has them, lent or not', () => {
    const outer = 'Disallow: /caf\xc3\xa9';
    const inner = 'Allow: /\xff';
    const bytesOf = (text: string) => Uint8Array.from(codesOf(text));
    const innerBytes = bytesOf(inner);
    const seen = withCharCodes(
      outer,
      false,
      (codes) => {
        // The shared array is lent: a nested reader gets the caller's bytes as they are.
        const nested = withCharCodes(inner, false, (c) => c, innerBytes);
        return [Array.from(codes.subarray(0, outer.length)), nested];
      },
      bytesOf(outer),
    );
    expect(seen).toEqual([codesOf(outer), innerBytes]);
  });

  it('lends the buffer again after a reader throws', () => {
    expect(() =>
      withCharCodes('x', false, () => {
        throw new Error('reader');
      }),
    ).toThrow('reader');
    const text = 'Sitemap: /s';
    expect(withCharCodes(text, false, (c) => Array.from(c.subarray(0, text.length)))).toEqual(
      codesOf(text),
    );
  });

  it('reads texts longer than the shared buffer keeps', () => {
    const text = `${'Disallow: /x\n'.repeat(50_000)}Allow: /é`;
    const codes = withCharCodes(text, true, (c) => Array.from(c.subarray(0, text.length)));
    expect(codes).toEqual(codesOf(text));
  });

  it('gives a text’s codes after a read, whether that read was of the same text or another', () => {
    const first = 'User-agent: *\nDisallow: /a\n';
    const second = 'User-agent: *\nDisallow: /b\n';
    const read = (text: string, utf16 = false) =>
      Array.from(charCodesOf(text, utf16).subarray(0, text.length));
    withCharCodes(first, false, () => 0);
    expect(read(first)).toEqual(codesOf(first));
    // Another text of the same length read since: filled again.
    withCharCodes(second, false, () => 0);
    expect(read(first)).toEqual(codesOf(first));
    expect(read('Disallow: /café ✓', true)).toEqual(codesOf('Disallow: /café ✓'));
    // While the shared array is lent to a reader, another text gets codes of its own.
    const nested = withCharCodes(first, false, () => read(second));
    expect(nested).toEqual(codesOf(second));
    expect(read(first)).toEqual(codesOf(first));
  });
});
