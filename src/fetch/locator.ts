/**
 * {@link robotsTxtLocation} that remembers its answers, for the crawler client: it runs at every
 * client call, before the cache is looked at, and finds a URL's origin among tens of thousands
 * without parsing the URL.
 */

import { FNV_OFFSET } from '../util/fnv.js';
import { type RobotsTxtLocation, robotsTxtLocation } from './robots-url.js';

/**
 * A location as {@link Locator.locate} gives it. A remembered one is one record, given again for
 * each URL of its authority, with `index` its number among those remembered; others have -1.
 */
export interface LocatedOrigin extends RobotsTxtLocation {
  readonly index: number;
}

/**
 * {@link robotsTxtLocation} that remembers its answers, with a pair of numbers its caller keeps
 * beside each (the client keeps where it holds the origin's rules).
 */
export interface Locator {
  /**
   * Where the remembered authority of `url` is in the table, or -1 when `url` does not begin
   * with one (see {@link createLocator}). A position stands until the next call that may
   * remember an authority ({@link locate}); with it, {@link pathStart}.
   */
  find(url: string): number;
  /**
   * Where the path of the URL {@link find} last found starts, as the reference reads it (its
   * first `/` or `?`), or -1 when it has none (its authority is followed by `#` or nothing).
   */
  readonly pathStart: number;
  /** The first number kept with the authority at `position` (-1 until {@link hold}). */
  heldSlot(position: number): number;
  /** The second number kept with the authority at `position`. */
  heldStamp(position: number): number;
  /** The third number kept with the authority at `position` (a time: any double). */
  heldTime(position: number): number;
  /**
   * The location of `url`, remembered when `url` begins with a plain authority.
   * @throws {RobotsTxtError} as {@link robotsTxtLocation}; a TypeError naming `caller`.
   */
  locate(url: string | URL, caller: string): LocatedOrigin;
  /** Keeps `slot`, `stamp` and `time` with `location`'s authority, if it is still remembered. */
  hold(location: LocatedOrigin, slot: number, stamp: number, time: number): void;
}

/** A remembered authority: its location, its characters, and its place in the table. */
interface KnownAuthority extends LocatedOrigin {
  /** `scheme://host[:port]` as written (the origin string itself when the same). */
  readonly prefix: string;
  /** Its position in the table; -1 when it is not in it. */
  at: number;
}

/**
 * Test setting, not part of the public API: the bits of an authority's hash that
 * {@link createLocator} files it by. Tests keep a few, so that authorities share a position and
 * the probing and the moves of removal are run through.
 * @internal
 */
export const locatorSettings: { hashMask: number } = { hashMask: 0x3fffffff };

/**
 * An entry of the table: 16 int32 (64 bytes, a cache line's worth): the hash, the authority's
 * length (0: empty), where its host starts (7 or 8), its record's index, the caller's three
 * numbers (two int32, one float64), and up to {@link INLINE} characters of the host (one byte
 * each: a plain authority is ASCII), so that finding an authority, telling it apart and reading
 * what the caller keeps with it reads one entry.
 */
const WORDS = 16;
const HASH = 0;
const LENGTH = 1;
const START = 2;
const INDEX = 3;
const SLOT = 4;
const STAMP = 5;
/** The caller's float64, in float64 words. */
const TIME = 3;
/** Where the host's characters start in an entry, in int32 words. */
const CHARS = 8;
/** Characters of the host an entry holds. */
const INLINE = 4 * (WORDS - CHARS);

/**
 * Entries looked at from an authority's home position, at most: an authority that would be
 * further is not remembered (its URLs are located anew), so that no look-up reads more than
 * this many, however many authorities hash alike.
 */
const MAX_PROBES = 64;

/**
 * A {@link Locator} remembering up to `size` authorities (the oldest go first). An answer is
 * reused for a string URL that begins with a plain `http(s)://authority` seen before (see
 * {@link scanPlainAuthority}) followed by the end, `/`, `?` or `#`: the WHATWG parser reads the
 * origin from those characters alone. The authorities are filed in one open-addressed table of
 * typed arrays, by a hash of their characters taken while they are read: at 20,000 origins,
 * a look-up that went through a `Map` and a record per authority (each a cache miss) cost more
 * than the check that follows it.
 */
