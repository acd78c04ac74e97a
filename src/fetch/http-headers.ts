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
