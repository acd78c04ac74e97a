/**
 * Fetching a robots.txt and turning the outcome into a policy, as RFC 9309 §2.3.1 says: the
 * body's rules for a success, everything allowed when the file is unavailable (4xx), everything
 * disallowed when it is unreachable (5xx, 429, network failure, timeout). Outcomes are data; only
 * bad input and the caller's abort throw.
 */

import { argumentError } from '../errors.js';
import { resolveOptions } from '../parse/body.js';
import { parseResolved } from '../robots.js';
import type { ParseOptions, RobotsPolicy, RobotsTxt } from '../types.js';
import { parseCacheLifetime, parseRetryAfter } from './http-headers.js';
import { allowAll, disallowAll } from './outcome-policy.js';
import { discard, readAtMost, untilAborted } from './read-stream.js';
import { robotsTxtLocation } from './robots-url.js';

/**
 * The three outcomes of RFC 9309 §2.3.1: `ok` (2xx, the body's rules apply), `unavailable` (4xx
 * other than 429, or a redirect that leads nowhere: every URL is allowed), `unreachable` (429, 5xx,
 * a network failure, a timeout, a malformed response: every URL is disallowed).
 */
export type FetchStatus = 'ok' | 'unavailable' | 'unreachable';

/** Milliseconds a fetch may take by default (all redirect hops and the body). */
export const DEFAULT_TIMEOUT: number = 10_000;

/** Redirect hops followed by default (RFC 9309 §2.3.1.2: at least five). */
const DEFAULT_MAX_REDIRECTS = 5;

/** The `fetch` that {@link fetchRobotsTxt} calls: the platform's, or one you inject. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Options of {@link fetchRobotsTxt}; the {@link ParseOptions} are passed to the parser. */
export interface FetchRobotsTxtOptions extends ParseOptions {
  /**
   * Milliseconds the whole fetch may take — every redirect hop and the body — before the origin is
   * deemed unreachable. A body that stalls is cut off by this too.
   * @default 10000
   */
  readonly timeout?: number;
  /**
   * The `User-Agent` header sent. Name your crawler here (RFC 9309 §2.2.1: its product token
   * should appear in it). Browsers may ignore it.
   * @default undefined (the platform's own header)
   */
  readonly userAgent?: string;
  /**
   * The `fetch` to use, e.g. one with a proxy dispatcher or a test double.
   * @default globalThis.fetch
   */
  readonly fetch?: FetchFunction;
  /** Aborts the fetch; the returned promise then rejects with the signal's reason (`AbortError`). */
  readonly signal?: AbortSignal;
  /**
   * Redirect hops followed (RFC 9309 §2.3.1.2 asks for at least five). One more hop, or a loop,
   * makes the file unavailable.
   * @default 5
   */
  readonly maxRedirects?: number;
}

/** What every outcome of {@link fetchRobotsTxt} reports. */
export interface FetchRobotsTxtResultBase {
  /** The outcome. */
  readonly status: FetchStatus;
  /** The verdicts: the file's rules, or the allow-all / disallow-all of the outcome. */
  readonly robots: RobotsPolicy;
  /** The robots.txt URL first requested. */
  readonly url: string;
  /** `scheme://host[:port]` of {@link url}: the rules apply to this authority even after redirects. */
  readonly origin: string;
  /** The last URL requested (equal to {@link url} without redirects). */
  readonly finalUrl: string;
  /** The URLs redirected to, in order. */
  readonly redirects: readonly string[];
  /** The HTTP status of the last response, absent when none came. */
  readonly httpStatus?: number;
  /** The `Content-Type` of the last response, absent when none came or it had none. */
  readonly contentType?: string;
  /**
   * Body bytes kept, after content decoding (gzip, br): at most `maxBytes`. The parser's own
   * `robots.bytesRead` can be smaller: it stops at the last line the limit does not cut.
   */
  readonly bytesRead: number;
  /** True when the body was longer than `maxBytes` and the rest was not read. */
  readonly truncated: boolean;
  /** Milliseconds the fetch took. */
  readonly elapsed: number;
  /**
   * Seconds the response may be cached, from `Cache-Control: max-age` or else `Expires`; absent
   * when the response says nothing. Caches bound it (RFC 9309 §2.4).
   */
  readonly maxAge?: number;
  /** Seconds to wait before asking again, from `Retry-After` (sent with 429 and 503). */
  readonly retryAfter?: number;
  /** One sentence a person can read: what happened and what it means for crawling. */
  readonly reason: string;
}

/** A 2xx response: its body's rules apply (RFC 9309 §2.3.1.1). */
export interface FetchRobotsTxtOk extends FetchRobotsTxtResultBase {
  readonly status: 'ok';
  readonly robots: RobotsTxt;
  readonly httpStatus: number;
  /**
   * The bytes handed to the parser: the decoded body up to `maxBytes`, plus one byte when it was
   * longer (so a parse of `body` with the same options gives the same `robots`, `truncated` set).
   */
  readonly body: Uint8Array;
}

