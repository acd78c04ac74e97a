/**
 * Rule patterns as the matcher holds them, and linear-time matching of `*` and `$` (RFC 9309
 * §2.2.3). Never a RegExp.
 *
 * Runs when a rule is compiled (`compilePattern`); `matchesPattern`, the reference the suites
 * compare every engine with, runs in lint and diff, never in an engine.
 */

/** A pattern split for matching: a literal prefix, then literal pieces separated by `*`. */
export interface CompiledPattern {
  /** The literal text before the first `*` (and before a final `$`). */
  readonly prefix: string;
  /** The literal pieces after each `*`, or null when the pattern has no `*`. */
  readonly pieces: readonly string[] | null;
  /** True when the pattern ends with `$`: the path must end where the pattern ends. */
  readonly anchored: boolean;
}

/**
 * Splits an escaped pattern. RFC 9309 §2.2.3: `*` matches any sequence of characters, and a `$`
 * is special only as the pattern's last character.
 */
export function compilePattern(pattern: string): CompiledPattern {
  const anchored = pattern.length > 0 && pattern.charCodeAt(pattern.length - 1) === 0x24;
  const end = anchored ? pattern.length - 1 : pattern.length;
  const star = pattern.indexOf('*');
  if (star < 0 || star >= end) {
    return { prefix: anchored ? pattern.slice(0, end) : pattern, pieces: null, anchored };
  }
  return { prefix: pattern.slice(0, star), pieces: splitPieces(pattern, star + 1, end), anchored };
}

/**
 * `pattern.slice(from, end).split('*')`, without the intermediate slice: about three times
 * faster, which counts when a file has thousands of wildcard rules. The array is exact-size: a
 * pushed-to array keeps room for 17 elements, and an index keeps one per wildcard rule.
 */
function splitPieces(pattern: string, from: number, end: number): string[] {
  let star = pattern.indexOf('*', from);
  // Most wildcard rules have one `*`: one piece after it.
  if (star < 0 || star >= end) return [pattern.slice(from, end)];
  const pieces: string[] = [];
  for (let start = from; ; ) {
    if (star < 0 || star >= end) {
      pieces.push(pattern.slice(start, end));
      return pieces.slice();
    }
    pieces.push(pattern.slice(start, star));
    start = star + 1;
    star = pattern.indexOf('*', start);
  }
}

/**
 * Whether `path` matches `compiled`, given that `path` starts with `compiled.prefix`.
 *
 * The pieces are placed greedily, each at its leftmost occurrence after the previous one, which
 * is exact for patterns whose only wildcard is `*`; the anchored last piece must end the path.
 * Cost: at most one native substring search per piece over the path, whatever the pattern.
 */
export function matchesAfterPrefix(compiled: CompiledPattern, path: string): boolean {
  const pieces = compiled.pieces;
  if (pieces === null) return !compiled.anchored || path.length === compiled.prefix.length;
  let pos = compiled.prefix.length;
  const last = pieces.length - 1;
  const tail = pieces[last]!;
  // An anchored pattern's tail must end the path: one cheap comparison rejects most paths
  // before any piece is searched for (each search may scan the whole path).
  if (compiled.anchored && !path.endsWith(tail)) return false;
  for (let i = 0; i < last; i++) {
    const piece = pieces[i]!;
    if (piece.length === 0) continue;
    const at = path.indexOf(piece, pos);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  // The tail ends the path (tested above): it must not overlap the last piece placed.
  if (compiled.anchored) return path.length - tail.length >= pos;
  return tail.length === 0 || path.indexOf(tail, pos) >= 0;
}

/** Whether `path` matches `pattern` (an escaped robots.txt pattern) from its first character. */
export function matchesPattern(pattern: string, path: string): boolean {
  const compiled = compilePattern(pattern);
  return path.startsWith(compiled.prefix) && matchesAfterPrefix(compiled, path);
}

/**
 * Google-specific: an allow pattern whose last segment starts with `index.htm` also allows its
 * directory, as `<dir>/$` (that pattern's length is the priority). The rewritten pattern, or
 * null.
 */
export function indexRewriteOf(pattern: string): string | null {
  // `lastIndexOf` is a slow runtime call in V8: most patterns are ruled out by `indexOf` first.
  if (pattern.indexOf('/index.htm') < 0) return null;
  const slash = pattern.lastIndexOf('/');
  return pattern.startsWith('/index.htm', slash) ? `${pattern.slice(0, slash + 1)}$` : null;
}
