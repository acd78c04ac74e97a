/** The options of `fetchRobotsTxt`: what a caller may set, their defaults, and their checks. */

import { argumentError } from '../errors.js';
import { resolveOptions } from '../parse/body.js';
import type { ParseOptions } from '../types.js';
import type { FtpFunction } from './ftp.js';

/** Milliseconds a fetch may take by default (all redirect hops and the body). */
export const DEFAULT_TIMEOUT: number = 10_000;

/**
 * The `User-Agent` sent when the caller names none: descriptive, so that a server does not
 * answer the platform's bare `node` with a 403 (which would mean "allow everything"). Set your
 * crawler's own.
 */
export const DEFAULT_USER_AGENT: string =
  'robots-rep (robots.txt fetcher; +https://www.npmjs.com/package/robots-rep)';

/** Redirect hops followed by default (RFC 9309 §2.3.1.2: at least five). */
const DEFAULT_MAX_REDIRECTS = 5;

/** What `fetchRobotsTxt` passes to the `fetch` it calls. */
export interface FetchInit {
  readonly redirect: 'manual' | 'follow';
  readonly signal: AbortSignal;
  readonly headers: Record<string, string>;
}

/**
 * The parts of a `Response` the fetcher reads: the platform's fits, and so do undici's and other
 * WHATWG-style fetches' (whose stream types differ from the DOM's).
 */
export interface FetchResponse {
  readonly status: number;
  readonly url: string;
  readonly redirected: boolean;
  readonly type: string;
  readonly headers: { get(name: string): string | null };
  /**
   * A web `ReadableStream` of bytes, or null. Typed loosely on purpose: the DOM's and Node's
   * stream types do not match each other; the fetcher checks it has `getReader`.
   */
  readonly body: unknown;
}

/**
 * The `fetch` that `fetchRobotsTxt` calls: the platform's, or one you inject — e.g. undici's with
 * a proxy: `(url, init) => fetch(url, { ...init, dispatcher: new ProxyAgent(proxyUrl) })`.
 */
export type FetchFunction = (input: string, init: FetchInit) => Promise<FetchResponse>;

/** Options of `fetchRobotsTxt`; the {@link ParseOptions} are passed to the parser. */
export interface FetchRobotsTxtOptions extends ParseOptions {
  /**
   * Milliseconds the whole fetch may take — every redirect hop and the body — before the origin is
   * deemed unreachable. A body that stalls is cut off by this too.
   * @default 10000
   */
  readonly timeout?: number;
  /**
   * The `User-Agent` header sent. Name your crawler here (RFC 9309 §2.2.1: its product token
   * should appear in it), e.g. `FooBot/1.0 (+https://foo.example/bot)`. Browsers may ignore it.
   * @default DEFAULT_USER_AGENT (`robots-rep (robots.txt fetcher; +https://www.npmjs.com/package/robots-rep)`)
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

/** Fetch options checked and with their defaults (see {@link resolveFetchOptions}). */
export interface ResolvedFetchOptions {
  readonly timeout: number;
  readonly userAgent: string | undefined;
  readonly fetch: FetchFunction;
  readonly maxRedirects: number;
  /** How the body is parsed; its `maxBytes` also caps the bytes read. */
  readonly parse: Required<ParseOptions>;
  /**
   * Retrieves `ftp:` URLs; absent where there is no FTP (browsers, the package's root entry), and
   * then an `ftp:` robots.txt is unreachable. `robots-rep/node` sets it.
   */
  readonly ftp?: FtpFunction;
  /**
   * Headers sent with every request besides `User-Agent`: the root entry asks for an unencoded
   * body, whose truncation the platform's `fetch` reports; `robots-rep/node` decodes bodies
   * itself and checks that they are whole.
   */
  readonly headers: Readonly<Record<string, string>>;
}

/** Asked of servers by the root entry: see {@link ResolvedFetchOptions.headers}. */
const identityEncoding: Readonly<Record<string, string>> = { 'accept-encoding': 'identity' };

/**
 * How an entry point reaches servers beyond the `fetch` option: FTP, and the headers its `fetch`
 * needs. The root entry has neither FTP nor decoding of its own; `robots-rep/node` has both.
 * @internal
 */
export interface FetchAccess {
  readonly ftp?: FtpFunction;
  /** @default { 'accept-encoding': 'identity' } */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Fills in the defaults of fetch options and checks them, throwing a TypeError that names a bad
 * one: callers that keep options for later fetches (the client) resolve them once.
 */
export function resolveFetchOptions(
  options: FetchRobotsTxtOptions,
  caller = 'fetchRobotsTxt',
  access: FetchAccess = {},
): ResolvedFetchOptions {
  const {
    timeout = DEFAULT_TIMEOUT,
    userAgent = DEFAULT_USER_AGENT,
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
  if (userAgent !== undefined && typeof userAgent !== 'string') {
    throw argumentError(caller, 'options.userAgent', 'a string', userAgent);
  }
  return {
    timeout,
    userAgent,
    fetch,
    maxRedirects,
    parse: resolveOptions(options, caller),
    headers: access.headers ?? identityEncoding,
    ...(access.ftp === undefined ? {} : { ftp: access.ftp }),
  };
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
