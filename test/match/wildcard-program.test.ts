import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathSearch } from '../../src/match/path-search.js';
import { matchesPattern } from '../../src/match/pattern.js';
import {
  type IndexEntry,
  type MatchState,
  makeEntry,
  sortByStrength,
} from '../../src/match/rule-entry.js';
import { beats } from '../../src/match/strategy.js';
import { PieceAutomaton } from '../../src/match/wildcard/piece-automaton.js';
import { PieceFinder } from '../../src/match/wildcard/piece-finder.js';
import { PieceOccurrences } from '../../src/match/wildcard/piece-occurrences.js';
import { WildcardProgram } from '../../src/match/wildcard/wildcard-program.js';
import { useMatcherSettings, withMatcherSettings } from '../helpers/matcher-settings.js';

// The wildcard program against the definition: each rule matched on its own by
// `matchesPattern`, the best allow and disallow kept. Small alphabets and long paths make
// pieces occur many times (past the occurrence scans, into the range tables and the merge
// sort tree), on both sides of each other, and rules share starts (the sequence trie).

/** The best allow and disallow among `entries` that match `path`, by the definition. */
function naive(entries: readonly IndexEntry[], path: string): [number, number] {
  let allow: IndexEntry | null = null;
  let disallow: IndexEntry | null = null;
  for (const entry of entries) {
    if (!matchesPattern(entry.pattern, path)) continue;
    if (entry.allow ? beats(entry, allow) : beats(entry, disallow)) {
      if (entry.allow) allow = entry;
      else disallow = entry;
    }
  }
  return [allow?.line ?? 0, disallow?.line ?? 0];
}

/** The same through a program. */
function viaProgram(program: WildcardProgram, path: string): [number, number] {
  const state: MatchState = { allow: null, disallow: null, search: new PathSearch() };
  state.search.reset(path, Number.POSITIVE_INFINITY);
  program.match(path, state);
  return [state.allow?.line ?? 0, state.disallow?.line ?? 0];
}

function programOf(patterns: readonly string[]): {
  entries: IndexEntry[];
  program: WildcardProgram;
} {
  const entries = patterns.map((p, i) => makeEntry(p, i % 3 === 0, 0, i + 1, false));
  const wildcards = entries.filter((e) => e.pieces !== null);
  const sorted = wildcards.slice();
  sortByStrength(sorted);
  return { entries: wildcards, program: new WildcardProgram(sorted) };
}