export function createLocator(size = 1): Locator {
  // A seed per table: which authorities hash alike cannot be known in advance.
  const seed = (FNV_OFFSET ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
  let mask = 0;
  let shift = 32;
  let words = new Int32Array(0);
  let doubles = new Float64Array(0);
  let bytes = new Uint8Array(0);
  /** Records by index: `size` at most, reused in the order they were made (the oldest first). */
  const records: KnownAuthority[] = [];
  let oldest = 0;
  let count = 0;
  let pathStart = -1;

  const allocate = (capacity: number): void => {
    const buffer = new ArrayBuffer(capacity * WORDS * 4);
    words = new Int32Array(buffer);
    doubles = new Float64Array(buffer);
    bytes = new Uint8Array(buffer);
    mask = capacity - 1;
    shift = 32 - Math.log2(capacity);
  };
  // Fibonacci hashing: the top bits of a multiple, where every bit of the hash has a say.
  const home = (hash: number): number => Math.imul(hash, 0x9e3779b1) >>> shift;
  // Room for `size` at a load of at most 0.7; grown from small, since `size` may be large.
  const fullCapacity = Math.max(8, 2 ** Math.ceil(Math.log2(size / 0.7)));
  allocate(Math.min(fullCapacity, 64));

  /** Puts the entry of `record` (hash, characters from `url`) at a free position; false if none near. */
  const place = (record: KnownAuthority, hash: number, start: number, length: number): boolean => {
    let at = home(hash);
    for (let probe = 0; words[at * WORDS + LENGTH] !== 0; probe++) {
      if (probe >= MAX_PROBES) return false;
      at = (at + 1) & mask;
    }
    const base = at * WORDS;
    words[base + HASH] = hash;
    words[base + LENGTH] = length;
    words[base + START] = start;
    words[base + INDEX] = record.index;
    words[base + SLOT] = -1;
    words[base + STAMP] = 0;
    doubles[at * (WORDS / 2) + TIME] = 0;
    const prefix = record.prefix;
    const chars = Math.min(length - start, INLINE);
    for (let k = 0; k < chars; k++) bytes[4 * (base + CHARS) + k] = prefix.charCodeAt(start + k);
    record.at = at;
    return true;
  };

  /** Empties position `at`, moving back the entries after it that probing would no longer find. */
  const remove = (at: number): void => {
    let hole = at;
    for (
      let next = (hole + 1) & mask;
      words[next * WORDS + LENGTH] !== 0;
      next = (next + 1) & mask
    ) {
      const from = home(words[next * WORDS + HASH]!);
      // Moved back when its home is not cyclically within (hole, next].
      const stays = hole < next ? from > hole && from <= next : from > hole || from <= next;
      if (stays) continue;
      words.copyWithin(hole * WORDS, next * WORDS, next * WORDS + WORDS);
      records[words[hole * WORDS + INDEX]!]!.at = hole;
      hole = next;
    }
    words.fill(0, hole * WORDS, hole * WORDS + WORDS);
  };

  /** Twice the positions, every entry placed again (the caller's numbers with it). */
  const grow = (): void => {
    const oldWords = words;
    allocate(2 * (mask + 1));
    for (const record of records) {
      if (record.at < 0) continue;
      const from = record.at * WORDS;
      const length = oldWords[from + LENGTH]!;
      if (place(record, oldWords[from + HASH]!, oldWords[from + START]!, length)) {
        // The caller's numbers: words SLOT to the end of TIME.
        const to = record.at * WORDS;
        for (let w = SLOT; w < 2 * TIME + 2; w++) words[to + w] = oldWords[from + w]!;
      } else {
        record.at = -1;
      }
    }
  };

  /**
   * Whether the entry at `at` is the authority `url[0, length)` (host from `start`), whose host
   * {@link scanPlainAuthority} copied into {@link scannedHost}: compared four characters at a
   * time (both are zero past the host's end).
   */
  const matches = (at: number, url: string, start: number, length: number): boolean => {
    const base = at * WORDS;
    if (words[base + LENGTH] !== length || words[base + START] !== start) return false;
    const inline = Math.min(length - start, INLINE);
    const end = (inline + 3) >> 2;
    for (let w = 0; w < end; w++) if (words[base + CHARS + w] !== scannedHost[w]) return false;
    // A host longer than an entry holds: the rest compared with the record's characters.
    return inline === length - start || url.startsWith(records[words[base + INDEX]!]!.prefix);
  };

  const find = (url: string): number => {
    const length = scanPlainAuthority(url, seed);
    if (length === 0) return -1;
    const hash = scanned.hash;
    const start = scanned.start;
    pathStart = length < url.length && url.charCodeAt(length) !== 0x23 ? length : -1;
    let at = home(hash);
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      const entryLength = words[at * WORDS + LENGTH];
      if (entryLength === 0) return -1;
      if (words[at * WORDS + HASH] === hash && matches(at, url, start, length)) return at;
      at = (at + 1) & mask;
    }
    return -1;
  };

  return {
    find,
    get pathStart() {
      return pathStart;
    },
    heldSlot: (position) => words[position * WORDS + SLOT]!,
    heldStamp: (position) => words[position * WORDS + STAMP]!,
    heldTime: (position) => doubles[position * (WORDS / 2) + TIME]!,
    locate(url, caller) {
      if (typeof url === 'string') {
        const found = find(url);
        if (found >= 0) return records[words[found * WORDS + INDEX]!]!;
        const length = scanned.length;
        if (length > 0) {
          const { hash, start } = scanned;
          const location = robotsTxtLocation(url, caller);
          const prefix = url.slice(0, length);
          let index = count;
          if (count < size) {
            count++;
          } else {
            // The oldest authority goes.
            index = oldest;
            oldest = (oldest + 1) % size;
            const gone = records[index]!;
            if (gone.at >= 0) remove(gone.at);
          }
          const record: KnownAuthority = {
            origin: location.origin,
            url: location.url,
            index,
            // The origin's own string when the characters are the same: one string.
            prefix: prefix === location.origin ? location.origin : prefix,
            at: -1,
          };
          records[index] = record;
          if (count > 0.7 * (mask + 1) && mask + 1 < fullCapacity) grow();
          place(record, hash, start, length);
          return record;
        }
      }
      const { origin, url: robotsUrl } = robotsTxtLocation(url, caller);
      return { origin, url: robotsUrl, index: -1 };
    },
    hold(location, slot, stamp, time) {
      const record = location.index < 0 ? undefined : records[location.index];
      if (record !== location || record.at < 0) return;
      words[record.at * WORDS + SLOT] = slot;
      words[record.at * WORDS + STAMP] = stamp;
      doubles[record.at * (WORDS / 2) + TIME] = time;
    },
  };
}

