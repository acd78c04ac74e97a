/**
 * Politeness fails closed: what the pacer grants while its store fails, recovers, or holds values
 * no honest client writes. Virtual time: assertions are on the slots granted and the waits asked.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRobotsClient,
  PacingUnavailableError,
  type RobotsClientOptions,
} from '../../src/cache/client.js';
import { pacingMargin } from '../../src/cache/pacer.js';
import type { CacheStore } from '../../src/cache/store.js';
import { createMemoryStore } from '../../src/cache/stores/memory.js';
import { isRobotsTxtError } from '../../src/errors.js';
import { MAX_TIMER_DELAY } from '../../src/util/sleep.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';
import { fakeTime, type VirtualClock } from '../helpers/virtual-clock.js';

const day = 86_400_000;
const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function site(body: string): Promise<TestServer & { url(path: string): string }> {
  const server = await startHttpServer((_request: IncomingMessage, response: ServerResponse) =>
    response.end(body),
  );
  running.push(server);
  return { ...server, url: (path: string) => `${server.origin}${path}` };
}

/**
 * A memory store whose pacing calls fail while `down` is true, counting what it was asked and
 * what it granted.
 */
function flakyStore(time: VirtualClock) {
  const memory = createMemoryStore({ now: time.now });
  const state = {
    down: false,
    reserves: 0,
    failures: 0,
    granted: [] as number[],
    onFailure: (_failures: number): void => {},
  };
  const fail = () => {
    state.failures++;
    state.onFailure(state.failures);
    return Promise.reject(new Error('Redis is paused'));
  };
  const store: CacheStore = {
    get: memory.get,
    set: memory.set,
    delete: memory.delete,
    reserve(key, interval, options) {
      state.reserves++;
      return state.down ? fail() : memory.reserve!(key, interval, options);
    },
    async claim(key, interval, options) {
      if (state.down) return fail();
      const reply = await memory.claim!(key, interval, options);
      if (reply.wait === 0) state.granted.push(time.now());
      return reply;
    },
  };
  return { store, state };
}

function client(time: VirtualClock, options: RobotsClientOptions) {
  return createRobotsClient({
    agent: 'FooBot',
    now: time.now,
    sleep: time.sleep,
    onStoreError: () => {},
    ...options,
  });
}

const spacing = 1000 + pacingMargin(1000);

describe('strict pacing (the default): no slot without the store', () => {
  it('waits for a failing store, trying it every storeRetryInterval, and rejects at the bound', async () => {
    const origin = await site('User-agent: *\nCrawl-delay: 1\n');
    const time = fakeTime();
    const { store, state } = flakyStore(time);
    const robots = client(time, { store, storeWaitTimeout: 10_000, storeRetryInterval: 1000 });
    await robots.get(origin.url('/'));
    state.down = true;
    const start = time.now();
    const error = await robots.acquire(origin.url('/a')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PacingUnavailableError);
    expect(isRobotsTxtError(error) && error.code).toBe('ERR_PACING_UNAVAILABLE');
    expect((error as PacingUnavailableError).origin).toBe(origin.origin);
    // Never early: it gave up exactly at the bound, after a try at the start and one a second.
    expect(time.now() - start).toBe(10_000);
    expect(state.reserves).toBe(11);
    expect(state.granted).toEqual([]);
  });

  it('grants the slot once the store is back, spaced from the last start it recorded', async () => {
    const origin = await site('User-agent: *\nCrawl-delay: 1\n');
    const time = fakeTime();
    const { store, state } = flakyStore(time);
    const [a, b] = [1, 2].map(() => client(time, { store, storeRetryInterval: 500 }));
    for (const robots of [a!, b!]) await robots.get(origin.url('/'));
    const start = time.now();
    await a!.acquire(origin.url('/1'));
    // Redis pauses for 3 s while both want the next slot: no one goes until it is back.
    state.down = true;
    // Back after a few failed tries (counted, not timed: the clock is virtual).
    state.onFailure = (failures) => {
      if (failures >= 3) state.down = false;
    };
    const waits = await Promise.all([a!.acquire(origin.url('/2')), b!.acquire(origin.url('/3'))]);
    expect(waits.every((wait) => wait > 0)).toBe(true);
    const starts = state.granted.map((at) => at - start);
    expect(starts).toHaveLength(3);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(spacing);
  });

  it('an abort cuts the wait for the store short', async () => {
    const origin = await site('User-agent: *\nCrawl-delay: 1\n');
    const time = fakeTime();
    const { store, state } = flakyStore(time);
    const robots = client(time, { store });
    await robots.get(origin.url('/'));
    state.down = true;
    const controller = new AbortController();
    state.onFailure = (failures) => {
      if (failures === 2) controller.abort(new Error('shutting down'));
    };
    const waiting = robots.acquire(origin.url('/'), undefined, { signal: controller.signal });
    await expect(waiting).rejects.toThrow('shutting down');
    expect(state.failures).toBe(2);
    expect(state.granted).toEqual([]);
  });
});

