/**
 * The few HTTP caching headers a robots.txt cache reads: `Cache-Control: max-age`, `Expires` and
 * `Retry-After` (RFC 9111, RFC 9110 §10.2.3).
 */

/** The headers of a response, as any fetch gives them. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * Seconds a response may be cached: `Cache-Control: max-age`, else `Expires` minus `Date` (or
 * `now`), else undefined. `no-cache`, `no-store` and `private` are ignored: a crawler is no HTTP
 * cache, and RFC 9309 §2.4 only bounds how long a copy is used.
 */
export function parseCacheLifetime(headers: HeaderReader, now: number): number | undefined {
  const cacheControl = headers.get('cache-control');
  if (cacheControl !== null) {
    for (const directive of cacheControl.split(',')) {
      const [name = '', value = ''] = directive.split('=', 2).map((part) => part.trim());
      if (name.toLowerCase() !== 'max-age') continue;
      // RFC 9111 §5.2.2.1: delta-seconds, though some servers quote it.
      const digits = value.replace(/^"(\d+)"$/, '$1');
      if (/^\d+$/.test(digits)) return Number(digits);
    }
  }
  const expires = headers.get('expires');
  if (expires === null) return undefined;
  const expiresAt = Date.parse(expires);
  // RFC 9111 §5.3: an invalid Expires (such as "0") means already expired.
  if (Number.isNaN(expiresAt)) return 0;
  return Math.max(0, Math.floor((expiresAt - serverNow(headers, now)) / 1000));
}

/** Seconds from `Retry-After` (delta-seconds or an HTTP-date), or undefined when absent or bad. */
export function parseRetryAfter(headers: HeaderReader, now: number): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - serverNow(headers, now)) / 1000));
}

/** The server's clock (its `Date` header) when it sent one, else ours: dates it sends are on it. */
function serverNow(headers: HeaderReader, now: number): number {
  const date = Date.parse(headers.get('date') ?? '');
  return Number.isNaN(date) ? now : date;
}

/**
 * What a response offers to revalidate its body with (RFC 9110 §8.8): `ETag` and
 * `Last-Modified`, kept only when they are short printable ASCII (a header a conditional request
 * can carry back as is).
 */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

/** Longest validator kept, in characters: anything longer is no ordinary ETag or date. */
export const MAX_VALIDATOR_LENGTH = 256;

/** Whether `value` can be kept as a validator and sent back in a request header. */
export function isValidatorValue(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_VALIDATOR_LENGTH &&
    /^[\x20-\x7e]+$/.test(value)
  );
}

/** The validators of a response; an empty object when it has none worth keeping. */
export function parseValidators(headers: HeaderReader): Validators {
  const etag = headers.get('etag')?.trim();
  const lastModified = headers.get('last-modified')?.trim();
  return {
    ...(isValidatorValue(etag) ? { etag } : {}),
    // A date we cannot read is no validator (RFC 9110 §13.1.3: the recipient ignores it).
    ...(isValidatorValue(lastModified) && !Number.isNaN(Date.parse(lastModified))
      ? { lastModified }
      : {}),
  };
}

/** The conditional request headers for `validators` (RFC 9110 §13.1.1, §13.1.3). */
export function conditionalHeaders(validators: Validators): Record<string, string> {
  return {
    ...(validators.etag === undefined ? {} : { 'if-none-match': validators.etag }),
    ...(validators.lastModified === undefined
      ? {}
      : { 'if-modified-since': validators.lastModified }),
  };
}
