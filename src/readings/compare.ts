/**
 * Side by side: one file's verdicts under every reading — Google's, the strict RFC's, the 1996
 * draft's and Python's robotparser's — so a site owner sees where crawlers will disagree.
 */

import { INTERPRETATIONS } from '../parse/body.js';
import type { Interpretation, Readings, ReadingVerdict } from '../types.js';

/**
 * Each reading's name for people, as tables and sentences show it (`INTERPRETATIONS` names them
 * in code).
 * @example
 * READING_NAMES['python-urllib-rfc9309']; // "Python's RFC 9309 robotparser"
 */
export const READING_NAMES: Readonly<Record<Interpretation, string>> = {
  google: 'Google',
  rfc9309: 'RFC 9309',
  'draft-1996': 'the 1996 draft',
  'python-urllib': "Python's robotparser",
  'python-urllib-rfc9309': "Python's RFC 9309 robotparser",
};

/**
 * Every reading's verdict for `url` and `agent`, in the order of `INTERPRETATIONS` (Google's
 * first). `robots.compare(url, agent)` is the same for a parsed file.
 */
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
