import fc from 'fast-check';

/**
 * Property tests draw their cases from one fixed seed, so a run is repeatable and CI's verdict
 * never depends on the draw. `FC_SEED=<number>` picks another seed, `FC_SEED=random` a new one
 * each run (printed with any counterexample): use them to look for new failures, then keep each
 * failure found as a plain test.
 */
const requested = process.env['FC_SEED'];
if (requested !== 'random') {
  const seed = requested === undefined ? 9309 : Number(requested);
  if (!Number.isSafeInteger(seed))
    throw new Error(`FC_SEED must be an integer or "random", not ${requested}`);
  fc.configureGlobal({ seed });
}
