/**
 * The rules an origin's cache entry stands for: its copy parsed, or the verdict an outage fixes
 * (RFC 9309 §2.3.1.4: disallow all, and allow all after a long outage with no copy).
 */

import { allowAll, disallowAll } from '../fetch/outcome-policy.js';
import { parseByteString } from '../robots.js';
import type { ParseOptions, RobotsPolicy } from '../types.js';
import { day } from './client-options.js';
import type { CacheEntry } from './store.js';

/** An origin as this process keeps it: the entry and the rules read from it. */
export interface OriginSlot {
  readonly entry: CacheEntry;
  readonly robots: RobotsPolicy;
}

/** What reading an entry depends on besides the entry. */
export interface OriginRulesContext {
  readonly now: () => number;
  readonly unreachableAllowAfter: number;
  readonly parse: Required<ParseOptions>;
  /** The rules already parsed from exactly these bytes (under `parse`), if any: shared. */
  readonly parsed?: (body: string) => RobotsPolicy | undefined;
}

/**
 * The rules of `entry`; `previous` (the slot this process had) saves parsing the same copy again.
 * `bytes`: the copy's bytes, when it was just fetched (read by the parser rather than its string).
 */
export function rulesOfEntry(
  entry: CacheEntry,
  previous: OriginSlot | undefined,
  context: OriginRulesContext,
  bytes?: Uint8Array,
): RobotsPolicy {
  const copy = entry.copy;
  if (copy !== undefined) {
    // The same copy as before (e.g. kept through an outage): no need to parse it again.
    if (
      previous?.entry.copy?.fetchedAt === copy.fetchedAt &&
      previous.entry.copy.body === copy.body
    ) {
      return previous.robots;
    }
    if (copy.status === 'unavailable') return allowAll(copy.reason);
    // The stored byte string is the body: read as is, with the options checked once.
    return context.parsed?.(copy.body) ?? parseByteString(copy.body, context.parse, bytes);
  }
  if (entry.refused !== undefined) {
    // A refusal is our policy, not an outage of theirs: it never turns into "no robots.txt".
    return disallowAll(
      `robots.txt not fetched (${entry.error ?? 'refused'}) and no earlier copy, so every URL ` +
        'is disallowed',
    );
  }
  const unreachableFor = context.now() - (entry.unreachableSince ?? entry.updatedAt);
  if (unreachableFor >= context.unreachableAllowAfter) {
    return allowAll(
      `robots.txt unreachable for ${Math.floor(unreachableFor / day)} days with no earlier copy, so it is treated as ` +
        'unavailable and every URL is allowed (RFC 9309 §2.3.1.4)',
    );
  }
  return disallowAll(
    `robots.txt unreachable (${entry.error ?? 'unknown error'}) and no earlier copy, so every ` +
      'URL is disallowed (RFC 9309 §2.3.1.4)',
  );
}
