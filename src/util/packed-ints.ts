/**
 * Unsigned integers of one width in bits (1 to 31), packed in 32-bit words: an array whose
 * values are all below 2^w costs w bits a value, where a typed array costs 8, 16 or 32. The
 * words end with one of padding, so that a read takes two words without a test.
 */

/** The bits that hold every value up to `max` (at least 1, at most 31). */
export function bitsFor(max: number): number {
  if (!(max >= 0 && max < 0x80000000)) {
    throw new RangeError(`packed values must be below 2^31, not ${max}`);
  }
  return Math.max(1, 32 - Math.clz32(max));
}

/** `values` packed `width` bits each (see {@link readPacked}). */
export function packInts(values: ArrayLike<number>, width: number): Int32Array {
  const words = new Int32Array(packedWords(values.length, width));
  for (let i = 0; i < values.length; i++) writePacked(words, width, i, values[i]!);
  return words;
}

/** The words that hold `count` values of `width` bits, padding included. */
export function packedWords(count: number, width: number): number {
  return Math.ceil((count * width) / 32) + 1;
}

/** Sets value `i` of `words` (of `width` bits each, as it was 0) to `value`. */
export function writePacked(words: Int32Array, width: number, i: number, value: number): void {
  const bit = i * width;
  const w = bit >>> 5;
  const shift = bit & 31;
  words[w]! |= value << shift;
  // The bits past the word, if any, start the next (`<< 1 << 31 - shift`: none when shift is 0).
  words[w + 1]! |= (value >>> 1) >>> (31 - shift);
}

/**
 * Value `i` of `words`, packed `width` bits each; `mask` is `2^width - 1`. Two words read and
 * shifted, whether the value spans one or two (the high word shifted out when it does not).
 */
export function readPacked(words: Int32Array, width: number, mask: number, i: number): number {
  const bit = i * width;
  const w = bit >>> 5;
  const shift = bit & 31;
  return ((words[w]! >>> shift) | ((words[w + 1]! << 1) << (31 - shift))) & mask;
}
