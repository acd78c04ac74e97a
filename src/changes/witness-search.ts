/**
 * The exact half of the verdict comparison: a breadth-first search over paths, one character at
 * a time, through the product of every rule's pattern automaton on both sides, for the paths on
 * which the two sides' verdicts differ. What it finds does not depend on which paths a rule's
 * text suggests: a path that combines one rule's prefix with another's suffix is reached as any
 * other is.
 *
 * A pattern (`Rule.pattern`, as matched) is a glob: `*` any string, a final `$` the end of the
 * path, anchored at the path's start (RFC 9309 §2.2.3). The verdict is the longest matching allow
 * against the longest matching disallow by pattern length, the allow winning a tie, and a
 * disallow of length 0 blocking nothing (§2.2.2; `match/strategy.ts`); Google's `index.htm`
 * rewrite of an allow (`/d/index.html` also allows `/d/` as `/d/$`) is one more allow pattern.
 *
 * A state is each live pattern's set of active positions plus the longest allow and disallow
 * each side has matched so far (an unanchored pattern, once matched, matches every longer path).
 * States are deduplicated by that key, so each is expanded once; a path that reaches a state
 * seen before behaves as the first path that reached it. The key leaves out what can no longer
 * change a class: a pattern no longer than the longest match of each of its roles (`*?utm` under
 * `Disallow: /Themes/`; of many `/*type=N*` rules, which ones matched, 2^n sets, counts only
 * through the longest), and a pattern's positions before the last `*` it reached (issue #31:
 * such states made the search of a file of a dozen rules need thousands of states, or never
 * end). The characters tried from a state are those its live patterns' active positions expect,
 * the left-out ones too (so the paths found are the ones a search without those merges finds),
 * and one character no pattern holds (all other characters act alike). A state is not expanded
 * when no pattern that differs between the sides can still change a class and both sides have
 * matched the same lengths: every longer path then gets the same verdict on both. The search is
 * bounded by a number of states and of work; when it stops there, what it compared is stated:
 * every path up to a length.
 *
 * Runs in `diffRobotsTxt` and in lint's fix verification, once per set of crawlers whose rules
 * changed.
 */

import { indexRewriteOf } from '../match/pattern.js';
import type { Rule } from '../types.js';

/** One side: the rules a crawler reads, or the fixed verdict of a fetch outcome. */
export type SearchSide = { readonly rules: readonly Rule[] } | { readonly allowed: boolean };

/** A path whose verdict differs between the sides, the shortest of its change class. */
export interface Witness {
  readonly path: string;
  /** The change class: both verdicts and the longest allow and disallow each side matched. */
  readonly key: string;
}

/** What {@link searchWitnesses} found and how far it looked. */
export interface WitnessSearch {
  /** One shortest path per change class, shortest first. */
  readonly witnesses: Witness[];
  /** States visited (each counted once). */
  readonly states: number;
  /**
   * True when the state budget, or the work budget ({@link MAX_SEARCH_WORK}), stopped the search
   * before it had visited every state.
   */
  readonly stopped: boolean;
  /** When stopped: every path of at most this many characters was compared; else undefined. */
  readonly comparedUpTo: number | undefined;
}

// Role bits of a pattern: an allow before, a disallow before, an allow after, a disallow after.
const ALLOW_BEFORE = 1;
const DISALLOW_BEFORE = 2;
const ALLOW_AFTER = 4;
const DISALLOW_AFTER = 8;
const STAR = 0x2a;

// Up to this many changed patterns, which of them match is part of a change class (a verdict
// change on a path the removed line matched is told from one on a path it did not); past it, the
// longest matches only (the classes would multiply).
const MAX_TRACKED = 4;

/**
 * The most work one search does, in live patterns carried into a child state (a step's cost: a
 * state's children are built pattern by pattern). A file of many `*` rules keeps them all live in
 * every state, so a state budget alone let one search of a 4 KiB file of 134 facet rules run for
 * 15 s; this bound keeps a search to a few milliseconds (a whole-corpus lint, which searches
 * for every fix, went from 12 s to 24 s with it, not 97 s), and the result says when it stopped.
 */
export const MAX_SEARCH_WORK = 50_000;

