/**
 * Fetching a robots.txt and turning the outcome into a policy, as RFC 9309 §2.3.1 says: the
 * body's rules for a success, everything allowed when the file is unavailable (4xx), everything
 * disallowed when it is unreachable (5xx, 429, network failure, timeout). Outcomes are data; only
 * bad input and the caller's abort throw.
 */

import { parseResolved } from '../robots.js';
import type { Interpretation, ParseOptions, RobotsTxt } from '../types.js';
import { type Deadline, startDeadline } from './deadline.js';
import { describeError, findRefusal } from './describe-error.js';
import { ftpReplyOf, ftpReplyOutcome } from './ftp.js';
import {
  conditionalHeaders,
  parseCacheLifetime,
  parseRetryAfter,
  parseValidators,
  type Validators,
} from './http-headers.js';
import {
  type FetchInit,
  type FetchResponse,
  type FetchRobotsTxtOptions,
  type ResolvedFetchOptions,
  resolveFetchOptions,
} from './options.js';
import {
  type FetchTrace,
  notModified,
  ok,
  startTrace,
  unavailable,
  unreachable,
} from './outcomes.js';
import { discard, readAtMost, untilAborted } from './read-stream.js';
import {
  readingFtpOutcome,
  readingRedirectOutcome,
  readingStatusOutcome,
} from './reading-outcomes.js';
import { nextHop } from './redirect.js';
import type { FetchNotModified, FetchRobotsTxtResult } from './result.js';
import { robotsTxtLocation } from './robots-url.js';

/**
 * Fetches the robots.txt that governs `url` and maps the outcome as RFC 9309 §2.3.1 and Google
 * do. Never rejects for an HTTP or network outcome: those come back as `status`.
 *
 * | Response | `status` | Verdict |
 * |---|---|---|
 * | 2xx | `ok` | the body's rules (first `maxBytes` decoded bytes) |
 * | 3xx | — | followed, up to `maxRedirects` hops, across hosts |
 * | more hops, a loop, no `Location` | `unavailable` | allow all |
 * | 4xx except 429 | `unavailable` | allow all |
 * | 429, 5xx, DNS/connect/reset, timeout, malformed, stalled or cut body | `unreachable` | disallow all |
 * | redirect from https to http | `unreachable` (`refused: 'downgrade'`) | disallow all |
 *
 * With `interpretation: 'python-urllib'` or `'python-urllib-rfc9309'`, a failed fetch maps as
 * Python's `RobotFileParser.read()` maps it instead (401/403 disallow, 429 allows as any 4xx, a
 * redirect leading nowhere disallows): docs/readings.md, "Fetch outcomes".
 *
 * `ftp:` URLs need FTP, which only `robots-rep/node` has; here they are unreachable.
 *
 * This entry has **no address policy**: it fetches whatever `options.fetch` can reach, loopback
 * and private addresses included. On Node, import `fetchRobotsTxt` from `robots-rep/node`.
 *
 * @throws {RobotsTxtError} when `url` has no robots.txt (see `robotsTxtUrl`).
 * @throws the signal's reason (an `AbortError`) when `options.signal` aborts.
 * @example
 * ```ts
 * const result = await fetchRobotsTxt('https://example.com/some/page', { userAgent: 'FooBot/1.0' });
 * if (result.status === 'unreachable') log.warn(result.error);
 * result.robots.isAllowed('https://example.com/some/page', 'FooBot'); // boolean
 * ```
 */
export async function fetchRobotsTxt(
  url: string | URL,
  options: FetchRobotsTxtOptions = {},
): Promise<FetchRobotsTxtResult> {
  return fetchWithOptions(url, resolveFetchOptions(options), options.signal);
}

/** {@link fetchRobotsTxt} with options already resolved. */
export function fetchWithOptions(
  url: string | URL,
  options: ResolvedFetchOptions,
  signal?: AbortSignal,
): Promise<FetchRobotsTxtResult> {
  return fetchAny(url, options, signal, undefined);
}

/**
 * The client's fetch: a refresh of a copy that had `validators` (if any): an HTTP(S) request
 * carries them as `If-None-Match` / `If-Modified-Since`, and a `304` answers `not-modified`; a
 * server that ignores them answers as to any request. FTP has no conditional request: fetched
 * whole. A body is parsed only when the result's `robots` is first read: the client parses the
 * copy it keeps instead, and gives the result those rules (`settleRules`).
 * @internal
 */
export function fetchIfModified(
  url: string | URL,
  options: ResolvedFetchOptions,
  validators: Validators | undefined,
): Promise<FetchRobotsTxtResult | FetchNotModified> {
  return fetchAny(url, options, undefined, validators, true);
}

