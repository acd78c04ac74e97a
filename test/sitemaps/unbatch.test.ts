import { describe, expect, it } from 'vitest';
import { unbatch } from '../../src/sitemaps/unbatch.js';

/** Batches of `sizes` numbered from 0, counting how far the source was read and if it closed. */
function source(sizes: readonly number[], failAfter?: number) {
  const state = { pulled: 0, closed: false };
  async function* batches(): AsyncGenerator<readonly number[], void, undefined> {
    let next = 0;
    try {
      for (const size of sizes) {
        if (failAfter !== undefined && state.pulled === failAfter) throw new Error('cut');
        state.pulled += 1;
        await Promise.resolve();
        yield Array.from({ length: size }, () => next++);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, iterator: unbatch(batches()) };
}

describe('unbatch: records one by one from batches', () => {
  it('hands out every record in order, empty batches passed over', async () => {
    const { iterator, state } = source([3, 0, 1, 4]);
    const seen: number[] = [];
    for await (const value of iterator) seen.push(value);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(state).toEqual({ pulled: 4, closed: true });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('answers calls made before earlier ones settle, in order', async () => {
    const { iterator } = source([2, 2]);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => iterator.next()));
    expect(results.map((r) => (r.done ? 'done' : r.value))).toEqual([0, 1, 2, 3, 'done']);
  });

  it('reads the source a batch at a time, and closes it on return()', async () => {
    const { iterator, state } = source([2, 2, 2]);
    for await (const value of iterator) if (value === 2) break;
    expect(state).toEqual({ pulled: 2, closed: true });
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('ends with the error the source threw, after the records before it', async () => {
    const { iterator, state } = source([2, 2], 1);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const value of iterator) seen.push(value);
      })(),
    ).rejects.toThrow('cut');
    expect(seen).toEqual([0, 1]);
    expect(state.closed).toBe(true);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('throw() closes the source and rejects with the error', async () => {
    const { iterator, state } = source([2, 2]);
    expect(await iterator.next()).toEqual({ done: false, value: 0 });
    await expect(iterator.throw(new Error('stop'))).rejects.toThrow('stop');
    expect(state.closed).toBe(true);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });
});