describe('fleet mode (fleetSize): the rate holds while each process paces alone', () => {
  it('paces at fleetSize times the spacing while the store fails, and shares it again after', async () => {
    const origin = await site('User-agent: *\nCrawl-delay: 1\n');
    const time = fakeTime();
    const { store, state } = flakyStore(time);
    const robots = client(time, { store, fleetSize: 3 });
    await robots.get(origin.url('/'));
    state.down = true;
    const alone = [];
    for (let i = 0; i < 3; i++) alone.push(await robots.acquire(origin.url(`/${i}`)));
    expect(alone).toEqual([0, 3 * spacing, 3 * spacing]);
    expect(state.granted).toEqual([]);
    const lastAlone = time.now();
    // Back: the store grants again, but this process's next start keeps its share — fleetSize
    // spacings after its last one paced alone — so the fleet's rate holds across the change.
    state.down = false;
    await robots.acquire(origin.url('/back'));
    expect(state.granted).toEqual([lastAlone + 3 * spacing]);
    // Then a spacing after a start the store granted.
    await robots.acquire(origin.url('/next'));
    expect(state.granted[1]! - state.granted[0]!).toBe(spacing);
  });

  it('takes only a whole number ≥ 1', () => {
    for (const fleetSize of [0, 1.5, -2, Number.NaN]) {
      expect(() => createRobotsClient({ fleetSize })).toThrow(/options\.fleetSize must be/);
    }
  });
});

describe('nothing read from the store is trusted beyond what an honest client writes', () => {
  it('a next slot 40 days ahead is repaired and counted, not followed', async () => {
    const origin = await site('User-agent: *\nCrawl-delay: 1\n');
    const time = fakeTime();
    const store = createMemoryStore({ now: time.now });
    // What no client of these rules writes: 40 days (limit: a day, the longest Crawl-delay, or
    // maxRetryDelay if longer).
    await store.reserve!(origin.origin, 40 * day, { hold: true });
    const robots = client(time, { store });
    expect(await robots.acquire(origin.url('/'))).toBe(0);
    expect(robots.stats.repairedPacingValues).toBe(1);
    expect(await robots.acquire(origin.url('/'))).toBe(spacing);
    expect(robots.stats.repairedPacingValues).toBe(1);
  });

  it('a 30-day back-off under a 60-day maxRetryDelay holds for 30 days, in timer-sized waits', async () => {
    const origin = await site('');
    const time = fakeTime();
    const store = createMemoryStore({ now: time.now });
    const robots = client(time, { store, maxRetryDelay: 60 * day });
    await robots.backOff(origin.url('/'), 30 * 86_400);
    const other = client(time, { store, maxRetryDelay: 60 * day });
    const start = time.now();
    expect(await other.acquire(origin.url('/'))).toBe(30 * day);
    expect(time.now() - start).toBe(30 * day);
    expect(Math.max(...time.sleeps)).toBeLessThanOrEqual(MAX_TIMER_DELAY);
    expect(other.stats.repairedPacingValues).toBe(0);
  });

  it('a back-off the store did not take still holds this process', async () => {
    const origin = await site('User-agent: *\nCrawl-delay: 1\n');
    const time = fakeTime();
    const { store, state } = flakyStore(time);
    const robots = client(time, { store, storeRetryInterval: 10 });
    state.down = true;
    const start = time.now();
    await robots.backOff(origin.url('/'), 120);
    state.down = false;
    time.advance(20);
    await robots.acquire(origin.url('/'));
    expect(state.granted).toEqual([start + 120_000]);
  });
});