interface Pattern {
  /** A pattern both sides read alike and longer than every pattern they read differently. */
  killer: boolean;
  /** A changed pattern whose match is part of the change class (when few patterns changed). */
  tracked: boolean;
  readonly body: string;
  readonly end: number;
  readonly anchored: boolean;
  readonly length: number;
  roles: number;
}

interface State {
  readonly path: string;
  /** Live pattern ids, ascending. */
  readonly live: number[];
  /** Each live pattern's active positions, ascending. */
  readonly positions: number[][];
  /** Longest allow before, disallow before, allow after, disallow after (−1: none). */
  readonly best: number[];
  /** A killer matched: this path and every longer one get the same verdict on both sides. */
  readonly killed: boolean;
  /** The tracked patterns matched (unanchored), ascending. */
  readonly hits: number[];
}

/** The patterns of both sides, each once, with the roles it has on each side. */
class Model {
  readonly patterns: Pattern[] = [];
  readonly fixed: [boolean | undefined, boolean | undefined];
  /** A character that occurs in no pattern: it stands for every such character. */
  readonly other: string;
  readonly initial: State;
  readonly #ids = new Map<string, number>();

  constructor(before: SearchSide, after: SearchSide) {
    this.fixed = [fixedOf(before), fixedOf(after)];
    if ('rules' in before) for (const r of before.rules) this.#add(r, ALLOW_BEFORE);
    if ('rules' in after) for (const r of after.rules) this.#add(r, ALLOW_AFTER);
    this.other = otherChar(this.patterns);
    let longest = -1;
    let changed = 0;
    this.patterns.forEach((p, id) => {
      if (this.changed(id)) {
        longest = Math.max(longest, p.length);
        changed++;
      }
    });
    this.patterns.forEach((p, id) => {
      p.killer = !this.changed(id) && p.length > longest;
      p.tracked = this.changed(id) && changed <= MAX_TRACKED;
    });
    const live: number[] = [];
    const positions: number[][] = [];
    const best = [-1, -1, -1, -1];
    let killed = false;
    const hits: number[] = [];
    this.patterns.forEach((p, id) => {
      const start = advance(p, [], -1);
      if (!p.anchored && start[start.length - 1] === p.end) {
        if (p.killer) killed = true;
        if (p.tracked) hits.push(id);
        matched(p, best);
      } else {
        live.push(id);
        positions.push(start);
      }
    });
    this.initial = { path: '', live, positions, best, killed, hits };
  }

