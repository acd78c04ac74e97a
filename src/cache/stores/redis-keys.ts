/**
 * The key layout of the Redis store under its prefix. An origin's entry and lock are keys of their
 * own; its pacing keys start with a hash tag `{n}` right after the prefix, n one of
 * {@link PACING_BUCKETS}, shared with that bucket's pacing-state marker, so that the claim script
 * reads both in the one slot that holds them: a cluster never answers `CROSSSLOT` (whatever braces
 * the prefix holds, both keys begin with the same `prefix{n}`), and a flush of one master loses a
 * bucket's marker together with its last starts.
 */

import { fnv1a } from '../../util/fnv.js';

/** How many pacing buckets (hash tags) the origins are spread over: ample for any cluster. */
export const PACING_BUCKETS = 1024;

/** The pacing bucket of `origin`: FNV-1a over its UTF-16 code units, modulo {@link PACING_BUCKETS}. */
export function pacingBucket(origin: string): number {
  return (fnv1a(origin) >>> 0) % PACING_BUCKETS;
}

/** The keys of one origin under `prefix`. */
export interface OriginKeys {
  /** Its cache entry. */
  readonly entry: string;
  /** Its fetch lock. */
  readonly lock: string;
  /** Its next free request slot. */
  readonly pace: string;
  /** The start of its last request. */
  readonly started: string;
  /** Since when (and on which server run) its bucket's pacing state is known whole. */
  readonly pacingState: string;
}

/** The keys of `origin` under `prefix`. */
export function originKeys(prefix: string, origin: string): OriginKeys {
  const bucket = `${prefix}{${pacingBucket(origin)}}`;
  return {
    entry: prefix + origin,
    lock: `${prefix}lock:${origin}`,
    pace: `${bucket}pace:${origin}`,
    started: `${bucket}started:${origin}`,
    pacingState: `${bucket}pacing-state`,
  };
}
