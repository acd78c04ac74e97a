/**
 * Records handed out one by one from batches. A file's records are made a chunk at a time; an
 * async generator yielding each of them would cost a suspension and several promises a record
 * (more than parsing it), so the batches are kept and `next()` answers from the current one with
 * a resolved promise. It behaves as an async generator does: calls made before an earlier one
 * settles are answered in order, an error ends it, `return()` closes the source.
 */

/** The records of `batches`, one by one. */
export function unbatch<T>(
  batches: AsyncGenerator<readonly T[], void, undefined>,
): AsyncGenerator<T, void, undefined> {
  let batch: readonly T[] = [];
  let at = 0;
  let finished = false;
  /** Calls not yet settled: while any is, later calls wait their turn. */
  let waiting = 0;
  let turn: Promise<unknown> = Promise.resolve();

  const close = (): void => {
    finished = true;
    batch = [];
    at = 0;
  };
  const step = async (): Promise<IteratorResult<T, void>> => {
    for (;;) {
      if (at < batch.length) return { done: false, value: batch[at++] as T };
      if (finished) return { done: true, value: undefined };
      let next: IteratorResult<readonly T[], void>;
      try {
        next = await batches.next();
      } catch (error) {
        close();
        throw error;
      }
      if (next.done === true) {
        close();
        return { done: true, value: undefined };
      }
      batch = next.value;
      at = 0;
    }
  };
  const queued = (
    work: () => Promise<IteratorResult<T, void>>,
  ): Promise<IteratorResult<T, void>> => {
    waiting += 1;
    const run = async (): Promise<IteratorResult<T, void>> => {
      try {
        return await work();
      } finally {
        waiting -= 1;
      }
    };
    const result = turn.then(run);
    turn = result.catch(() => undefined);
    return result;
  };
  const finish = async (): Promise<void> => {
    if (finished) return;
    close();
    await batches.return(undefined);
  };

  const iterator: AsyncGenerator<T, void, undefined> = {
    next() {
      if (waiting === 0 && at < batch.length) {
        return Promise.resolve({ done: false, value: batch[at++] as T });
      }
      return queued(step);
    },
    return() {
      return queued(async () => {
        await finish();
        return { done: true, value: undefined };
      });
    },
    throw(error: unknown) {
      return queued(async () => {
        await finish();
        throw error;
      });
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
