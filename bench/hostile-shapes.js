/**
 * A generator of hostile robots.txt files and URLs (issue #33), seeded: rather than fixed
 * recipes, each shape is drawn from the terms a check's bound is written in (src/match/README.md,
 * "Bounds"): the path's length n, the wildcard rules r (in one group or in as many groups naming
 * the agent), their pieces P and pattern bytes m, and where the pieces occur in the path — the
 * last piece nowhere, all of them but never in a pattern's order, in long runs of one character,
 * only early in the path, or thousands of times; and, with a rule-count term (`rules`), the same
 * bytes in at most that many long rules (a set of up to 2,048 rules is scanned once, then built:
 * `src/match/scan/table-scan.ts`; in 20, a small set's list of rules of thousands of pieces). `bench/hostile.js` prints their figures beside
 * the bound and `test/match/bounds.test.ts` counts their work at several sizes.
 */

/** Where a shape's pieces occur in the path: every mode leaves most rules unmatched. */
export const MODES = /** @type {const} */ (['last-absent', 'reversed', 'runs', 'early', 'dense']);

/**
 * @typedef {(typeof MODES)[number]} Mode
 * @typedef {object} ShapeTerms
 * @property {Mode} mode where the pieces occur
 * @property {number} n the path's length
 * @property {number} rules the rules written
 * @property {number} groups the groups naming the agent (1: one `User-agent: *` group)
 * @property {number} pieces the literal pieces of all rules (prefixes included)
 * @property {number} patternBytes the characters of all patterns
 * @typedef {object} GeneratedShape
 * @property {string} name
 * @property {string} body
 * @property {string} url
 * @property {ShapeTerms} terms
 * @typedef {object} GenerateOptions
 * @property {number} [seed] the generator's seed (default 1)
 * @property {number} [count] shapes made (default 10: each mode twice)
 * @property {number} [bytes] the file's size, about (default 500 KiB)
 * @property {number} [pathLength] the URL path's length, about (default 8 KiB)
 * @property {number} [rules] the most rules a shape writes, each of as many pieces as fill
 *   `bytes` within them (default: rules of up to 7 pieces until `bytes`)
 */

/** The agent the shapes' groups name. */
export const AGENT = 'bot';

/** Characters the paths and pieces are drawn from (none special in a pattern or a URL). */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
/** A character no generated path holds: a piece with it never occurs. */
const ABSENT = '~';

/**
 * A seeded sequence of 32-bit numbers (mulberry32).
 * @param {number} seed
 * @returns {() => number}
 */
export function numbers(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * Hostile shapes drawn from `options.seed`: each mode in turn, the other terms at random.
 * @param {GenerateOptions} [options]
 * @returns {GeneratedShape[]}
 */
export function generateShapes(options = {}) {
  const { seed = 1, count = 10, bytes = 500 * 1024, pathLength = 8 * 1024, rules } = options;
  /** @type {GeneratedShape[]} */
  const shapes = [];
  for (let s = 0; s < count; s++) {
    // Each shape its own sequence: the same seed draws the same recipes at every size.
    const next = numbers(Math.imul(seed, 0x9e3779b1) + s);
    const mode = MODES[s % MODES.length] ?? 'reversed';
    const sigma = [2, 4, 26, 64][next() % 4] ?? 64;
    const drawn = 1 + (next() % 6);
    const length = 2 + (next() % 9);
    const many = next() % 2 === 0;
    // With a rule count, each rule has k pieces of (length + 1) / 2 characters on average, and
    // a separator each: as many as fill the bytes in that many rules.
    const k = rules === undefined ? drawn : Math.ceil(bytes / rules / ((length + 1) / 2 + 1));
    const most = rules ?? Number.POSITIVE_INFINITY;
    shapes.push(makeShape({ mode, sigma, k, length, many, bytes, pathLength, most, next }));
  }
  return shapes;
}

/**
 * @typedef {object} ShapeRecipe
 * @property {Mode} mode
 * @property {number} sigma letters of the path's text
 * @property {number} k pieces a rule after its prefix, at most
 * @property {number} length a piece's length, at most
 * @property {boolean} many one group per rule
 * @property {number} bytes
 * @property {number} pathLength
 * @property {number} [most] the most rules written; with it, every rule has k pieces
 * @property {() => number} next
 */

/**
 * One shape: its path, then rules whose pieces are cut from the path where `mode` says.
 * @param {ShapeRecipe} recipe
 * @returns {GeneratedShape}
 */
export function makeShape({
  mode,
  sigma,
  k,
  length,
  many,
  bytes,
  pathLength,
  most = Number.POSITIVE_INFINITY,
  next,
}) {
  const letters = LETTERS.slice(0, mode === 'runs' ? Math.max(sigma, k + 1) : sigma);
  const text = (/** @type {number} */ size) => {
    let out = '';
    for (let i = 0; i < size; i++) out += letters[next() % letters.length];
    return out;
  };
  const blockSize = Math.floor((mode === 'early' ? pathLength / 16 : pathLength) / (k + 1));
  // Block j holds the pieces at place j of the rules; the path holds the blocks last first, so
  // that a rule's pieces occur in the path, never in its order (a run of one letter a block in
  // `runs`).
  const blocks = Array.from({ length: k + 1 }, (_, j) =>
    mode === 'runs' ? (letters[j] ?? 'a').repeat(blockSize) : text(blockSize),
  );
  let path = '/';
  if (mode === 'last-absent' || mode === 'dense') path += blocks.join('');
  else path += [...blocks].reverse().join('');
  // `early`: the rest of the path is a character no piece has.
  if (mode === 'early') path += '.'.repeat(pathLength - path.length);
  if (path.length < pathLength) path += text(pathLength - path.length);
  const cut = (/** @type {number} */ j) => {
    const block = blocks[j] ?? '';
    const size = 1 + (next() % length);
    const at = next() % Math.max(1, block.length - size);
    return block.slice(at, at + size);
  };
  let body = many ? '' : 'User-agent: *\n';
  let rules = 0;
  let pieces = 0;
  let patternBytes = 0;
  while (body.length < bytes && rules < most) {
    const count = most < Number.POSITIVE_INFINITY ? k : 1 + (next() % k);
    /** @type {string[]} */
    const parts = [];
    for (let j = 0; j < count; j++) parts.push(cut(mode === 'dense' ? next() % (k + 1) : j));
    // The last piece: nowhere in the path (`last-absent`, `dense`), else cut like the others.
    if (mode === 'last-absent' || mode === 'dense') parts.push(`${cut(count)}${ABSENT}`);
    else parts.push(cut(count));
    const pattern = `/*${parts.join('*')}${next() % 8 === 0 ? '$' : ''}`;
    const kind = next() % 4 === 0 ? 'Allow' : 'Disallow';
    body += `${many ? `User-agent: ${AGENT}\n` : ''}${kind}: ${pattern}\n`;
    rules++;
    pieces += parts.length + 1;
    patternBytes += pattern.length;
  }
  const pieceCount = most < Number.POSITIVE_INFINITY ? `${k + 1}` : `≤${k + 1}`;
  const name = `${mode}, ${many ? 'a group a rule' : 'one group'}, σ ${letters.length}, ${pieceCount} pieces of ≤${length}`;
  return {
    name,
    body,
    url: `https://e.com${path}`,
    terms: { mode, n: path.length, rules, groups: many ? rules : 1, pieces, patternBytes },
  };
}
