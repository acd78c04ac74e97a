/**
 * A robots.txt that could not be had, as each reading's crawler treats it. RFC 9309 §2.3.1 is the
 * default (and Google's, the RFC's and the 1996 draft's here): 4xx allows every URL; 429, 5xx and
 * failures disallow every URL. Python's `RobotFileParser.read()` maps statuses its own way, and
 * a crawler asked to read as Python does gets Python's outcomes.
 */

import type { Interpretation } from '../types.js';

/**
 * A reading's own outcome for a failed fetch: `unavailable` allows every URL, `unreachable`
 * disallows every URL; `reason` says why in that crawler's terms.
 */
export interface ReadingOutcome {
  readonly status: 'unavailable' | 'unreachable';
  /** What the crawler does, e.g. "Python's robotparser disallows every URL on 401 and 403". */
  readonly why: string;
  /** The sentence a result carries: what happened and {@link why}. */
  readonly reason: string;
}

/** The readings of Python's `urllib.robotparser`, and what `read()` is called in each. */
const PYTHON: Partial<Record<Interpretation, string>> = {
  'python-urllib': "Python's robotparser (CPython 3.11–3.13 before the RFC 9309 rewrite)",
  'python-urllib-rfc9309': "Python's RFC 9309 robotparser",
};

/**
 * `RobotFileParser.read()` on a response that is not a success (urllib raises `HTTPError` for
 * it): 401 and 403 set `disallow_all`; any other 4xx, 429 included, sets `allow_all`. A 5xx sets
 * `disallow_all` since the rewrite; before it nothing is set and nothing read, so `can_fetch`
 * answers false for every URL all the same. Any other status sets nothing: every URL disallowed.
 */
function pythonStatus(
  interpretation: Interpretation,
  who: string,
  httpStatus: number,
): ReadingOutcome {
  const outcome = (status: ReadingOutcome['status'], why: string): ReadingOutcome => ({
    status,
    why,
    reason: `robots.txt answered HTTP ${httpStatus}: ${why}`,
  });
  if (httpStatus === 401 || httpStatus === 403) {
    return outcome('unreachable', `${who} disallows every URL on 401 and 403`);
  }
  if (httpStatus >= 400 && httpStatus < 500) {
    return outcome('unavailable', `${who} allows every URL on any other 4xx`);
  }
  if (httpStatus >= 500 && httpStatus < 600 && interpretation === 'python-urllib-rfc9309') {
    return outcome('unreachable', `${who} disallows every URL on 5xx`);
  }
  return outcome('unreachable', `${who} reads no rules, and then allows no URL`);
}

/**
 * The outcome `interpretation` gives an HTTP response that is neither a success nor a redirect
 * followed, or undefined for RFC 9309's (the default).
 */
export function readingStatusOutcome(
  interpretation: Interpretation,
  httpStatus: number,
): ReadingOutcome | undefined {
  const who = PYTHON[interpretation];
  return who === undefined ? undefined : pythonStatus(interpretation, who, httpStatus);
}

/**
 * The outcome `interpretation` gives a redirect that leads nowhere (too many hops, a loop, no
 * `Location`), or undefined for RFC 9309's (unavailable: every URL allowed). urllib raises
 * `HTTPError` with the 3xx status, which `read()` maps to nothing: every URL disallowed.
 */
export function readingRedirectOutcome(
  interpretation: Interpretation,
  why: string,
): ReadingOutcome | undefined {
  const who = PYTHON[interpretation];
  if (who === undefined) return undefined;
  const what = `${who} reads no rules, and then allows no URL`;
  return { status: 'unreachable', why: what, reason: `robots.txt not reached (${why}): ${what}` };
}

/**
 * The outcome `interpretation` gives an FTP reply that RFC 9309 reads as "no file" (550), or
 * undefined for RFC 9309's (unavailable). urllib raises `URLError`, which `read()` does not catch:
 * the crawler gets no rules, and no URL is allowed.
 */
export function readingFtpOutcome(
  interpretation: Interpretation,
  what: string,
): ReadingOutcome | undefined {
  const who = PYTHON[interpretation];
  if (who === undefined) return undefined;
  const why = `${who} reads no rules, and then allows no URL`;
  return { status: 'unreachable', why, reason: `robots.txt not retrieved (${what}): ${why}` };
}
