import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTaskClock } from '../../src/util/task-clock.js';

describe('createTaskClock', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads the system clock once per task and again after the event loop turns', async () => {
    let reads = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => 1_000 + 10 * ++reads);
    const clock = createTaskClock();
    expect(clock()).toBe(1_010);
    // The same task, and its microtasks: the same reading.
    expect(clock()).toBe(1_010);
    await Promise.resolve();
    expect(clock()).toBe(1_010);
    expect(reads).toBe(1);
    await nextTurn();
    expect(clock()).toBe(1_020);
    expect(clock()).toBe(1_020);
    expect(reads).toBe(2);
  });

  it('keeps no reading older than the task that made it, for each clock of its own', async () => {
    let time = 5_000;
    vi.spyOn(Date, 'now').mockImplementation(() => time);
    const a = createTaskClock();
    const b = createTaskClock();
    expect(a()).toBe(5_000);
    time = 6_000;
    expect(a()).toBe(5_000);
    expect(b()).toBe(6_000);
    await nextTurn();
    time = 7_000;
    expect(a()).toBe(7_000);
    expect(b()).toBe(7_000);
  });
});
