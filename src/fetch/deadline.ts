/**
 * One deadline for a whole fetch (every redirect hop and the body), with the caller's signal
 * linked in so that an abort is told apart from a timeout: the first throws, the second is an
 * outcome.
 */

import { MAX_TIMER_DELAY } from '../util/sleep.js';

/** A running deadline; {@link Deadline.dispose} it when the fetch is over. */
export interface Deadline {
  /** Aborts at the deadline or when the caller's signal aborts. */
  readonly signal: AbortSignal;
  /** Whether the deadline (not the caller) aborted {@link signal}. */
  timedOut(): boolean;
  /** Stops the timer and unlinks the caller's signal. */
  dispose(): void;
}

/**
 * Starts a deadline of `timeout` ms (`Infinity`, or more than a timer can hold: none) linked to
 * the caller's `signal`.
 */
export function startDeadline(timeout: number, signal?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    // A longer delay would overflow the timer and fire at once.
    timeout > MAX_TIMER_DELAY
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new Error(`timed out after ${timeout} ms`));
        }, timeout);
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}
