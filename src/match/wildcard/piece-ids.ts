/**
 * Numbers the distinct pieces of a program's patterns as they are met, by a seeded hash of their
 * characters in an open-addressing table: the program's build looks up every piece of every
 * wildcard rule (tens of thousands in a 500 KiB file), and a `Map` of strings cost twice as
 * much, hashing each new piece string in the engine. Used once per build (`layoutProgram`).
 */

import { FNV_OFFSET, fnv1a, smallHash } from '../../util/fnv.js';
import { IntList } from '../../util/int-list.js';

/**
 * The seed of the pieces' hash, drawn once per process: a file cannot choose pieces (found
 * offline) that share one slot, which would make every lookup probe them all.
 */
const SEED: number = (Math.random() * 0x100000000) | 0;

/** The hash of `text[start, end)` (FNV-1a over its UTF-16 code units from the seed, then mixed). */
function hashOf(text: string, start: number, end: number): number {
  return smallHash(fnv1a(text, SEED ^ FNV_OFFSET, start, end));
}

/** Whether `piece` is `text[start, end)`. */
function sameText(piece: string, text: string, start: number, end: number): boolean {
  if (piece.length !== end - start) return false;
  for (let i = 0; i < piece.length; i++) {
    if (piece.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  }
  return true;
}

/** Distinct pieces numbered from 0 in the order first met. */
export class PieceIds {
  /** The pieces, by number. */
  readonly texts: string[] = [];
  readonly #hashes = new IntList(1024);
  /** Per slot, a piece's number + 1 (0: empty); at most half full. */
  #slots = new Int32Array(1024);
  #shift = 32 - 10;

  /** The number of `piece`: its own, or the next one if it is new. */
  idOf(piece: string): number {
    return this.idAt(piece, 0, piece.length);
  }

  /**
   * The number of the piece `text[start, end)`, compared in place: its own, or the next one if
   * it is new (only then is its string made: a build reads most pieces many times).
   */
  idAt(text: string, start: number, end: number): number {
    const h = hashOf(text, start, end);
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = Math.imul(h, 0x9e3779b1) >>> this.#shift;
    for (;;) {
      const held = slots[slot]!;
      if (held === 0) break;
      if (this.#hashes.list[held - 1] === h && sameText(this.texts[held - 1]!, text, start, end)) {
        return held - 1;
      }
      slot = (slot + 1) & mask;
    }
    const id = this.texts.length;
    this.texts.push(text.slice(start, end));
    this.#hashes.push(h);
    slots[slot] = id + 1;
    if (2 * this.texts.length > slots.length) this.#grow();
    return id;
  }

  /** Doubles the table, placing each piece again. */
  #grow(): void {
    const slots = new Int32Array(2 * this.#slots.length);
    const shift = this.#shift - 1;
    const mask = slots.length - 1;
    const hashes = this.#hashes.list;
    for (let id = 0; id < this.#hashes.length; id++) {
      let slot = Math.imul(hashes[id]!, 0x9e3779b1) >>> shift;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.#slots = slots;
    this.#shift = shift;
  }
}
