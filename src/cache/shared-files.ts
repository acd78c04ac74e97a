/**
 * Parsed files shared by the origins that serve the same bytes: subdomains of one site, a
 * platform's default file. A client parses such a body once and every origin serving it checks
 * the one parsed file, which then stays in the processor's cache; the file's memory is counted
 * once, for as long as one origin holds it.
 */

import type { RobotsPolicy } from '../types.js';
import { FNV_OFFSET, fnv1a } from '../util/fnv.js';

/** One parsed file and the origins holding it. */
export interface SharedFile {
  /** The byte string it was parsed from; compared in full before the file is shared. */
  readonly body: string;
  readonly hash: number;
  readonly robots: RobotsPolicy;
  /** Origins holding it; the file is forgotten when none does. */
  holders: number;
  /** Its weight as last counted (`retainedBytes`). */
  bytes: number;
  /** Whether it is in the table (a file whose hash had too many alike is held unlisted). */
  listed: boolean;
  /** Another listed file whose body hashes alike. */
  next: SharedFile | null;
}

/** The parsed files held by a client's origins, found by their bytes. */
export interface SharedFiles {
  /** The parsed file an origin holds for exactly `body`, if any. */
  find(body: string): RobotsPolicy | undefined;
  /**
   * One more origin holds `robots`, parsed from `body`: its file, made (and listed) on the first.
   * `weigh` gives the weight of a file made now.
   */
  hold(body: string, robots: RobotsPolicy, weigh: (robots: RobotsPolicy) => number): SharedFile;
  /** One origin fewer holds `file`; whether it was the last (the file is then forgotten). */
  release(file: SharedFile): boolean;
  /** Files held. */
  readonly size: number;
}

/**
 * Files kept under one hash, at most: bodies that hash alike cost a full compare each, so a
 * hash shared by more (by chance or by design) is not listed further, and those files are not
 * shared.
 */
const MAX_ALIKE = 4;

/**
 * Test setting, not part of the public API: the bits of a body's hash that files are listed by.
 * Tests keep none, so that every body hashes alike and only the full compare tells them apart.
 * @internal
 */
export const sharedFilesSettings: { hashMask: number } = { hashMask: 0x3fffffff };

/**
 * Bodies up to this many characters are hashed whole; a longer one by {@link SAMPLED} characters
 * at its head, as many at its tail and as many spread evenly between (from an offset the table's
 * seed picks), with its length. A typical file (a few KiB) costs microseconds either way; a
 * 500 KiB one, hashed whole, cost a millisecond for each look-up (one when the client looks for a
 * file to share, one when it holds its own), now a few microseconds. Bodies that differ only
 * between the sampled characters hash alike and cost a full compare each (a native one, about
 * 50 µs for 500 KiB), at most {@link MAX_ALIKE} under one hash: sharing stays exact.
 */
const WHOLE = 16 * 1024;
/** See {@link WHOLE}. */
const SAMPLED = 2048;

/**
 * A hash of `text` (FNV-1a, 32 bits, from a seed; a long body sampled, see {@link WHOLE}),
 * reduced to a small integer (30 bits) so that a `Map` files it without boxing.
 */
function hashBody(text: string, seed: number): number {
  const length = text.length;
  let hash: number;
  if (length <= WHOLE) {
    hash = fnv1a(text, seed);
  } else {
    hash = fnv1a(text, seed, 0, SAMPLED);
    hash = fnv1a(text, hash, length - SAMPLED, length);
    // Every step-th character between them, from an offset the seed picks.
    const inner = length - 2 * SAMPLED;
    const step = Math.floor(inner / SAMPLED);
    let at = SAMPLED + ((seed >>> 8) % step);
    for (let i = 0; i < SAMPLED; i++, at += step) {
      hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
    }
  }
  return (hash ^ length) & sharedFilesSettings.hashMask;
}

/** An empty table of shared files. */
export function createSharedFiles(): SharedFiles {
  // A seed per table: which bodies hash alike cannot be known in advance.
  const seed = (FNV_OFFSET ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
  // A file a hash, the others hashing alike in a list from it: no array for the usual one.
  const byHash = new Map<number, SharedFile>();
  let size = 0;
  const lookup = (body: string, hash: number): SharedFile | undefined => {
    // Never the hash alone: the same bytes, compared in full.
    let file = byHash.get(hash);
    while (file !== undefined && file.body !== body) file = file.next ?? undefined;
    return file;
  };
  return {
    find(body) {
      return lookup(body, hashBody(body, seed))?.robots;
    },
    hold(body, robots, weigh) {
      const hash = hashBody(body, seed);
      const found = lookup(body, hash);
      if (found?.robots === robots) {
        found.holders++;
        return found;
      }
      const first = byHash.get(hash) ?? null;
      const file: SharedFile = {
        body,
        hash,
        robots,
        holders: 1,
        bytes: weigh(robots),
        listed: false,
        next: null,
      };
      size++;
      // Another parse of bytes already listed (it cannot be shared: it is held unlisted).
      if (found !== undefined) return file;
      let alike = 0;
      for (let at = first; at !== null; at = at.next) alike++;
      if (alike < MAX_ALIKE) {
        file.next = first;
        file.listed = true;
        byHash.set(hash, file);
      }
      return file;
    },
    release(file) {
      if (--file.holders > 0) return false;
      size--;
      if (file.listed) {
        file.listed = false;
        const first = byHash.get(file.hash);
        if (first === file) {
          if (file.next === null) byHash.delete(file.hash);
          else byHash.set(file.hash, file.next);
        } else {
          let at = first ?? null;
          while (at !== null && at.next !== file) at = at.next;
          if (at !== null) at.next = file.next;
        }
        file.next = null;
      }
      return true;
    },
    get size() {
      return size;
    },
  };
}