/** No robots.txt (RFC 9309 §2.3.1.3): every URL is allowed. */
export interface FetchRobotsTxtUnavailable extends FetchRobotsTxtResultBase {
  readonly status: 'unavailable';
}

/** The robots.txt could not be had (RFC 9309 §2.3.1.4): every URL is disallowed. */
export interface FetchRobotsTxtUnreachable extends FetchRobotsTxtResultBase {
  readonly status: 'unreachable';
  /** Why: the network error (with its code, e.g. `ECONNREFUSED`), the timeout or the status. */
  readonly error: string;
}

/** The outcome of {@link fetchRobotsTxt}, discriminated on `status`. */
export type FetchRobotsTxtResult =
  | FetchRobotsTxtOk
  | FetchRobotsTxtUnavailable
  | FetchRobotsTxtUnreachable;

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
 * | 429, 5xx, DNS/connect/reset, timeout, malformed, stalled body | `unreachable` | disallow all |
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

/** Fetch options checked and with their defaults (see {@link resolveFetchOptions}). */
export interface ResolvedFetchOptions {
  readonly timeout: number;
  readonly userAgent: string | undefined;
  readonly fetch: FetchFunction;
  readonly maxRedirects: number;
  /** How the body is parsed; its `maxBytes` also caps the bytes read. */
  readonly parse: Required<ParseOptions>;
}

/**
 * Fills in the defaults of fetch options and checks them, throwing a TypeError that names a bad
 * one: callers that keep options for later fetches (the client) resolve them once.
 */
export function resolveFetchOptions(
  options: FetchRobotsTxtOptions,
  caller = 'fetchRobotsTxt',
): ResolvedFetchOptions {
  const {
    timeout = DEFAULT_TIMEOUT,
    userAgent,
    fetch = globalThis.fetch,
    maxRedirects = DEFAULT_MAX_REDIRECTS,
  } = options;
  checkOption(caller, 'timeout', timeout, 'a positive number', (value) => value > 0);
  checkOption(
    caller,
    'maxRedirects',
    maxRedirects,
    'a whole number ≥ 0',
    (v) => Number.isInteger(v) && v >= 0,
  );
  // The body is read into a buffer of maxBytes + 1 bytes: a whole number, where the parser alone
  // accepts any (Infinity included).
  if (options.maxBytes !== undefined) {
    checkOption(
      caller,
      'maxBytes',
      options.maxBytes,
      'a whole number ≥ 0',
      (v) => Number.isInteger(v) && v >= 0,
    );
  }
  if (typeof fetch !== 'function') {
    throw argumentError(
      caller,
      'options.fetch',
      'a function (no global fetch on this platform)',
      fetch,
    );
  }
  return {
    timeout,
    userAgent,
    fetch,
    maxRedirects,
    parse: resolveOptions(options, caller),
  };
}