  #add(rule: Rule, allowBit: number): void {
    const bit = rule.type === 'allow' ? allowBit : allowBit * 2;
    this.#role(rule.pattern, bit);
    if (rule.type === 'allow') {
      const rewrite = indexRewriteOf(rule.pattern);
      if (rewrite !== null) this.#role(rewrite, bit);
    }
  }

  #role(pattern: string, bit: number): void {
    // A pattern that starts with neither `/` nor `*` matches no path (its rules decide nothing).
    const first = pattern.charCodeAt(0);
    if (pattern.length > 0 && first !== 0x2f && first !== STAR) return;
    let id = this.#ids.get(pattern);
    if (id === undefined) {
      id = this.patterns.length;
      this.#ids.set(pattern, id);
      const anchored = pattern.endsWith('$');
      const body = anchored ? pattern.slice(0, -1) : pattern;
      this.patterns.push({
        killer: false,
        tracked: false,
        body,
        end: body.length,
        anchored,
        length: pattern.length,
        roles: 0,
      });
    }
    this.patterns[id]!.roles |= bit;
  }

  /** Whether the pattern's roles differ between the sides (a fixed side has none). */
  changed(id: number): boolean {
    const roles = this.patterns[id]!.roles;
    return (roles & 3) !== roles >> 2;
  }

  /** The state after `c`. */
  step(state: State, c: number, only?: readonly number[]): State {
    const live: number[] = [];
    const positions: number[][] = [];
    const best = state.best.slice();
    let killed = state.killed;
    let hits = state.hits;
    const n = only === undefined ? state.live.length : only.length;
    for (let k = 0; k < n; k++) {
      const i = only === undefined ? k : only[k]!;
      const id = state.live[i]!;
      const p = this.patterns[id]!;
      const next = advance(p, state.positions[i]!, c);
      if (next.length === 0) continue;
      if (!p.anchored && next[next.length - 1] === p.end) {
        if (p.killer) killed = true;
        if (p.tracked) hits = withId(hits, id);
        matched(p, best);
      } else {
        live.push(id);
        positions.push(next);
      }
    }
    return { path: state.path + String.fromCharCode(c), live, positions, best, killed, hits };
  }

  /** Both sides' verdicts on the state's path and the longest matches: the change class. */
  verdicts(state: State): { before: boolean; after: boolean; key: string } {
    const best = state.best.slice();
    let killed = state.killed;
    let hits = state.hits;
    for (let i = 0; i < state.live.length; i++) {
      const id = state.live[i]!;
      const p = this.patterns[id]!;
      const at = state.positions[i]!;
      if (p.anchored && at[at.length - 1] === p.end) {
        if (p.killer) killed = true;
        if (p.tracked) hits = withId(hits, id);
        matched(p, best);
      }
    }
    if (killed) return { before: true, after: true, key: '' };
    const before = this.fixed[0] ?? allows(best[0]!, best[1]!);
    const after = this.fixed[1] ?? allows(best[2]!, best[3]!);
    return {
      before,
      after,
      key: `${before ? 'A' : 'D'}${after ? 'A' : 'D'}:${best.join(',')}:${hits.join(',')}`,
    };
  }

  /** Whether a path longer than the state's could get different verdicts on the sides. */
  open(state: State): boolean {
    if (state.killed || state.live.length === 0) return false;
    const b = state.best;
    if (
      b[0] !== b[2] ||
      b[1] !== b[3] ||
      this.fixed[0] !== undefined ||
      this.fixed[1] !== undefined
    )
      return true;
    return state.live.some((id) => this.changed(id) && counts(this.patterns[id]!, b));
  }

  /**
   * The states after each character that leads somewhere different: the ones the live patterns
   * expect (ascending), then `other`. A pattern that neither expects a character nor stands on a
   * `*` dies on it: each character's step reads only the patterns that expect it and those on a
   * `*`, so a state where many prefix rules are live costs their number once, not once a character.
   */
  children(state: State): State[] {
    const expecting = new Map<number, number[]>();
    const starred: number[] = [];
    for (let i = 0; i < state.live.length; i++) {
      const p = this.patterns[state.live[i]!]!;
      let star = false;
      for (const at of state.positions[i]!) {
        if (at >= p.end) continue;
        const c = p.body.charCodeAt(at);
        if (c === STAR) {
          star = true;
          continue;
        }
        const list = expecting.get(c);
        if (list === undefined) expecting.set(c, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
      if (star) starred.push(i);
    }
    const chars = [...expecting.keys()].sort((x, y) => x - y);
    const out: State[] = [];
    for (const c of chars) out.push(this.step(state, c, union(expecting.get(c)!, starred)));
    out.push(this.step(state, this.other.charCodeAt(0), starred));
    return out;
  }
}

/** Two ascending lists of indexes as one (each once). */
function union(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a as number[];
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? a[i]! : Infinity;
    const y = j < b.length ? b[j]! : Infinity;
    if (x <= y) {
      out.push(x);
      i++;
      if (x === y) j++;
    } else {
      out.push(y);
      j++;
    }
  }
  return out;
}

/** `ids` with `id` (ascending, once). */
function withId(ids: number[], id: number): number[] {
  if (ids.includes(id)) return ids;
  return [...ids, id].sort((x, y) => x - y);
}

function fixedOf(side: SearchSide): boolean | undefined {
  return 'allowed' in side ? side.allowed : undefined;
}

/** Google's verdict from the longest allow and disallow (−1: none): a tie allows, length 0 blocks nothing. */
function allows(allow: number, disallow: number): boolean {
  return !(disallow > allow && disallow > 0);
}

function matched(p: Pattern, best: number[]): void {
  const r = p.roles;
  if (r & ALLOW_BEFORE && p.length > best[0]!) best[0] = p.length;
  if (r & DISALLOW_BEFORE && p.length > best[1]!) best[1] = p.length;
  if (r & ALLOW_AFTER && p.length > best[2]!) best[2] = p.length;
  if (r & DISALLOW_AFTER && p.length > best[3]!) best[3] = p.length;
}

