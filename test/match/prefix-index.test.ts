import { describe, expect, it } from 'vitest';
import { literalEnd } from '../../src/match/index/build-index.js';
import { fileSource } from '../../src/match/index/kept-entries.js';
import { hashPrefix } from '../../src/match/index/prefix-hash.js';
import { PrefixIndex, type PrefixItems } from '../../src/match/index/prefix-index.js';
import { PathSearch } from '../../src/match/path-search.js';
import type { MatchState } from '../../src/match/rule-entry.js';
import {
  readRuleTable,
  ruleAt,
  ruleCount,
  ruleNumber,
  valueEnd,
  valueStart,
} from '../../src/match/rule-table.js';
import { readBody, resolveOptions } from '../../src/parse/body.js';

// A walk visits the prefix index at each path length whose prefix hash passes its filters, and
// the index confirms what it finds there against the rules' text: a rule found by a hash it only
// shares with the path's prefix (a collision, which a walk meets at any length) must not match.

/** The prefix index of every rule of `lines` (one group), as `indexSteps` files them. */
function indexOf(lines: readonly string[]): PrefixIndex {
  const table = readRuleTable(
    readBody(['User-agent: *', ...lines, ''].join('\n')),
    resolveOptions(undefined),
  );
  const rules = table.rules;
  const text = table.body.text;
  const items = {
    ids: [] as number[],
    specials: [] as number[],
    hashes: [] as number[],
    priorities: [] as number[],
    lengths: [] as number[],
    lastChars: [] as number[],
  } satisfies PrefixItems;
  for (let id = 0; id < ruleCount(rules); id++) {
    const r = ruleAt(rules, id);
    const start = valueStart(rules, r);
    const end = valueEnd(rules, r);
    const prefixEnd = literalEnd(text, start, end);
    items.ids.push(ruleNumber(rules, r));
    items.hashes.push(hashPrefix(text, start, prefixEnd));
    items.priorities.push(end - start);
    items.lengths.push(prefixEnd - start);
    items.lastChars.push(text.charCodeAt(prefixEnd - 1));
  }
  return new PrefixIndex(fileSource(table.body, rules, false), items, new Int32Array(0), 0);
}

/** The line of the best disallow a visit at length `n`, by the hash of `hashed`, finds for `path`. */
function visit(index: PrefixIndex, n: number, hashed: string, path: string): number {
  const search = new PathSearch();
  search.reset(path, Number.POSITIVE_INFINITY);
  const state: MatchState = { allow: null, disallow: null, search };
  index.visit(n, hashPrefix(hashed, 0, hashed.length), path, state);
  return state.disallow?.line ?? 0;
}

describe('the prefix index', () => {
  it('never matches a rule at a length other than its literal prefix', () => {
    // `/a$` has the literal prefix `/a`: visited at length 3 by its hash, it must not match a
    // path that starts with its text (`/a$b` is no path `/a`).
    const index = indexOf(['Disallow: /a$', 'Disallow: /ab*x']);
    expect(visit(index, 2, '/a', '/a')).toBe(2);
    expect(visit(index, 3, '/a', '/a$b')).toBe(0);
    expect(visit(index, 3, '/a', '/a$')).toBe(0);
    expect(visit(index, 3, '/ab', '/ab*x')).toBe(3);
  });

  it('answers for each of the rules that share a literal prefix', () => {
    // Several rules of one literal prefix compare it with the path once a visit: each still
    // answers for its own continuation.
    const lines = [
      'Disallow: /print/*.pdf$',
      'Disallow: /print/*x',
      'Disallow: /print/',
      'Disallow: /print/$',
      'Disallow: /prinu/*x',
    ];
    const index = indexOf(lines);
    expect(visit(index, 7, '/print/', '/print/a.pdf')).toBe(2);
    expect(visit(index, 7, '/print/', '/print/ax')).toBe(3);
    expect(visit(index, 7, '/print/', '/print/')).toBe(5);
    expect(visit(index, 7, '/print/', '/print/a')).toBe(4);
    expect(visit(index, 7, '/print/', '/prinT/ax')).toBe(0);
    expect(visit(index, 7, '/prinu/', '/prinu/ax')).toBe(6);
  });
});