/** What {@link scanPlainAuthority} found; one object reused (checks are synchronous). */
const scanned = { length: 0, start: 0, hash: 0 };

/**
 * The first {@link INLINE} characters of the host it found, zero after them to a word's end; the
 * byte after them takes the characters past them (never compared).
 */
const scannedHost = new Int32Array(INLINE / 4 + 1);
const scannedHostBytes = new Uint8Array(scannedHost.buffer);

/**
 * The length of `url`'s scheme and authority when they are written plainly: `http://` or
 * `https://` (lower case), then a non-empty run of ASCII letters, digits, `.`, `-` and `:`,
 * ended by the end of the string, `/`, `?` or `#`; 0 otherwise (user-info, IPv6, escapes,
 * whitespace, backslashes: whatever the WHATWG parser might read differently). With it, in
 * {@link scanned}, where the host starts and a hash of its characters from `seed`.
 */
function scanPlainAuthority(url: string, seed: number): number {
  const start = url.startsWith('https://') ? 8 : url.startsWith('http://') ? 7 : 0;
  scanned.length = 0;
  if (start === 0) return 0;
  // FNV-1a over the authority, the scheme told apart by where the authority starts.
  let hash = Math.imul(seed ^ start, 0x01000193);
  let i = start;
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c > 0x7a || PLAIN_AUTHORITY[c] === 0) break;
    hash = Math.imul(hash ^ c, 0x01000193);
    // Kept for the compare (the string's characters cost more to read again).
    scannedHostBytes[Math.min(i - start, INLINE)] = c;
  }
  if (i === start || !endsAuthority(url, i)) return 0;
  for (let k = Math.min(i - start, INLINE); k & 3; k++) scannedHostBytes[k] = 0;
  scanned.length = i;
  scanned.start = start;
  scanned.hash = hash & locatorSettings.hashMask;
  return i;
}

/** 1 for the characters of a plain authority (ASCII letters, digits, `:`, `.` and `-`), to `z`. */
const PLAIN_AUTHORITY = ((): Uint8Array => {
  const table = new Uint8Array(0x7b);
  for (let c = 0; c < table.length; c++) {
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
    table[c] = letter || (c >= 0x30 && c <= 0x3a) || c === 0x2e || c === 0x2d ? 1 : 0;
  }
  return table;
})();

/** Whether the authority of `url` can end at `i`: the end of the string, `/`, `?` or `#`. */
function endsAuthority(url: string, i: number): boolean {
  if (i === url.length) return true;
  const c = url.charCodeAt(i);
  return c === 0x2f || c === 0x3f || c === 0x23;
}
