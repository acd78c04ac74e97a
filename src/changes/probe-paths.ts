/**
 * The paths a rule is checked on when verdicts are compared: its pattern with every `*` filled in
 * two ways (empty, and one character) and a final `$` dropped, and a path below each.
 */

/**
 * The paths derived from one rule's pattern (as matched: `Rule.pattern`), none for a pattern that
 * never matches (it starts with neither `/` nor `*`). `/a/*.pdf$` → `/a/.pdf`, `/a/x.pdf`;
 * `/shop` → `/shop`, `/shop/x`.
 */
export function probePaths(pattern: string): readonly string[] {
  let paths = known.get(pattern);
  if (paths === undefined) {
    paths = derive(pattern);
    // Lint derives the same rules' paths once a fix it verifies (hundreds of fixes of one group).
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(pattern, paths);
  }
  return paths;
}

const MAX_KNOWN = 8192;
const known = new Map<string, readonly string[]>();

function derive(pattern: string): string[] {
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
