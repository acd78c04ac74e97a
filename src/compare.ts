/**
 * Side by side: one file under every reading — Google's, the strict RFC's, the 1996 draft's and
 * Python's robotparser's — so a site owner sees where crawlers will disagree.
 */

import { INTERPRETATIONS, resolveOptions } from './parse/body.js';
import { parseResolved } from './robots.js';
import type { Explanation, Interpretation, ParseOptions, RobotsTxt } from './types.js';

/** A file parsed under every reading. */
export type Readings = Readonly<Record<Interpretation, RobotsTxt>>;

/** One reading's answer for a URL and agent. */
export interface ReadingVerdict {
  readonly interpretation: Interpretation;
  readonly allowed: boolean;
  /** The deciding line under that reading, 0 when no rule decided. */
  readonly line: number;
  /** That reading's explanation. */
  readonly explanation: Explanation;
}

/**
 * Parses `body` under every reading (`options.interpretation` is ignored).
 *
 * @example
 * const readings = parseReadings('User-agent: *\nDisallow: /*.pdf\n');
 * readings.google.isAllowed('https://e.com/a.pdf', 'Bot'); // false
 * readings['draft-1996'].isAllowed('https://e.com/a.pdf', 'Bot'); // true
 */
export function parseReadings(
  body: string | Uint8Array | ArrayBuffer,
  options?: ParseOptions,
): Readings {
  const { interpretation: _, ...rest } = options ?? {};
  const entries = INTERPRETATIONS.map((interpretation) => [
    interpretation,
    parseResolved(body, resolveOptions({ ...rest, interpretation }, 'parseReadings')),
  ]);
  return Object.fromEntries(entries) as Record<Interpretation, RobotsTxt>;
}

/** Every reading's verdict for `url` and `agent`, Google's first. */
export function compareReadings(
  readings: Readings,
  url: string | URL,
  agent: string | readonly string[],
): ReadingVerdict[] {
  return INTERPRETATIONS.map((interpretation) => {
    const explanation = readings[interpretation].explain(url, agent);
    return { interpretation, allowed: explanation.allowed, line: explanation.line, explanation };
  });
}

/** Whether the readings disagree on the verdict. */
export function readingsDisagree(verdicts: readonly ReadingVerdict[]): boolean {
  return verdicts.some((v) => v.allowed !== verdicts[0]?.allowed);
}
