/** AI usage preferences per URL and purpose for one crawler, as the AI tab shows them. */

import {
  formatPurposeCell,
  USAGE_PURPOSES,
  type UsagePurpose,
  usage,
} from '../../src/ai-preferences/index.js';
import { crawlerGroup, type RobotsTxt } from '../../src/index.js';
import { urlOf } from './evaluate.js';

/** The AI view shows this many URLs of the list (the first ones). */
export const AI_URLS = 50;

/** One purpose of one URL. */
export interface AiCell {
  readonly purpose: UsagePurpose;
  readonly verdict: string;
  /** `formatPurposeCell`'s text. */
  readonly text: string;
  readonly reason: string;
  /** The first deciding line, 0 when none. */
  readonly line: number;
}

/** What the AI tab shows. */
export interface AiView {
  readonly agent: string | undefined;
  /** Content-Usage and Content-Signal lines in the draft. */
  readonly statements: number;
  readonly rows: readonly { readonly entry: string; readonly cells: readonly AiCell[] }[];
  readonly urlCount: number;
}

/** `usage` of the first {@link AI_URLS} URLs for `agent`, per purpose. */
export function aiView(
  robots: RobotsTxt,
  urls: readonly string[],
  agent: string | undefined,
): AiView {
  const statements = robots.directives.filter((d) =>
    /^content-(usage|signal)$/i.test(d.key),
  ).length;
  // The crawler model's token: a crawler that follows another's group reads its preferences too.
  const readAs = agent === undefined ? undefined : (crawlerGroup(robots, agent).query ?? agent);
  const rows =
    readAs === undefined
      ? []
      : urls.slice(0, AI_URLS).map((entry) => {
          const result = usage(robots, urlOf(entry), readAs);
          return {
            entry,
            cells: USAGE_PURPOSES.map((purpose) => {
              const decision = result.purposes[purpose];
              return {
                purpose,
                verdict: decision.verdict,
                text: formatPurposeCell(decision),
                reason: decision.reason,
                line: decision.lines[0] ?? 0,
              };
            }),
          };
        });
  return { agent, statements, rows, urlCount: urls.length };
}