const piece = fc.constantFrom('a', 'b', 'ab', 'ba', 'aab', 'abab', 'bb', 'c', '/', 'aaaa');
const patternOf = fc
  .tuple(
    fc.constantFrom('', '/', '/a', '/ab', '/b'),
    fc.array(piece, { minLength: 1, maxLength: 5 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([prefix, pieces, anchored, emptyTail]) => {
    const body = `${prefix}*${pieces.join('*')}${emptyTail ? '*' : ''}`;
    return anchored ? `${body}$` : body;
  });
const pathOf = fc
  .array(fc.constantFrom('a', 'b', 'ab', 'c', '/', 'aab', 'é'), { maxLength: 400, size: 'max' })
  .map((parts) => `/${parts.join('')}`);

/** The occurrences of `list`'s pieces in `path`, found as a program finds them, and their ids. */
function findPieces(list: readonly string[], path: string, maxLengths: number, classes = false) {
  const occurrences = new PieceOccurrences();
  const ids = new Int32Array(list.length);
  const finder = withMatcherSettings({ pieceFinding: { classShare: classes ? 0 : 4 } }, () => {
    return new PieceFinder(list, ids, maxLengths, 0);
  });
  if (classes)
    expect(finder.classes !== null || (finder.dictionary?.lengths.length ?? 0) < 2).toBe(true);
  occurrences.reset(finder, path);
  return { occurrences, ids };
}

describe('PieceAutomaton', () => {
  it('tells the pieces that end where a pass recorded each state', () => {
    // Nested pieces (`a`, `aa`, `baa`), pieces apart: at each position, the pieces ending there.
    const piece = fc.stringMatching(/^[ab]{1,5}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(piece, { minLength: 1, maxLength: 30 }),
        fc.stringMatching(/^[abc]{0,80}$/),
        (pieces, path) => {
          const automaton = new PieceAutomaton(pieces);
          const states = new Int32Array(path.length);
          automaton.scan(path, states);
          const out = new Int32Array(pieces.length);
          const work = new Float64Array(1);
          for (let i = 0; i < path.length; i++) {
            const count = automaton.piecesAt(states[i]!, out, 0, work);
            const found = Array.from(out.subarray(0, count), (p) => pieces[p]).sort();
            const ending = pieces
              .filter((p) => p.length <= i + 1 && path.startsWith(p, i + 1 - p.length))
              .sort();
            expect(found).toEqual(ending);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('PieceOccurrences', () => {
  // 0: every piece in the automaton; 1: the pieces of one length in the dictionary, the others
  // in the automaton; 8: every piece in the dictionary (their lengths, 1 to 5, are few); with
  // classes, the dictionary's found through their prefix classes (`prefix-classes.ts`).
  it.each([
    [0, false],
    [1, false],
    [8, false],
    [8, true],
  ])(
    'answers indexOf, lastIndexOf and endsWith for every piece and position (%i lengths hashed, classes: %s)',
    (maxLengths, classes) => {
      // Two letters and many short pieces: a piece's occurrences fall under many automaton
      // states, hundreds of them, in every order.
      const text = fc.array(fc.constantFrom('a', 'b', 'ab', 'aab', 'é'), {
        minLength: 300,
        maxLength: 1200,
      });
      const pieces = fc.uniqueArray(
        fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 5 }).map((p) => p.join('')),
        { minLength: 1, maxLength: 30, size: 'max' },
      );
      fc.assert(
        fc.property(text, pieces, (parts, list) => {
          const path = parts.join('');
          const { occurrences, ids } = findPieces(list, path, maxLengths, classes);
          list.forEach((piece, k) => {
            const p = ids[k]!;
            const found = { last: occurrences.lastStart(p), next: [] as number[], ends: '' };
            const expected = { last: path.lastIndexOf(piece), next: [] as number[], ends: '' };
            for (let from = 0; from <= path.length; from++) {
              found.next.push(occurrences.next(p, from));
              expected.next.push(path.indexOf(piece, from));
            }
            for (let end = 0; end < path.length; end++) {
              const start = end - piece.length + 1;
              found.ends += occurrences.endsAt(p, end) ? '1' : '0';
              expected.ends += start >= 0 && path.startsWith(piece, start) ? '1' : '0';
            }
            expect(found).toEqual(expected);
          });
        }),
        { numRuns: 100 },
      );
    },
  );
});

describe('PieceFinder', () => {
  it.each([0, 8])(
    'finds pieces under nodes with many children, or by hash (%i lengths hashed)',
    (maxLengths) => {
      // 20 letters and up to 600 pieces: nodes with up to 20 children, past the few that are
      // scanned in a row and past those that get a direct table.
      const letter = fc.constantFrom(...'abcdefghijklmnopqrst/');
      const pieces = fc.uniqueArray(
        fc.array(letter, { minLength: 1, maxLength: 4 }).map((p) => p.join('')),
        { minLength: 1, maxLength: 600, size: 'max' },
      );
      const text = fc.array(letter, { minLength: 1, maxLength: 300, size: 'max' });
      fc.assert(
        fc.property(pieces, text, (list, chars) => {
          const path = chars.join('');
          const { occurrences, ids } = findPieces(list, path, maxLengths);
          const found: string[] = [];
          const expected: string[] = [];
          list.forEach((piece, k) => {
            const p = ids[k]!;
            for (let end = 0; end < path.length; end++) {
              const start = end - piece.length + 1;
              if (occurrences.endsAt(p, end)) found.push(`${piece}@${end}`);
              if (start >= 0 && path.startsWith(piece, start)) expected.push(`${piece}@${end}`);
            }
          });
          expect(found).toEqual(expected);
        }),
        { numRuns: 200 },
      );
    },
  );
});

describe('PieceFinder with long pieces', () => {
  it.each([[false], [true]])(
    'finds pieces longer than a hashed length by their first characters, read where they are (classes: %s)',
    (classes) => {
      // Pieces of 8 to 40 characters over three letters: many lengths, few hashed, so most are
      // hashed by the first K characters of a shorter length; pieces sharing those stay in the
      // automaton. Some are read in place in a source text (as a program reads them in the body),
      // the others copied.
      const letter = fc.constantFrom('a', 'b', 'c');
      const pieces = fc.uniqueArray(
        fc.array(letter, { minLength: 8, maxLength: 40 }).map((p) => p.join('')),
        { minLength: 1, maxLength: 80, size: 'max' },
      );
      const text = fc.array(fc.constantFrom('a', 'b', 'c', 'abcabcab', 'aaaaaaaa'), {
        maxLength: 200,
        size: 'max',
      });
      fc.assert(
        fc.property(pieces, text, fc.integer({ min: 1, max: 3 }), (list, parts, maxLengths) => {
          const path = parts.join('');
          const source = `#${list.join('|')}`;
          const places = Int32Array.from(list, (piece, k) =>
            k % 3 === 0 ? -1 : source.indexOf(piece),
          );
          const ids = new Int32Array(list.length);
          const finder = withMatcherSettings(
            { pieceFinding: { classShare: classes ? 0 : 4 } },
            () => new PieceFinder(list, ids, maxLengths, 0, source, places),
          );
          const occurrences = new PieceOccurrences();
          occurrences.reset(finder, path);
          const found: string[] = [];
          const expected: string[] = [];
          list.forEach((piece, k) => {
            const p = ids[k]!;
            expect(finder.lengthOf(p)).toBe(piece.length);
            for (let end = 0; end < path.length; end++) {
              const start = end - piece.length + 1;
              if (occurrences.endsAt(p, end)) found.push(`${piece}@${end}`);
              if (start >= 0 && path.startsWith(piece, start)) expected.push(`${piece}@${end}`);
            }
            expect(occurrences.next(p, 0)).toBe(path.indexOf(piece));
          });
          expect(found).toEqual(expected);
          occurrences.release();
        }),
        { numRuns: 300 },
      );
    },
  );

  it('takes pieces of many long lengths into the dictionary, not the automaton', () => {
    // 14,600 pieces of 20 to 24 characters: a trie node a character in an automaton (7× the
    // file's size through the client), a few bytes a piece here.
    let seed = 3;
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const word = (n: number): string => {
      let w = '';
      for (let i = 0; i < n; i++) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        w += letters[(seed >>> 16) % 36];
      }
      return w;
    };
    const list = [...new Set(Array.from({ length: 14_600 }, (_, i) => word(20 + (i % 5))))];
    const source = list.join('\n');
    const places = new Int32Array(list.length);
    for (let k = 0, at = 0; k < list.length; at += list[k]!.length + 1, k++) places[k] = at;
    const finder = new PieceFinder(list, new Int32Array(list.length), 8, 1024, source, places);
    expect(finder.automaton).toBeNull();
    // Its characters read in the source: 3 or 4 bytes a piece for where, 1 for its length past K.
    expect(finder.bytes / list.length).toBeLessThan(8);
  });
});

/**
 * Pieces of up to `maxLengths` lengths found by hash (0: all by the automaton), every length
 * counted however few characters its pieces hold, for each test of the calling block; put back
 * after each.
 */
function hashingLengths(maxLengths: number, classShare?: number): void {
  useMatcherSettings(
    {
      pieceFinding: {
        maxLengths,
        minChars: 0,
        ...(classShare === undefined ? {} : { classShare }),
      },
    },
    'each',
  );
}

// The pieces found by hash (the default), by the automaton alone, both ways in one set, and by
// hash through their prefix classes whenever two lengths are hashed (`prefix-classes.ts`).
describe.each([
  [8, undefined],
  [0, undefined],
  [1, undefined],
  [8, 0],
] as const)('WildcardProgram (%i lengths hashed, class share %s)', (maxLengths, classShare) => {
  hashingLengths(maxLengths, classShare);

  it('finds the best allow and disallow as the definition does', () => {
    fc.assert(
      fc.property(
        fc.array(patternOf, { minLength: 1, maxLength: 60, size: 'max' }),
        pathOf,
        (patterns, path) => {
          const { entries, program } = programOf(patterns);
          expect(viaProgram(program, path)).toEqual(naive(entries, path));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('stops placing a start that ends past where its tail can start, exactly', () => {
    // Starts shared by many rules (a few sequences of pieces, extended), tails that occur a
    // few times, early or late: placing stops at the first piece that ends past a tail's last
    // start, and the rules sharing those nodes, with other tails, are answered from what the
    // first one left; all as the definition.
    const start = fc.array(fc.constantFrom('a', 'ab', 'ba', 'b', 'aab'), {
      minLength: 1,
      maxLength: 6,
    });
    const rule = fc
      .tuple(
        fc.constantFrom('', '/', '/a'),
        fc.constantFrom(0, 1, 2),
        start,
        fc.constantFrom('c', 'cb', 'ac', 'bc', 'é', 'a'),
        fc.boolean(),
      )
      .map(([prefix, base, extra, tail, anchored]) => ({ prefix, base, extra, tail, anchored }));
    const path = fc
      .array(fc.constantFrom('a', 'b', 'ab', 'ba', 'aab', 'c', 'é'), { maxLength: 300 })
      .map((parts) => `/${parts.join('')}`);
    fc.assert(
      fc.property(
        fc.array(start, { minLength: 3, maxLength: 3 }),
        fc.array(rule, { minLength: 1, maxLength: 80, size: 'max' }),
        fc.array(path, { minLength: 1, maxLength: 3 }),
        (bases, rules, paths) => {
          const patterns = rules.map(({ prefix, base, extra, tail, anchored }) => {
            const body = `${prefix}*${[...bases[base]!, ...extra, tail].join('*')}`;
            return anchored ? `${body}$` : body;
          });
          const { entries, program } = programOf(patterns);
          for (const p of paths) expect(viaProgram(program, p)).toEqual(naive(entries, p));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('answers several paths in a row with one program', () => {
    fc.assert(
      fc.property(
        fc.array(patternOf, { minLength: 1, maxLength: 40 }),
        fc.array(pathOf, { minLength: 2, maxLength: 5 }),
        (patterns, paths) => {
          const { entries, program } = programOf(patterns);
          for (const path of paths) expect(viaProgram(program, path)).toEqual(naive(entries, path));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('places pieces that occur on both sides of the one before, in long paths', () => {
    // Pieces with hundreds of occurrences: the range tables and the merge sort tree answer.
    const path = `/${'ab'.repeat(300)}c${'ba'.repeat(300)}c${'ab'.repeat(50)}`;
    const patterns = [
      '/*c*ab*c$',
      '/*c*ab*c*a',
      '/*ba*c*ba',
      '/*c*ba*ab$',
      '/*ab*c*ba*c*ab',
      '/*ab*c*ab*c',
      '/*bab*c*aba*c*abab$',
      '/a*b*c*bb',
    ];
    const { entries, program } = programOf(patterns);
    expect(viaProgram(program, path)).toEqual(naive(entries, path));
    for (const pattern of patterns) {
      const one = programOf([pattern]);
      expect(viaProgram(one.program, path)).toEqual(naive(one.entries, path));
    }
  });

  it('places a start no further than its tail can start', () => {
    // Nine pieces a rule, all in the path in order but after the one place where the tail
    // occurs, and a last piece that occurs before it too: each rule is ruled out by its first
    // piece rather than placed to its end (which costs 13 units a rule).
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_';
    let seed = 5;
    const next = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 16;
    };
    let early = '';
    let late = '';
    for (let i = 0; i < 4000; i++) {
      early += letters[next() & 63];
      late += letters[next() & 63];
    }
    const path = `/${early}~~~${late}`;
    const patterns: string[] = [];
    for (let r = 0; r < 6000; r++) {
      const at = Array.from({ length: 9 }, () => next() % 3990).sort((a, b) => a - b);
      const e = next() % 3990;
      patterns.push(
        `/*${at.map((p) => late.slice(p, p + 3)).join('*')}*${early.slice(e, e + 3)}*~~~`,
      );
    }
    const work: number[] = [];
    for (const count of [2000, 6000]) {
      const { entries, program } = programOf(patterns.slice(0, count));
      const search = new PathSearch();
      search.reset(path, Number.POSITIVE_INFINITY);
      const state: MatchState = { allow: null, disallow: null, search };
      program.match(path, state);
      expect([state.allow?.line ?? 0, state.disallow?.line ?? 0]).toEqual(naive(entries, path));
      work.push(search.work);
    }
    // A few units a rule (placed to its end, a rule would cost 13 more), and a few more for the
    // path's pass: with more pieces, more of its windows are pieces, a few units each.
    expect((work[1]! - work[0]!) / 4000).toBeLessThan(9);
  });

  it('counts its work in the search', () => {
    const { program } = programOf(['/*a*b', '/*b*a$']);
    const search = new PathSearch();
    search.reset('/abab', Number.POSITIVE_INFINITY);
    program.match('/abab', { allow: null, disallow: null, search });
    expect(search.work).toBeGreaterThan(0);
  });
});

// Pieces found by hash, and by the automaton alone.
describe.each([8, 0])('WildcardProgram on an ordinary path (%i lengths hashed)', (maxLengths) => {
  hashingLengths(maxLengths);

  it('visits only the rules of the pieces the path holds', () => {
    // Rules filed by a piece each must contain: a path that holds few of them costs the same
    // work whatever the number of rules, once the program is built (it is what checks the set's
    // wildcard rules from then on, in place of the trigram index).
    const id = (i: number): string => i.toString(36);
    const work: number[] = [];
    for (const count of [2000, 8000]) {
      const patterns = Array.from({ length: count }, (_, i) => `/*x${id(i % 500)}q*y${id(i)}q`);
      const { entries, program } = programOf(patterns);
      for (const path of ['/x1q/y1q/', '/index.html', '/y1q/x1q/']) {
        const search = new PathSearch();
        search.reset(path, Number.POSITIVE_INFINITY);
        const state: MatchState = { allow: null, disallow: null, search };
        program.match(path, state);
        expect([state.allow?.line ?? 0, state.disallow?.line ?? 0]).toEqual(naive(entries, path));
        if (path === '/x1q/y1q/') work.push(search.work);
      }
    }
    expect(work[1]).toBeLessThan(300);
    // Four times the rules: those that hold the path's x1q go from 4 to 16, each visited and
    // placed (a few units a rule; a bucket's tag collisions, which the process's hash seed
    // decides, add a few units either way: 19 to 23 more seen), never the thousands of others.
    const owners = (count: number): number => Math.ceil((count - 1) / 500);
    expect(work[1]).toBeLessThanOrEqual(work[0]! + 3 * (owners(8000) - owners(2000)));
  });
});

describe('WildcardProgram through prefix classes', () => {
  useMatcherSettings({ pieceFinding: { minChars: 0, classShare: 0 } });

  it('answers checks of programs of different sizes in turn', () => {
    // The process's one occurrence index serves every program: a larger program's pieces after
    // a smaller one's many (class, length) pairs, and back, each check as the definition says.
    const id = (i: number): string => i.toString(36).padStart(2, '0');
    // 40 classes, each with 20 pieces of 5 characters: a class found once lists its pieces by
    // looking its finds up (its pieces outnumber its finds).
    const small = Array.from({ length: 40 }, (_, c) => `k${id(c)}`);
    const smallPieces = small.flatMap((k) => [
      k,
      ...Array.from({ length: 20 }, (_, m) => k + id(m)),
    ]);
    // 30 classes with 33 pieces each of 6 characters, each found many times: listed piece by
    // piece, each compared when asked about.
    const large = Array.from({ length: 30 }, (_, c) => `a${id(c)}`);
    const largePieces = large.flatMap((k) => [
      k,
      ...Array.from({ length: 33 }, (_, m) => `${k}q${id(m)}`),
    ]);
    const A = programOf(smallPieces.map((p) => `/*${p}`));
    const B = programOf(largePieces.map((p, i) => `/${i % 2 === 0 ? 'x' : ''}*${p}`));
    const pathA = `/${small.map((k, c) => k + id(c % 20)).join('/')}`;
    const pathB = `/x${largePieces.filter((_, i) => i % 5 === 0).join('/')}/${large.join('/').repeat(40)}`;
    for (let round = 0; round < 3; round++) {
      expect(viaProgram(A.program, pathA)).toEqual(naive(A.entries, pathA));
      expect(viaProgram(B.program, pathB)).toEqual(naive(B.entries, pathB));
      expect(viaProgram(B.program, `${pathB}/${largePieces.at(-1)}`)).toEqual(
        naive(B.entries, `${pathB}/${largePieces.at(-1)}`),
      );
    }
  });
});
