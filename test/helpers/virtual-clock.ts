/** A virtual clock for pacing tests. */

/** See {@link fakeTime}. */
export interface VirtualClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Moves the clock forward without waking anyone. */
  advance(ms: number): void;
  /** Every wait asked of `sleep`, in order. */
  readonly sleeps: number[];
}

/**
 * A virtual clock for the pacer: `sleep` schedules a timer, and once the pending work has
 * settled (a macrotask later) the earliest timer fires and the clock jumps to it. Pacing tests
 * take no real time, and concurrent sleepers wake in the order real timers would.
 */
export function fakeTime(start: number = Date.UTC(2026, 0, 1)): VirtualClock {
  let time = start;
  const timers: { at: number; resolve: () => void }[] = [];
  const sleeps: number[] = [];
  const fire = (): void => {
    timers.sort((a, b) => a.at - b.at);
    const next = timers.shift();
    if (next === undefined) return;
    time = Math.max(time, next.at);
    next.resolve();
  };
  return {
    now: () => time,
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        sleeps.push(ms);
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const timer = { at: time + ms, resolve };
        timers.push(timer);
        signal?.addEventListener('abort', () => {
          timers.splice(timers.indexOf(timer), 1);
          reject(signal.reason);
        });
        setImmediate(fire);
      }),
    advance(ms: number) {
      time += ms;
    },
    sleeps,
  };
}
