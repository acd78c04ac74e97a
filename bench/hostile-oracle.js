/**
 * The path oracle's price beside its time (issue #33), for `bench/hostile.js`: for 8 KB paths
 * of 2, 4, 26 and 64 letters, the units a build charges a check (`PathOracle.work`, the steps it
 * takes: src/match/README.md, "Bounds") and a warm build's median time, so that its unit can be
 * read beside a check's and a build slice's (5–8 ns and about 3 under load, 1–3 quiet).
 */

import { PathOracle } from '../dist/match/path-oracle.js';
import { numbers } from './hostile-shapes.js';
import { clock, median } from './timing.js';

/** Characters the paths are drawn from, as the generated shapes' (`hostile-shapes.js`). */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_';

/**
 * @typedef {object} OracleRow
 * @property {number} letters the path's alphabet
 * @property {number} n the path's length
 * @property {number} units a build's charge
 * @property {number} ns a warm build, median of 25
 */

/** @returns {OracleRow[]} */
export function measureOracle(n = 8 * 1024) {
  const next = numbers(33);
  /** @type {OracleRow[]} */
  const rows = [];
  const paths = [2, 4, 26, 64].map((letters) => {
    let path = '/';
    while (path.length < n) path += LETTERS[next() % letters];
    return { letters, path };
  });
  // Warm the build's code first: a process's first builds run it cold (README.md, "Bounds").
  for (let i = 0; i < 10; i++) for (const { path } of paths) new PathOracle(path);
  for (const { letters, path } of paths) {
    /** @type {number[]} */
    const times = [];
    let units = 0;
    for (let i = 0; i < 25; i++) {
      const start = clock();
      units = new PathOracle(path).work;
      times.push(clock() - start);
    }
    rows.push({ letters, n, units, ns: median(times) * 1e6 });
  }
  return rows;
}
