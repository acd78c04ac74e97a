/**
 * The library's error class. Fetch outcomes are data (see `fetchRobotsTxt`), so this is thrown only
 * for input that has no robots.txt at all, such as a `mailto:` URL.
 */

import { describeValue } from './util/describe.js';

/**
 * The `TypeError` for a programmer error in an argument, in one form everywhere:
 * `caller: what must be expected, got value`.
 */
export function argumentError(
  caller: string,
  what: string,
  expected: string,
  value: unknown,
): TypeError {
  return new TypeError(`${caller}: ${what} must be ${expected}, got ${describeValue(value)}`);
}

/** What went wrong, as a stable string to branch on. */
export type RobotsTxtErrorCode =
  /** The string is not a URL. */
  | 'ERR_INVALID_URL'
  /** The URL's scheme has no robots.txt (RFC 9309 §2.3 defines it for URI-based protocols). */
  | 'ERR_UNSUPPORTED_SCHEME'
  /** The URL has no host, so there is no authority to fetch `/robots.txt` from. */
  | 'ERR_NO_HOST'
  /**
   * A connection was refused by the address policy of `robots-rep/node` (a loopback, private,
   * link-local… address). Fetches report it as an `unreachable` outcome with `refused: 'address'`.
   */
  | 'ERR_ADDRESS_BLOCKED'
  /**
   * `acquire` could not get a request slot from the shared store within `storeWaitTimeout` (the
   * store was down, paused or too slow), or other processes kept starting first: it rejects
   * rather than send a request without the origin's spacing.
   */
  | 'ERR_PACING_UNAVAILABLE'
  /**
   * A crawler list (`parseCrawlerList`: the ai-robots-txt project's `robots.json` format) could
   * not be read: not UTF-8, not JSON, the wrong shape, or too large.
   */
  | 'ERR_CRAWLER_LIST';

/** Options of {@link RobotsTxtError}. */
export interface RobotsTxtErrorOptions {
  /** The stable code of the error. */
  readonly code: RobotsTxtErrorCode;
  /** The value the error is about (a URL as given). */
  readonly input?: string;
  /** The underlying error, if any. */
  readonly cause?: unknown;
}

/**
 * The base class of every error robots-rep throws on purpose (programmer errors are plain
 * `TypeError`s, a caller's abort is the signal's `AbortError`).
 *
 * @example
 * ```ts
 * try {
 *   robotsTxtUrl('mailto:someone@example.com');
 * } catch (error) {
 *   if (isRobotsTxtError(error) && error.code === 'ERR_UNSUPPORTED_SCHEME') skip();
 * }
 * ```
 */
export class RobotsTxtError extends Error {
  override name = 'RobotsTxtError' as const;
  /** The stable code of the error. */
  readonly code: RobotsTxtErrorCode;
  /** The value the error is about, when there is one. */
  readonly input: string | undefined;

  constructor(message: string, options: RobotsTxtErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.input = options.input;
  }
}

/**
 * Whether `value` is a {@link RobotsTxtError}, also one from another realm or another copy of the
 * package (checks the name and code instead of `instanceof`).
 */
export function isRobotsTxtError(value: unknown): value is RobotsTxtError {
  return (
    value instanceof RobotsTxtError ||
    (value instanceof Error &&
      value.name === 'RobotsTxtError' &&
      typeof (value as { code?: unknown }).code === 'string')
  );
}
