/**
 * A `?` written as a regular-expression quantifier (judge 5A, 1778: `/?mygrays?/*`): a `/?` (an
 * optional slash) right before a word, and a second `?` right after that word (an optional last
 * letter, or `=`) before `/`, `*`, `$` or the end. In robots.txt `?` is a literal character, the
 * start of the query, so the rule matches only a query string (`mygrays?/…`) that no link
 * produces. A `?` that starts a query (`/*?sort=`, `/?q=`, `/search?*`) has no second `?` after
 * a bare word: not this.
 */
const REGEX_QUESTION = /\/\?([A-Za-z0-9_-]+=?)\?(?=[/*$]|$)/;

/** The literal paths the expression stands for (`/mygrays/`, `/mygray/`), if it is one. */
export function regexQuestion(value: string): { readonly paths: readonly string[] } | undefined {
  const m = REGEX_QUESTION.exec(value);
  if (m === null) return undefined;
  const word = m[1]!;
  const before = value.slice(0, m.index);
  const paths = [word, word.slice(0, -1)]
    .filter((w) => /[A-Za-z0-9]/.test(w))
    .map((w) => `${before}/${w}/`);
  return { paths };
}