/**
 * The active positions after reading `c` from `from` (ascending, closed over `*`: a `*` at a
 * position also activates the next one); `c` −1: the start, position 0.
 */
function advance(p: Pattern, from: readonly number[], c: number): number[] {
  const { body, end } = p;
  const out = scratch;
  let size = 0;
  let last = -1;
  const n = c < 0 ? 1 : from.length;
  for (let i = 0; i < n; i++) {
    let q: number;
    if (c < 0) q = 0;
    else {
      const at = from[i]!;
      if (at >= end) continue;
      const here = body.charCodeAt(at);
      if (here === STAR) q = at;
      else if (here === c) q = at + 1;
      else continue;
    }
    if (q <= last) continue;
    out[size++] = q;
    last = q;
    // A `*` at a position also activates the next one.
    while (q < end && body.charCodeAt(q) === STAR) {
      q++;
      out[size++] = q;
      last = q;
    }
  }
  // Positions are never changed once made: a pattern whose positions stay (a `*` reading any
  // character) keeps its list, and a step allocates only for those that move.
  if (size === from.length) {
    let same = true;
    for (let i = 0; i < size && same; i++) same = out[i] === from[i];
    if (same) return from as number[];
  }
  return out.slice(0, size);
}

// Where advance writes before it knows whether the positions moved (a pattern's positions number
// at most its length plus one).
const scratch: number[] = [];

// Preferred stand-ins for "any other character": readable, and kept as they are in a path.
const OTHERS = 'xzqyjkvw0123456789abcdefghilmnoprstuXZQYJKVWABCDEFGHILMNOPRSTU-_.~!';

function otherChar(patterns: readonly Pattern[]): string {
  const used = new Uint8Array(128);
  let wide = false;
  for (const p of patterns) {
    for (let i = 0; i < p.body.length; i++) {
      const c = p.body.charCodeAt(i);
      if (c < 128) used[c] = 1;
      else wide = true;
    }
  }
  for (let i = 0; i < OTHERS.length; i++) if (used[OTHERS.charCodeAt(i)] === 0) return OTHERS[i]!;
  for (let c = 0x21; c < 0x7f; c++) {
    if (c !== 0x23 && c !== 0x25 && used[c] === 0) return String.fromCharCode(c);
  }
  return wide ? '\u0001' : '\u00e9';
}

/**
 * Whether matching the pattern could still change a path's change class: it is tracked, or longer
 * than the longest match of one of its roles so far. The longest matches only grow, so a pattern
 * that cannot is dead weight for good.
 */
function counts(p: Pattern, best: readonly number[]): boolean {
  const r = p.roles;
  const n = p.length;
  if (p.tracked) return true;
  if ((r & ALLOW_BEFORE) !== 0 && n > best[0]!) return true;
  if ((r & DISALLOW_BEFORE) !== 0 && n > best[1]!) return true;
  if ((r & ALLOW_AFTER) !== 0 && n > best[2]!) return true;
  return (r & DISALLOW_AFTER) !== 0 && n > best[3]!;
}

/**
 * The active positions from the last `*` reached on: every match from an earlier position passes
 * that `*`, which can read whatever the earlier position would have read on the way.
 */
function reached(p: Pattern, at: number[]): number[] {
  for (let k = at.length - 1; k > 0; k--) {
    if (p.body.charCodeAt(at[k]!) === STAR) return at.slice(k);
  }
  return at;
}

/** The state's key without its killers' positions, and its killers' positions by id. */
function keyOf(state: State, patterns: readonly Pattern[]): { key: string; killers: Killers } {
  // The numbers as characters (a compact key, hashed fast): each list after its length, so no
  // two states share a key.
  const codes: number[] = [];
  for (const b of state.best) put(codes, b + 1);
  put(codes, state.hits.length);
  for (const id of state.hits) put(codes, id);
  const ids: number[] = [];
  const positions: number[][] = [];
  for (let i = 0; i < state.live.length; i++) {
    const id = state.live[i]!;
    const p = patterns[id]!;
    if (p.killer) {
      ids.push(id);
      positions.push(reached(p, state.positions[i]!));
    } else if (counts(p, state.best)) {
      const at = reached(p, state.positions[i]!);
      put(codes, id);
      put(codes, at.length);
      for (const q of at) put(codes, q);
    }
  }
  let key = '';
  for (let i = 0; i < codes.length; i += 4096) {
    key += String.fromCharCode(...codes.slice(i, i + 4096));
  }
  return { key, killers: { ids, positions } };
}

