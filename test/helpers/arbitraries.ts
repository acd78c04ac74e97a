import fc from 'fast-check';

/** One of the given values (a shorthand the generators of the property tests use throughout). */
export const pick = <T>(values: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...values);
