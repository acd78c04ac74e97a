/**
 * A list of 32-bit integers in a typed array grown by doubling: what a build fills a rule at a
 * time (the index's items, the patterns it has seen) and keeps between its slices. An array of
 * numbers kept as long is copied by every scavenge it survives, and each growth leaves a copy
 * behind on the collected heap; a typed array's numbers are neither. Used while a set is built.
 */
export class IntList {
  /** The numbers, `list[0, length)`; past that, room. */
  list: Int32Array;
  length = 0;

  constructor(capacity = 16) {
    this.list = new Int32Array(Math.max(capacity, 4));
  }

  push(value: number): void {
    if (this.length === this.list.length) {
      const list = new Int32Array(2 * this.list.length);
      list.set(this.list);
      this.list = list;
    }
    this.list[this.length++] = value;
  }

  /** The numbers pushed (a view of the list: valid until the next push). */
  get items(): Int32Array {
    return this.list.subarray(0, this.length);
  }
}
