/**
 * Conditional refresh (RFC 9309 §2.4 lets crawlers use standard HTTP caching, RFC 9110 §13): a
 * copy kept with its `ETag` / `Last-Modified` is refreshed with `If-None-Match` /
 * `If-Modified-Since`, and a `304` renews its lifetime without a body.
 */

import type { Validators } from '../fetch/http-headers.js';
import type { FetchNotModified } from '../fetch/result.js';
import { type CachedCopy, type CacheEntry, type CachePolicy, copyLifetime } from './store.js';

/**
 * The validators to refresh `entry` with, or undefined for an unconditional fetch: an entry with
 * no copy, a copy of no file (`unavailable`), or one written before validators were kept.
 */
export function validatorsOf(entry: CacheEntry | undefined): Validators | undefined {
  const copy = entry?.copy;
  if (copy === undefined || copy.status !== 'ok') return undefined;
  if (copy.etag === undefined && copy.lastModified === undefined) return undefined;
  return {
    ...(copy.etag === undefined ? {} : { etag: copy.etag }),
    ...(copy.lastModified === undefined ? {} : { lastModified: copy.lastModified }),
  };
}

/**
 * The entry after a `304` at `now`: the same `copy` (the origin said it is current), a new
 * lifetime from the 304's own `max-age` (else `ttl`), and any outage over.
 */
export function renewedEntry(
  copy: CachedCopy,
  result: FetchNotModified,
  now: number,
  policy: CachePolicy,
): CacheEntry {
  return {
    copy,
    expiresAt: now + copyLifetime(result.maxAge, policy),
    failures: 0,
    updatedAt: now,
  };
}