async function fetchAny(
  url: string | URL,
  options: ResolvedFetchOptions,
  signal: AbortSignal | undefined,
  validators: undefined,
  lazy?: boolean,
): Promise<FetchRobotsTxtResult>;
async function fetchAny(
  url: string | URL,
  options: ResolvedFetchOptions,
  signal: AbortSignal | undefined,
  validators: Validators | undefined,
  lazy?: boolean,
): Promise<FetchRobotsTxtResult | FetchNotModified>;
async function fetchAny(
  url: string | URL,
  options: ResolvedFetchOptions,
  signal: AbortSignal | undefined,
  validators: Validators | undefined,
  lazy = false,
): Promise<FetchRobotsTxtResult | FetchNotModified> {
  const location = robotsTxtLocation(url, 'fetchRobotsTxt');
  signal?.throwIfAborted();
  const deadline = startDeadline(options.timeout, signal);
  const trace = startTrace(location);
  try {
    return location.url.startsWith('ftp:')
      ? await fetchOverFtp(trace, options, deadline, signal, lazy)
      : await fetchOverHttp(trace, options, deadline, signal, validators, lazy);
  } finally {
    deadline.dispose();
  }
}

/** The rules of `body`: parsed now, or (`lazy`) when first read. */
function rulesOf(
  body: Uint8Array,
  parse: Required<ParseOptions>,
  lazy: boolean,
): RobotsTxt | (() => RobotsTxt) {
  return lazy ? () => parseResolved(body, parse) : parseResolved(body, parse);
}

/** The outcome of a request that failed: the caller's abort rethrown, a refusal, a timeout. */
function failure(
  trace: FetchTrace,
  error: unknown,
  deadline: Deadline,
  timeout: number,
  signal: AbortSignal | undefined,
): FetchRobotsTxtResult {
  if (signal?.aborted) throw signal.reason;
  const refusal = findRefusal(error);
  if (refusal !== undefined) {
    return unreachable(trace, `address refused: ${refusal.message}`, {
      refused: refusal.refusal,
    });
  }
  return unreachable(
    trace,
    deadline.timedOut() ? `timed out after ${timeout} ms` : describeError(error),
  );
}

async function fetchOverHttp(
  trace: FetchTrace,
  options: ResolvedFetchOptions,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  validators: Validators | undefined,
  lazy: boolean,
): Promise<FetchRobotsTxtResult | FetchNotModified> {
  const { timeout, userAgent, fetch: fetchFunction, maxRedirects } = options;
  const headers: Record<string, string> = {
    ...options.headers,
    ...(userAgent === undefined ? {} : { 'user-agent': userAgent }),
    ...(validators === undefined ? {} : conditionalHeaders(validators)),
  };
  const init = (redirect: 'manual' | 'follow'): FetchInit => ({
    redirect,
    signal: deadline.signal,
    headers,
  });
  for (;;) {
    let response: FetchResponse;
    try {
      response = await request(trace, fetchFunction, init, deadline.signal);
    } catch (error) {
      return failure(trace, error, deadline, timeout, signal);
    }
    const httpStatus = response.status;
    trace.httpStatus = httpStatus;
    trace.contentType = response.headers.get('content-type') ?? undefined;
    const now = Date.now();

    // RFC 9110 §15.4.5: only a conditional request is answered 304 (elsewhere it is a 3xx
    // without a target, as RFC 9309 maps it).
    if (httpStatus === 304 && validators !== undefined) {
      discard(response);
      return notModified(trace, parseCacheLifetime(response.headers, now));
    }
    if (httpStatus >= 300 && httpStatus < 400) {
      discard(response);
      // RFC 9309 §2.3.1.2: follow at least five hops; beyond that, or when the redirect can't
      // be followed, the file is treated as unavailable (Google: as a 404).
      const step = nextHop(httpStatus, response.headers.get('location'), {
        first: trace.location.url,
        current: trace.current,
        redirects: trace.redirects,
        maxRedirects,
      });
      if (step.type === 'unavailable') {
        const own = readingRedirectOutcome(options.parse.interpretation, step.why);
        return own === undefined
          ? unavailable(trace, step.why)
          : unreachable(trace, `${step.why}: ${own.why}`, { reason: own.reason });
      }
      if (step.type === 'downgrade') {
        return unreachable(
          trace,
          `HTTP ${httpStatus} from https to ${step.target} refused: rules sent over plain http could have been rewritten on the way`,
          { refused: 'downgrade' },
        );
      }
      trace.redirects.push(step.target);
      trace.current = step.target;
      continue;
    }

    if (httpStatus >= 200 && httpStatus < 300) {
      return readSuccess(trace, response, options, deadline, signal, now, lazy);
    }
    discard(response);
    return statusOutcome(trace, response, now, options.parse.interpretation);
  }
}

