/**
 * A clock read at most once per task: the first read in a task (a turn of the event loop with
 * its microtasks) calls `Date.now()`; later reads in that task return the same value. Reading
 * the system clock costs about as much as a cached check on a virtual machine's clock source,
 * and a crawler's burst of checks runs in one task. A value is never older than the task that
 * read it: it is dropped by a macrotask (`setImmediate`, or `setTimeout(0)` where there is none)
 * queued at the read, which runs as soon as the task yields to the event loop.
 */

type Schedule = (callback: () => void) => unknown;

const schedule: Schedule =
  typeof globalThis.setImmediate === 'function'
    ? (callback) => globalThis.setImmediate(callback)
    : (callback) => globalThis.setTimeout(callback, 0);

/** A `Date.now` read once per task; see the module's comment. */
export function createTaskClock(): () => number {
  let held = -1;
  const drop = (): void => {
    held = -1;
  };
  return () => {
    if (held < 0) {
      held = Date.now();
      schedule(drop);
    }
    return held;
  };
}
