/**
 * Disable comments: `# robotstxt-disable-next-line CODE, CODE` turns those codes off for the next
 * line, `# robotstxt-disable-line CODE` for its own line; without codes, every code. Codes that
 * are not diagnostic codes are ignored.
 */

import { diagnosticCatalog } from './catalog.js';
import type { LintContext } from './context.js';
import type { DiagnosticCode } from './types.js';

const MARK = 'robotstxt-disable-';
const COMMENT = /^#\s*robotstxt-disable-(next-line|line)(?=[\s,]|$)([^#]*)/;

/** Line number → the codes disabled on it (an empty set: all of them). */
export function disabledCodes(
  context: Pick<LintContext, 'text' | 'lines'>,
): Map<number, Set<DiagnosticCode>> {
  const disabled = new Map<number, Set<DiagnosticCode>>();
  const { text, lines } = context;
  let at = text.indexOf(MARK);
  if (at < 0) return disabled;
  // Only lines holding the mark are looked at: one search through the body in all.
  for (let line = 1; line < lines.length && at >= 0; line++) {
    const span = lines[line]!;
    if (at >= span.end) continue;
    const hash = text.lastIndexOf('#', at);
    const comment = hash >= span.start ? COMMENT.exec(text.slice(hash, span.end)) : null;
    if (comment !== null) {
      const target = comment[1] === 'next-line' ? line + 1 : line;
      const codes = comment[2]!
        .split(/[\s,]+/)
        .filter((c): c is DiagnosticCode => c !== '' && Object.hasOwn(diagnosticCatalog, c));
      const all = comment[2]!.trim() === '';
      const set = disabled.get(target) ?? new Set<DiagnosticCode>();
      // `all` is kept as the empty set; codes added to an existing "all" set would narrow it.
      if (all) set.clear();
      else if (!(disabled.has(target) && set.size === 0)) for (const c of codes) set.add(c);
      disabled.set(target, set);
    }
    at = text.indexOf(MARK, span.end);
  }
  return disabled;
}