/** One hop's response; in browsers, which hide a manual redirect's target, the whole chain's. */
async function request(
  trace: FetchTrace,
  fetchFunction: ResolvedFetchOptions['fetch'],
  init: (redirect: 'manual' | 'follow') => FetchInit,
  signal: AbortSignal,
): Promise<FetchResponse> {
  const response = await untilAborted(fetchFunction(trace.current, init('manual')), signal);
  if (response.type !== 'opaqueredirect') return response;
  // Let the platform follow instead (deviation: it follows up to 20 hops, not `maxRedirects`,
  // and http downgrades).
  const followed = await untilAborted(fetchFunction(trace.current, init('follow')), signal);
  if (followed.redirected && followed.url !== '') trace.redirects.push(followed.url);
  if (followed.url !== '') trace.current = followed.url;
  return followed;
}

/** A 2xx response: its body, read to the limit and parsed, or unreachable when not whole. */
async function readSuccess(
  trace: FetchTrace,
  response: FetchResponse,
  options: ResolvedFetchOptions,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  now: number,
  lazy: boolean,
): Promise<FetchRobotsTxtResult> {
  const { parse, timeout } = options;
  let body: Uint8Array;
  try {
    // One byte past the limit tells the parser (and us) that the body was longer.
    body = await readAtMost(response, parse.maxBytes + 1, deadline.signal);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const why = deadline.timedOut()
      ? `body not complete after ${timeout} ms`
      : `body not received whole: ${describeError(error)}`;
    return unreachable(trace, `HTTP ${response.status}, ${why}`);
  }
  return ok(trace, `HTTP ${response.status}`, {
    robots: rulesOf(body, parse, lazy),
    body,
    maxBytes: parse.maxBytes,
    maxAge: parseCacheLifetime(response.headers, now),
    validators: parseValidators(response.headers),
  });
}

/**
 * The outcome of a status that is neither a redirect nor a success: RFC 9309's, or the one the
 * reading's crawler gives it (`reading-outcomes.ts`).
 */
function statusOutcome(
  trace: FetchTrace,
  response: FetchResponse,
  now: number,
  interpretation: Interpretation,
): FetchRobotsTxtResult {
  const httpStatus = response.status;
  const own = readingStatusOutcome(interpretation, httpStatus);
  if (own?.status === 'unavailable') {
    const maxAge = parseCacheLifetime(response.headers, now);
    return unavailable(trace, `HTTP ${httpStatus}: ${own.why}`, {
      reason: own.reason,
      ...(maxAge === undefined ? {} : { maxAge }),
    });
  }
  if (own !== undefined) {
    const retryAfter = parseRetryAfter(response.headers, now);
    return unreachable(trace, `HTTP ${httpStatus}: ${own.why}`, {
      reason: own.reason,
      ...(retryAfter === undefined ? {} : { retryAfter }),
    });
  }
  if (httpStatus >= 400 && httpStatus < 500 && httpStatus !== 429) {
    const maxAge = parseCacheLifetime(response.headers, now);
    return unavailable(trace, `HTTP ${httpStatus}`, maxAge === undefined ? {} : { maxAge });
  }
  // 429 is listed with 5xx: the server is there but refuses to answer now (Google treats it so).
  const retryAfter = parseRetryAfter(response.headers, now);
  const mapped = httpStatus === 429 || (httpStatus >= 500 && httpStatus < 600);
  const what = mapped ? '' : ' (not a status RFC 9309 maps)';
  return unreachable(
    trace,
    `HTTP ${httpStatus}${what}`,
    retryAfter === undefined ? {} : { retryAfter },
  );
}

async function fetchOverFtp(
  trace: FetchTrace,
  options: ResolvedFetchOptions,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  lazy: boolean,
): Promise<FetchRobotsTxtResult> {
  const { ftp, parse, timeout } = options;
  if (ftp === undefined) {
    return unreachable(trace, 'no FTP access here: fetch ftp: URLs with robots-rep/node');
  }
  let retrieved: Awaited<ReturnType<typeof ftp>>;
  try {
    retrieved = await untilAborted(
      ftp(trace.current, { signal: deadline.signal, limit: parse.maxBytes + 1 }),
      deadline.signal,
    );
  } catch (error) {
    const reply = ftpReplyOf(error);
    if (reply === undefined || signal?.aborted || deadline.timedOut()) {
      return failure(trace, error, deadline, timeout, signal);
    }
    trace.ftpReply = reply;
    const what = `FTP ${describeError(error)}`;
    if (ftpReplyOutcome(reply) !== 'unavailable') return unreachable(trace, what);
    const own = readingFtpOutcome(parse.interpretation, what);
    return own === undefined
      ? unavailable(trace, what)
      : unreachable(trace, `${what}: ${own.why}`, { reason: own.reason });
  }
  if (retrieved.reply !== undefined) trace.ftpReply = retrieved.reply;
  return ok(trace, 'FTP RETR', {
    robots: rulesOf(retrieved.body, parse, lazy),
    body: retrieved.body,
    maxBytes: parse.maxBytes,
  });
}