/** {@link fetchRobotsTxt} with options already resolved. */
export async function fetchWithOptions(
  url: string | URL,
  options: ResolvedFetchOptions,
  signal?: AbortSignal,
): Promise<FetchRobotsTxtResult> {
  const { timeout, userAgent, fetch: fetchFunction, maxRedirects, parse } = options;
  const { maxBytes } = parse;
  const location = robotsTxtLocation(url, 'fetchRobotsTxt');
  signal?.throwIfAborted();

  // One deadline for all hops and the body; the caller's signal is linked in, so that an abort is
  // told apart from a timeout (the first throws, the second is an outcome).
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeout === Number.POSITIVE_INFINITY
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new Error(`timed out after ${timeout} ms`));
        }, timeout);
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });

  const started = performance.now();
  const redirects: string[] = [];
  let current = location.url;
  let httpStatus: number | undefined;
  let contentType: string | undefined;
  const base = (): Omit<FetchRobotsTxtResultBase, 'status' | 'robots' | 'reason'> => ({
    url: location.url,
    origin: location.origin,
    finalUrl: current,
    redirects,
    ...(httpStatus === undefined ? {} : { httpStatus }),
    ...(contentType === undefined ? {} : { contentType }),
    bytesRead: 0,
    truncated: false,
    elapsed: performance.now() - started,
  });
  const unreachable = (error: string, extra: { retryAfter?: number } = {}) => {
    const reason = `robots.txt unreachable (${error}), so every URL is disallowed (RFC 9309 §2.3.1.4)`;
    return {
      ...base(),
      ...extra,
      status: 'unreachable',
      robots: disallowAll(reason),
      reason,
      error,
    } satisfies FetchRobotsTxtUnreachable;
  };
  const unavailable = (why: string, extra: { maxAge?: number } = {}) => {
    const reason = `robots.txt unavailable (${why}), so every URL is allowed (RFC 9309 §2.3.1.3)`;
    return {
      ...base(),
      ...extra,
      status: 'unavailable',
      robots: allowAll(reason),
      reason,
    } satisfies FetchRobotsTxtUnavailable;
  };

  try {
    const headers: Record<string, string> =
      userAgent === undefined ? {} : { 'user-agent': userAgent };
    for (;;) {
      let response: Response;
      try {
        response = await untilAborted(
          fetchFunction(current, { redirect: 'manual', signal: controller.signal, headers }),
          controller.signal,
        );
        if (response.type === 'opaqueredirect') {
          // Browsers hide the Location of a manual redirect; let the platform follow instead
          // (deviation: it follows up to 20 hops, not `maxRedirects`).
          response = await untilAborted(
            fetchFunction(current, { redirect: 'follow', signal: controller.signal, headers }),
            controller.signal,
          );
          if (response.redirected && response.url !== '') redirects.push(response.url);
          if (response.url !== '') current = response.url;
        }
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        return unreachable(timedOut ? `timed out after ${timeout} ms` : describeError(error));
      }
      httpStatus = response.status;
      contentType = response.headers.get('content-type') ?? undefined;
      const now = Date.now();

      if (httpStatus >= 300 && httpStatus < 400) {
        discard(response);
        // RFC 9309 §2.3.1.2: follow at least five hops; beyond that, or when the redirect can't
        // be followed, the file is treated as unavailable (Google: as a 404).
        const target = resolveLocation(response.headers.get('location'), current);
        if (target === undefined)
          return unavailable(`HTTP ${httpStatus} without a usable Location`);
        if (target === location.url || redirects.includes(target)) {
          return unavailable(`redirect loop back to ${target}`);
        }
        if (redirects.length >= maxRedirects) {
          return unavailable(`more than ${maxRedirects} redirects`);
        }
        redirects.push(target);
        current = target;
        continue;
      }

      if (httpStatus >= 200 && httpStatus < 300) {
        let bytes: Uint8Array;
        try {
          // One byte past the limit tells the parser (and us) that the body was longer.
          bytes = await readAtMost(response, maxBytes + 1, controller.signal);
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          const why = timedOut ? `body not complete after ${timeout} ms` : describeError(error);
          return unreachable(`HTTP ${httpStatus}, ${why}`);
        }
        const robots = parseResolved(bytes, parse);
        const truncated = bytes.byteLength > maxBytes;
        const maxAge = parseCacheLifetime(response.headers, now);
        return {
          ...base(),
          ...(maxAge === undefined ? {} : { maxAge }),
          status: 'ok',
          robots,
          httpStatus,
          body: bytes,
          bytesRead: Math.min(bytes.byteLength, maxBytes),
          truncated,
          reason:
            `robots.txt fetched (HTTP ${httpStatus}${truncated ? `, cut at ${maxBytes} bytes` : ''})` +
            ', its rules apply (RFC 9309 §2.3.1.1)',
        } satisfies FetchRobotsTxtOk;
      }

      discard(response);
      if (httpStatus >= 400 && httpStatus < 500 && httpStatus !== 429) {
        const maxAge = parseCacheLifetime(response.headers, now);
        return unavailable(`HTTP ${httpStatus}`, maxAge === undefined ? {} : { maxAge });
      }
      // 429 is listed with 5xx: the server is there but refuses to answer now (Google treats it so).
      const retryAfter = parseRetryAfter(response.headers, now);
      const mapped = httpStatus === 429 || (httpStatus >= 500 && httpStatus < 600);
      const what = mapped ? '' : ' (not a status RFC 9309 maps)';
      return unreachable(
        `HTTP ${httpStatus}${what}`,
        retryAfter === undefined ? {} : { retryAfter },
      );
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function resolveLocation(location: string | null, base: string): string | undefined {
  if (location === null || location.trim() === '') return undefined;
  let target: URL;
  try {
    target = new URL(location, base);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  target.hash = '';
  return target.href;
}

/** `fetch failed (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9)`: the message with its causes. */
function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      parts.push(typeof code === 'string' ? `${code}: ${current.message}` : current.message);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  const [first = 'unknown error', ...rest] = parts;
  return rest.length === 0 ? first : `${first} (${rest.join('; ')})`;
}

function checkOption(
  caller: string,
  name: string,
  value: number,
  expected: string,
  valid: (value: number) => boolean,
): void {
  // Every rule rejects NaN (its comparisons are false).
  if (typeof value !== 'number' || !valid(value)) {
    throw argumentError(caller, `options.${name}`, expected, value);
  }
}
