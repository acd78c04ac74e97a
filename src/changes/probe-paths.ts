/**
 * The paths a rule is checked on when verdicts are compared: its pattern with every `*` filled in
 * two ways (empty, and one character) and a final `$` dropped, and a path below each.
 */

/**
 * The paths derived from one rule's pattern (as matched: `Rule.pattern`), none for a pattern that
 * never matches (it starts with neither `/` nor `*`). `/a/*.pdf$` → `/a/.pdf`, `/a/x.pdf`;
 * `/shop` → `/shop`, `/shop/x`.
 */
export function probePaths(pattern: string): string[] {
  if (!pattern.startsWith('/') && !pattern.startsWith('*')) return [];
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const out: string[] = [];
  for (const fill of ['', 'x']) {
    const filled = body.replaceAll('*', fill);
    const path = filled.startsWith('/') ? filled : `/${filled}`;
    if (!out.includes(path)) out.push(path);
    if (anchored) continue;
    const below = path.endsWith('/') ? `${path}x` : `${path}/x`;
    if (!out.includes(below)) out.push(below);
  }
  return out;
}
