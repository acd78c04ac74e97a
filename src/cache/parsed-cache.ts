/**
 * The origins whose rules a client keeps parsed, bounded in origins and in bytes, with the counts
 * that tell an operator when more origins are active than fit. Origins serving the same bytes
 * share one parsed file (see `shared-files.ts`), weighed once: its `retainedBytes`, which grows as
 * agents are checked, for as long as one origin holds it, and 256 bytes an origin beside it.
 */

import { retainedChanges } from '../match/matcher.js';
import type { RobotsPolicy } from '../types.js';
import { type ClockRecord, createClockCache } from '../util/clock-cache.js';
import { createLru } from '../util/lru.js';
import type { OriginSlot } from './origin-rules.js';
import { createSharedFiles, type SharedFile } from './shared-files.js';
import type { CacheEntry } from './store.js';

/** What a client's parsed cache holds and has done; see `RobotsClient.stats`. */
export interface ParsedCacheStats {
  /** Origins whose rules are kept parsed. */
  readonly origins: number;
  /**
   * Parsed files they hold: origins serving the same bytes share one (parsed once, checked as
   * one, counted once).
   */
  readonly parsedFiles: number;
  /**
   * Their estimated size in bytes, at most `maxParsedBytes`: each parsed file's
   * `RobotsTxt.retainedBytes` once, however many origins share it, and 256 bytes an origin.
   */
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
 * An origin as the parsed cache holds it, one record: its entry, its rules, its entry's
 * `expiresAt` beside them, and its place in the cache. A client keeps its slot number, the
 * slot's stamp and `expiresAt` with the origin's authority: a check then reads the rules by slot
 * number ({@link ParsedCache.rulesAt}) without a look-up or reading this record.
 */
export interface HeldOrigin extends OriginSlot {
  readonly expiresAt: number;
  /** Its slot number in the cache, with {@link ParsedCache.stampOf}. */
  readonly slot: number;
  /** The parsed file the rules are, shared with the origins serving the same bytes; else null. */
  readonly file: SharedFile | null;
  /** False once the origin was dropped, deleted or set again (another record stands for it). */
  readonly live: boolean;
}

/** A {@link HeldOrigin} as the cache keeps it. */
interface OriginRecord extends Omit<HeldOrigin, 'live' | 'slot'>, ClockRecord {}

/** An origin to keep: its entry, the rules read from it, and its entry's `expiresAt`. */
export interface OriginToHold extends OriginSlot {
  readonly expiresAt: number;
}

/** The parsed rules of the origins a client checks. */
export interface ParsedCache {
  /** The origin's record, marked used. */
  get(origin: string): HeldOrigin | undefined;
  /**
   * A number that changes whenever the record in slot number `slot` is dropped, deleted or set
   * again: kept with the slot number, it tells whether the number still stands for that record.
   */
  stampOf(slot: number): number;
  /**
   * The rules held in slot number `slot`, marked used, when it still holds the record `stamp`
   * stood for (whose `expiresAt` never changes: a copy set again is another record); else
   * undefined. A cached check's path: it reads arrays by slot number (no record, no entry).
   */
  rulesAt(slot: number, stamp: number): RobotsPolicy | undefined;
  /**
   * After a check of the rules {@link rulesAt} gave for `slot`: weighs their parsed file again
   * if what parsed files retain may have changed since the slot last weighed it (the matcher's
   * `retainedChanges` count moved: a check, this one or another, kept more of some file).
   */
  checked(slot: number): void;
  /**
   * Weighs the parsed file of `slot` (an origin {@link get} gave) again: a check that compiled
   * rules made it larger. Nothing for a slot no longer held.
   */
  reweigh(slot: OriginSlot): void;
  /**
   * The parsed file that a held origin has of exactly `body` (a copy's byte string): the same
   * bytes under the client's one set of parse options give the same rules.
   */
  parsedBody(body: string): RobotsPolicy | undefined;
  set(origin: string, slot: OriginToHold): void;
  delete(origin: string): void;
  readonly stats: ParsedCacheStats;
}

/** What a policy that is not a parsed file (allow all, disallow all) is counted as. */
const POLICY_BYTES = 512;

/** What an origin is counted as beside its rules: its entry, its record, its key. */
const ORIGIN_BYTES = 256;

/** A parsed file's estimate of the bytes it retains (`RobotsTxt.retainedBytes`), if it has one. */
function retainedOf(robots: RobotsPolicy): number | undefined {
  const retained = (robots as RobotsPolicy & { readonly retainedBytes?: number }).retainedBytes;
  return typeof retained === 'number' ? retained : undefined;
}

/** A parsed file's weight (it has `retainedBytes`: see {@link retainedOf}). */
const weighFile = (robots: RobotsPolicy): number => retainedOf(robots) ?? 0;

/**
 * `entry` holding `body`, the same bytes as its copy's: the string of the file it shares, so that
 * the bytes are held once (strings of equal text are not told apart by `===`: always made anew).
 */
function withBody(entry: CacheEntry, body: string): CacheEntry {
  const copy = entry.copy;
  return copy === undefined ? entry : { ...entry, copy: { ...copy, body } };
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
  const files = createSharedFiles();
  // Names of recently dropped origins, to tell a reload from a first load.
  const dropped = createLru<true>(maxOrigins);
  /** One origin fewer holds `slot`'s file: the file's weight goes with its last holder. */
  const release = (slot: HeldOrigin): void => {
    const file = slot.file;
    if (file !== null && files.release(file)) slots.adjust(-file.bytes);
  };
  // CLOCK, not a list in use order: a check marks its own record and writes nowhere else.
  const slots = createClockCache<OriginRecord>(maxOrigins, maxBytes, (record) => {
    evictions++;
    dropped.set(record.key, true);
    release(record);
    // Its slot no longer keeps the rules alive.
    rules[record.slot] = undefined;
  });
  // By slot number, what a cached check reads: the rules, and the `retainedChanges` count when
  // the slot last weighed them (a check that finds it unchanged reads no estimate).
  const rules: (RobotsPolicy | undefined)[] = [];
  let weighedAt = new Int32Array(16);
  const cache: ParsedCache = {
    get: (origin) => slots.get(origin),
    stampOf: (slot) => slots.stampOf(slot),
    rulesAt(slot, stamp) {
      return slots.useSlot(slot, stamp) ? rules[slot] : undefined;
    },
    checked(slot) {
      const changes = retainedChanges.count;
      if (weighedAt[slot] === changes) return;
      weighedAt[slot] = changes;
      const record = slots.recordAt(slot);
      if (record !== undefined) cache.reweigh(record);
    },
    reweigh(slot) {
      const file = (slot as Partial<HeldOrigin>).file;
      // A slot dropped since (or a lookup's, which is not held as such): nothing held to weigh.
      if (file === undefined || file === null || file.holders === 0) return;
      const bytes = weighFile(file.robots);
      if (bytes !== file.bytes) {
        const grown = bytes - file.bytes;
        file.bytes = bytes;
        slots.adjust(grown);
      }
    },
    parsedBody: (body) => files.find(body),
    set(origin, { entry, robots, expiresAt }) {
      if (dropped.get(origin) !== undefined) {
        dropped.delete(origin);
        reloads++;
        if (!warned) {
          warned = true;
          onPressure(cache.stats);
        }
      }
      const previous = slots.get(origin);
      const file =
        retainedOf(robots) === undefined
          ? null
          : files.hold(entry.copy?.body ?? '', robots, weighFile);
      const made = file !== null && file.holders === 1;
      // The entry keeps the file's string (the same bytes): a shared body is held once.
      const record: OriginRecord = {
        key: origin,
        entry: file === null || made ? entry : withBody(entry, file.body),
        robots,
        expiresAt,
        file,
        // The origin's own weight: its parsed file is weighed once, as the files' (`adjust`).
        weight: file === null ? ORIGIN_BYTES + POLICY_BYTES : ORIGIN_BYTES,
        slot: -1,
        live: true,
        previous: null,
        next: null,
      };
      slots.set(record);
      const at = (record as unknown as ClockRecord).slot;
      if (at >= weighedAt.length) {
        const grown = new Int32Array(Math.max(2 * weighedAt.length, at + 1));
        grown.set(weighedAt);
        weighedAt = grown;
      }
      rules[at] = robots;
      weighedAt[at] = retainedChanges.count;
      if (previous !== undefined) release(previous);
      // A file no other origin held is weighed now, once; one that others hold, again (it may
      // have grown since).
      if (file !== null && made) slots.adjust(file.bytes);
      else cache.reweigh(record);
    },
    delete(origin) {
      const slot = slots.get(origin);
      slots.delete(origin);
      dropped.delete(origin);
      if (slot !== undefined) {
        release(slot);
        rules[slot.slot] = undefined;
      }
    },
    get stats() {
      return {
        origins: slots.size,
        parsedFiles: files.size,
        parsedBytes: slots.weight,
        evictions,
        reloads,
      };
    },
  };
  return cache;
}