/** `n` (≥ 0) as one character below 0x8000, or two from 0x8000 on: read back one way only. */
function put(codes: number[], n: number): void {
  if (n < 0x8000) codes.push(n);
  else codes.push(0x8000 | (n >>> 15), n & 0x7fff);
}

interface Killers {
  readonly ids: number[];
  readonly positions: number[][];
}

/**
 * Whether every killer position of `a` is one of `b`: then a path from `b` that matches no
 * killer matches none from `a` either, and `b` (found no earlier) can be skipped.
 */
function within(a: Killers, b: Killers): boolean {
  let j = 0;
  for (let i = 0; i < a.ids.length; i++) {
    const id = a.ids[i]!;
    while (j < b.ids.length && b.ids[j]! < id) j++;
    if (j === b.ids.length || b.ids[j] !== id) return false;
    const x = a.positions[i]!;
    const y = b.positions[j]!;
    let k = 0;
    for (const at of x) {
      while (k < y.length && y[k]! < at) k++;
      if (k === y.length || y[k] !== at) return false;
    }
  }
  return true;
}

/** The search's automata, kept to classify other paths the same way. */
export interface WitnessModel {
  /** The change class of a path whose verdicts differ in the model, or undefined when they agree. */
  classOf(path: string): string | undefined;
}

/**
 * Every change class of the paths on which `before` and `after` give different verdicts, each
 * with its shortest path (ties by character code), visiting at most `maxStates` states and doing
 * at most `maxWork` units of work (see {@link MAX_SEARCH_WORK}).
 */
export function searchWitnesses(
  before: SearchSide,
  after: SearchSide,
  maxStates: number,
  maxWork: number = MAX_SEARCH_WORK,
): WitnessSearch & { model: WitnessModel } {
  const model = new Model(before, after);
  const witnesses: Witness[] = [];
  const found = new Set<string>();
  const seen = new Map<string, Killers[]>();
  const root = model.step(model.initial, 0x2f);
  const classOf = (path: string): string | undefined => {
    let state = path.startsWith('/') ? root : model.initial;
    for (let i = state === root ? 1 : 0; i < path.length; i++) {
      state = model.step(state, path.charCodeAt(i));
    }
    const v = model.verdicts(state);
    return v.before === v.after ? undefined : v.key;
  };
  let states = 0;
  let work = 0;
  // Each state is keyed, checked against the states seen and evaluated as it is reached, so a
  // level holds only new states that may lead to a change.
  const visit = (state: State, into: State[]): boolean => {
    if (state.killed) return true;
    const { key, killers } = keyOf(state, model.patterns);
    const known = seen.get(key);
    if (known?.some((k) => within(k, killers))) return true;
    if (states >= maxStates) return false;
    if (known === undefined) seen.set(key, [killers]);
    else known.push(killers);
    states++;
    const v = model.verdicts(state);
    if (v.before !== v.after && !found.has(v.key)) {
      found.add(v.key);
      witnesses.push({ path: state.path, key: v.key });
    }
    if (model.open(state)) into.push(state);
    return true;
  };
  let level: State[] = [];
  visit(root, level);
  // Every path of `depth` characters has been compared.
  let depth = 1;
  while (level.length > 0) {
    const next: State[] = [];
    for (const state of level) {
      for (const child of model.children(state)) {
        work += child.live.length + 1;
        if (work > maxWork || !visit(child, next)) {
          return { witnesses, states, stopped: true, comparedUpTo: depth, model: { classOf } };
        }
      }
    }
    level = next;
    depth++;
  }
  return { witnesses, states, stopped: false, comparedUpTo: undefined, model: { classOf } };
}
