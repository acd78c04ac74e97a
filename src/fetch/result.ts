/** What `fetchRobotsTxt` returns: one of the three outcomes of RFC 9309 §2.3.1, as data. */

import type { RobotsPolicy, RobotsTxt } from '../types.js';

/**
 * The three outcomes of RFC 9309 §2.3.1: `ok` (2xx, the body's rules apply), `unavailable` (4xx
 * other than 429, or a redirect that leads nowhere: every URL is allowed), `unreachable` (429, 5xx,
 * a network failure, a timeout, a malformed response, a refused address: every URL is disallowed).
 */
export type FetchStatus = 'ok' | 'unavailable' | 'unreachable';

/**
 * Why a request was not made: `address`, the host resolved to an address the address policy
 * refuses (`robots-rep/node`); `downgrade`, an https robots.txt redirected to http.
 */
export type FetchRefusal = 'address' | 'downgrade';

/** What every outcome of `fetchRobotsTxt` reports. */
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
  /** The last FTP reply code, for `ftp:` URLs (`226` when the file was retrieved). */
  readonly ftpReply?: number;
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
  /** The `ETag` of a 2xx response, kept by the client to refresh with `If-None-Match`. */
  readonly etag?: string;
  /** The `Last-Modified` of a 2xx response, kept to refresh with `If-Modified-Since`. */
  readonly lastModified?: string;
  /** One sentence a person can read: what happened and what it means for crawling. */
  readonly reason: string;
}

/** A 2xx response: its body's rules apply (RFC 9309 §2.3.1.1). */
export interface FetchRobotsTxtOk extends FetchRobotsTxtResultBase {
  readonly status: 'ok';
  readonly robots: RobotsTxt;
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
  /** Set when no request was made because a policy refused it (see {@link FetchRefusal}). */
  readonly refused?: FetchRefusal;
}

/** The outcome of `fetchRobotsTxt`, discriminated on `status`. */
export type FetchRobotsTxtResult =
  | FetchRobotsTxtOk
  | FetchRobotsTxtUnavailable
  | FetchRobotsTxtUnreachable;

/**
 * A `304 Not Modified` answer to a conditional request (RFC 9110 §15.4.5): the copy whose
 * validators were sent is still the file. Only the client's refresh asks for it.
 * @internal
 */
export interface FetchNotModified {
  readonly status: 'not-modified';
  readonly httpStatus: 304;
  /** The robots.txt URL first requested. */
  readonly url: string;
  /** The last URL requested. */
  readonly finalUrl: string;
  /** Seconds the copy may now be used, from the 304's own `Cache-Control` / `Expires`. */
  readonly maxAge?: number;
  /** Milliseconds the request took. */
  readonly elapsed: number;
}
