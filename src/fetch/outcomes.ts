/**
 * The results of a fetch, built from what was seen on the way: the three outcomes of RFC 9309
 * §2.3.1 with the policy each one fixes.
 */

import type { RobotsTxt } from '../types.js';
import type { Validators } from './http-headers.js';
import { allowAll, disallowAll } from './outcome-policy.js';
import type {
  FetchNotModified,
  FetchRefusal,
  FetchRobotsTxtOk,
  FetchRobotsTxtResultBase,
  FetchRobotsTxtUnavailable,
  FetchRobotsTxtUnreachable,
} from './result.js';
import type { RobotsTxtLocation } from './robots-url.js';

/** What a fetch has seen so far; updated hop by hop. */
export interface FetchTrace {
  readonly location: RobotsTxtLocation;
  readonly started: number;
  readonly redirects: string[];
  /** The URL requested last. */
  current: string;
  httpStatus?: number;
  ftpReply?: number;
  contentType?: string | undefined;
}

/** A trace for a fetch of `location`, starting now. */
export function startTrace(location: RobotsTxtLocation): FetchTrace {
  return { location, started: performance.now(), redirects: [], current: location.url };
}

type Base = Omit<FetchRobotsTxtResultBase, 'status' | 'robots' | 'reason'>;

function base(trace: FetchTrace): Base {
  const { httpStatus, ftpReply, contentType } = trace;
  return {
    url: trace.location.url,
    origin: trace.location.origin,
    finalUrl: trace.current,
    redirects: trace.redirects,
    ...(httpStatus === undefined ? {} : { httpStatus }),
    ...(ftpReply === undefined ? {} : { ftpReply }),
    ...(contentType === undefined ? {} : { contentType }),
    bytesRead: 0,
    truncated: false,
    elapsed: performance.now() - trace.started,
  };
}

/**
 * Every URL disallowed (RFC 9309 §2.3.1.4), for `error`; `reason`, given, says why in the terms
 * of the reading that maps the outcome so (`reading-outcomes.ts`).
 */
export function unreachable(
  trace: FetchTrace,
  error: string,
  extra: {
    readonly retryAfter?: number;
    readonly refused?: FetchRefusal;
    readonly reason?: string;
  } = {},
): FetchRobotsTxtUnreachable {
  const { reason: given, ...rest } = extra;
  const reason =
    given ?? `robots.txt unreachable (${error}), so every URL is disallowed (RFC 9309 §2.3.1.4)`;
  return {
    ...base(trace),
    ...rest,
    status: 'unreachable',
    robots: disallowAll(reason),
    reason,
    error,
  };
}

/** Every URL allowed (RFC 9309 §2.3.1.3), because of `why`; `reason` as for `unreachable`. */
export function unavailable(
  trace: FetchTrace,
  why: string,
  extra: { readonly maxAge?: number; readonly reason?: string } = {},
): FetchRobotsTxtUnavailable {
  const { reason: given, ...rest } = extra;
  const reason =
    given ?? `robots.txt unavailable (${why}), so every URL is allowed (RFC 9309 §2.3.1.3)`;
  return { ...base(trace), ...rest, status: 'unavailable', robots: allowAll(reason), reason };
}

/**
 * The body's rules apply (RFC 9309 §2.3.1.1); `what` names the response (`HTTP 200`). `robots`
 * given as a function is parsed when first read (see {@link settleRules}).
 */
export function ok(
  trace: FetchTrace,
  what: string,
  fetched: {
    readonly robots: RobotsTxt | (() => RobotsTxt);
    readonly body: Uint8Array;
    readonly maxBytes: number;
    readonly maxAge?: number | undefined;
    readonly validators?: Validators | undefined;
  },
): FetchRobotsTxtOk {
  const { robots, body, maxBytes, maxAge, validators } = fetched;
  const truncated = body.byteLength > maxBytes;
  const result = {
    ...base(trace),
    ...(maxAge === undefined ? {} : { maxAge }),
    ...validators,
    status: 'ok' as const,
    robots: robots as RobotsTxt,
    body,
    bytesRead: Math.min(body.byteLength, maxBytes),
    truncated,
    reason:
      `robots.txt fetched (${what}${truncated ? `, cut at ${maxBytes} bytes` : ''})` +
      ', its rules apply (RFC 9309 §2.3.1.1)',
  };
  if (typeof robots === 'function') {
    // In its place among the fields, a value once read.
    Object.defineProperty(result, 'robots', {
      get: () => settleRules(result, robots()),
      enumerable: true,
      configurable: true,
    });
  }
  return result;
}

/**
 * Sets the rules of a result whose body is parsed when first read ({@link ok}), if not read yet,
 * and returns them: the client parses the copy it keeps and gives the fetch those rules (the
 * same bytes under the same options), so that a body it fetches is parsed once.
 */
export function settleRules(result: FetchRobotsTxtOk, robots: RobotsTxt): RobotsTxt {
  if (Object.getOwnPropertyDescriptor(result, 'robots')?.get === undefined) return result.robots;
  Object.defineProperty(result, 'robots', {
    value: robots,
    enumerable: true,
    writable: false,
    configurable: false,
  });
  return robots;
}

/** A 304 to a conditional request: the copy whose validators were sent is current. */
export function notModified(trace: FetchTrace, maxAge: number | undefined): FetchNotModified {
  return {
    status: 'not-modified',
    httpStatus: 304,
    url: trace.location.url,
    finalUrl: trace.current,
    ...(maxAge === undefined ? {} : { maxAge }),
    elapsed: performance.now() - trace.started,
  };
}
