/** Timers for the client: waits that an `AbortSignal` can cut short. */

/** The longest delay `setTimeout` keeps: a longer one fires at once (Node warns and uses 1 ms). */
export const MAX_TIMER_DELAY: number = 2 ** 31 - 1;

/**
 * Waits `ms` milliseconds, or rejects with the signal's reason when it aborts first. Waits longer
 * than a timer can hold are taken in pieces, so none of them fires early.
 */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  let left = ms;
  do {
    const step = Math.min(left, MAX_TIMER_DELAY);
    await sleepOnce(step, signal);
    left -= step;
  } while (left > 0);
}

function sleepOnce(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
