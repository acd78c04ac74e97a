/**
 * The origins whose rules a client keeps parsed, bounded in origins and in bytes (each weighs
 * its rules' `retainedBytes`, which grows as agents are checked), with the counts that tell an
 * operator when more origins are active than fit.
 */

import type { RobotsPolicy } from '../types.js';
import { createLru } from '../util/lru.js';
import { createWeightedLru } from '../util/weighted-lru.js';
import type { OriginSlot } from './origin-rules.js';

/** What a client's parsed cache holds and has done; see `RobotsClient.stats`. */
export interface ParsedCacheStats {
  /** Origins whose rules are kept parsed. */
  readonly origins: number;
  /** Their estimated size in bytes (`RobotsTxt.retainedBytes`), at most `maxParsedBytes`. */
  readonly parsedBytes: number;
  /** Origins dropped to stay within `maxOrigins` and `maxParsedBytes`. */
  readonly evictions: number;
  /**
   * Origins read again (from the store, or fetched when it no longer has them) after they were
   * dropped: a steady rise means more origins are active than fit.
   */
  readonly reloads: number;
}

/**
 * An origin as the parsed cache holds it: with its entry's `expiresAt` beside the rules, so that
 * a cached check reads whether the copy is fresh without reading the entry.
 */
export interface HeldOrigin extends OriginSlot {
  readonly expiresAt: number;
}

/** The parsed rules of the origins a client checks. */
export interface ParsedCache {
  get(origin: string): HeldOrigin | undefined;
  /** Weighs `origin`'s rules again: a check that compiled rules made them larger. */
  reweigh(origin: string): void;
  set(origin: string, slot: HeldOrigin): void;
  delete(origin: string): void;
  readonly stats: ParsedCacheStats;
}

/** What a policy that is not a parsed file (allow all, disallow all) is counted as. */
const POLICY_BYTES = 512;

function weigh(slot: OriginSlot): number {
  const robots: RobotsPolicy & { readonly retainedBytes?: number } = slot.robots;
  // A getter that adds up the rules' parts: read once.
  const retained = robots.retainedBytes;
  // The entry beside the rules: its body is the rules' own string (kept once).
  return (typeof retained === 'number' ? retained : POLICY_BYTES) + 256;
}

/**
 * A parsed cache of at most `maxOrigins` origins and `maxBytes` bytes. `onPressure` is called
 * once, on the first origin read again after it was dropped.
 */
export function createParsedCache(
  maxOrigins: number,
  maxBytes: number,
  onPressure: (stats: ParsedCacheStats) => void,
): ParsedCache {
  let evictions = 0;
  let reloads = 0;
  let warned = false;
  // Names of recently dropped origins, to tell a reload from a first load.
  const dropped = createLru<true>(maxOrigins);
  const slots = createWeightedLru<HeldOrigin>(maxOrigins, maxBytes, weigh, (origin) => {
    evictions++;
    dropped.set(origin, true);
  });
  const cache: ParsedCache = {
    get: (origin) => slots.get(origin),
    reweigh: (origin) => slots.reweigh(origin),
    set(origin, slot) {
      if (dropped.get(origin) !== undefined) {
        dropped.delete(origin);
        reloads++;
        if (!warned) {
          warned = true;
          onPressure(cache.stats);
        }
      }
      slots.set(origin, slot);
    },
    delete(origin) {
      slots.delete(origin);
      dropped.delete(origin);
    },
    get stats() {
      return { origins: slots.size, parsedBytes: slots.weight, evictions, reloads };
    },
  };
  return cache;
}
