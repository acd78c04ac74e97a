/** What `check --usage` prints: each purpose's answer for a URL, in text or JSON. */

import { formatPurposeCell, USAGE_PURPOSES, type UsageResult } from 'robots-rep/ai-preferences';
import { paint } from '../util/ansi.js';
import { terminalSafe } from '../util/terminal.js';

/** `            usage: search allowed (line 20) · ai-input unknown · ai-train disallowed (line 20)`. */
export function formatUsage(result: UsageResult, explain: boolean, color: boolean): string {
  const parts = USAGE_PURPOSES.map((purpose) => {
    const decision = result.purposes[purpose];
    const shade =
      decision.verdict === 'allowed' ? 'green' : decision.verdict === 'unknown' ? 'dim' : 'red';
    return `${purpose} ${paint(color, shade, formatPurposeCell(decision))}`;
  });
  if (result.use.level !== null) {
    parts.push(
      `use=${result.use.level} (line${result.use.lines.length > 1 ? 's' : ''} ${result.use.lines.join(', ')})`,
    );
  }
  let out = `            usage: ${parts.join(' · ')}\n`;
  if (explain) {
    // A URL that may not be fetched has one reason, the same for every purpose.
    const reasons = new Set(USAGE_PURPOSES.map((purpose) => result.purposes[purpose].reason));
    for (const reason of reasons) out += `            ${terminalSafe(reason)}\n`;
    for (const rule of result.rules) {
      if (!rule.parsed) {
        out += `            line ${rule.line}: the Content-Usage statement is not a dictionary: every category unknown\n`;
      }
    }
  }
  return out;
}

/** The result as JSON: each purpose, each category of both vocabularies, `use`, the lines read. */
export function usageJson(result: UsageResult): Record<string, unknown> {
  return {
    purposes: result.purposes,
    contentUsage: result.contentUsage,
    contentSignal: result.contentSignal,
    use: result.use,
    rules: result.rules,
    ...(result.headers.length === 0
      ? {}
      : {
          headers: result.headers.map((h) => ({
            text: h.text,
            parsed: h.parsed,
            ...(h.error === undefined ? {} : { error: h.error }),
          })),
        }),
  };
}
