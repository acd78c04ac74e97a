/**
 * Redis locks that cannot wedge a fleet and entries that cannot open it, against a real
 * redis-server: a failed entry write, a lock request that runs late, planted locks, poisoned
 * entries.
 */

import { spawn } from 'node:child_process';
import fc from 'fast-check';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { createRedisStore } from '../../src/cache/stores/redis.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';
import { bundleWorker, type WorkerBundle } from '../helpers/worker-bundle.js';

const agent = 'FooBot';
const disallowing = 'User-agent: *\nDisallow: /private\n';
const clients: { close(): Promise<void> }[] = [];
const running: TestServer[] = [];
let server: RedisServer;
let holder: WorkerBundle | undefined;

beforeAll(async () => {
  // A server of their own: these tests fill its memory and pause its clients.
  server = await startRedisServer();
  holder = await bundleWorker('lock-holder');
}, 60_000);

afterEach(async () => {
  await Promise.all(running.splice(0).map((site) => site.close()));
});

afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await server.stop();
  holder?.remove();
});

async function connect() {
  const client = createClient({
    url: server.url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => 50, connectTimeout: 1000 },
  });
  client.on('error', () => {});
  await client.connect();
  clients.push({ close: () => client.close().catch(() => client.destroy()) });
  return client;
}

let prefixCount = 0;
const prefix = (): string => `robots-rep-locks:${process.pid}:${++prefixCount}:`;

/** An origin whose robots.txt disallows /private, answered after `latency` ms. */
async function site(latency = 0): Promise<TestServer> {
  const started = await startHttpServer((_request, response) => {
    setTimeout(() => response.end(disallowing), latency);
  });
  running.push(started);
  return started;
}

/**
 * Waits for a state (a child process starting, a request arriving), polling: the deadline is
 * generous because a loaded machine can take seconds to start a process; nothing is timed.
 */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(condition()).toBe(true);
}

const quiet = { onStoreError: () => {} };

describe('a failed entry write', () => {
  it('still releases the lock: another process waits one fetch, not lockTtl', async () => {
    const admin = await connect();
    const keyPrefix = prefix();
    const origin = await site(100);
    const lockTtl = 8000;
    const holder = createRobotsClient({
      store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
      lockTtl,
      ...quiet,
    });
    const checked = holder.isAllowed(`${origin.origin}/private`, agent);
    // The holder has its lock and is fetching: Redis runs out of memory before it writes.
    await until(() => origin.requests.length === 1);
    expect(await admin.exists(`${keyPrefix}lock:${origin.origin}`)).toBe(1);
    await admin.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '1' });
    try {
      expect(await checked).toBe(false);
      expect(holder.storeStatus.failures).toBeGreaterThan(0);
    } finally {
      await admin.configSet({ maxmemory: '0' });
    }
    expect(await admin.exists(`${keyPrefix}${origin.origin}`)).toBe(0);
    expect(await admin.exists(`${keyPrefix}lock:${origin.origin}`)).toBe(0);

    const other = createRobotsClient({
      store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
      lockTtl,
      lockPollInterval: 50,
      ...quiet,
    });
    const started = performance.now();
    expect(await other.isAllowed(`${origin.origin}/private`, agent)).toBe(false);
    // One fetch (100 ms) and a poll, with room for a slow machine; far below lockTtl.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(origin.requests).toHaveLength(2);
  });
});

describe('the fetch lock is a short lease', () => {
  it('is renewed while its holder fetches: a fetch of three leases is still one fetch', async () => {
    const keyPrefix = prefix();
    const origin = await site(1500);
    const fleet = await Promise.all(
      [1, 2, 3, 4].map(async () =>
        createRobotsClient({
          store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
          lockTtl: 500,
          ...quiet,
        }),
      ),
    );
    const verdicts = await Promise.all(
      fleet.map((robots) => robots.isAllowed(`${origin.origin}/private`, agent)),
    );
    expect(verdicts).toEqual([false, false, false, false]);
    expect(origin.requests).toEqual(['/robots.txt']);
  });

  it('a holder killed while fetching costs one lease and one more fetch, not one a waiter', async () => {
    const admin = await connect();
    const keyPrefix = prefix();
    // The dead holder's request is never answered; the next one is.
    let answered = 0;
    const origin = await startHttpServer((_request, response) => {
      if (answered++ > 0) response.end(disallowing);
    });
    running.push(origin);
    const url = `${origin.origin}/private`;
    const child = spawn(process.execPath, [holder!.file, server.url, keyPrefix, url], {
      stdio: 'ignore',
    });
    await until(() => origin.requests.length === 1);
    // It holds the lock, a lease of the default 2 s at most, and is fetching: five waiters
    // arrive, then it dies.
    const lease = await admin.pTTL(`${keyPrefix}lock:${origin.origin}`);
    expect(lease).toBeGreaterThan(0);
    expect(lease).toBeLessThanOrEqual(2000);
    const waiters = await Promise.all(
      [1, 2, 3, 4, 5].map(async () =>
        createRobotsClient({
          store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
          ...quiet,
        }),
      ),
    );
    const checks = waiters.map((robots) => robots.isAllowed(url, agent));
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGKILL');
    expect(await Promise.all(checks)).toEqual([false, false, false, false, false]);
    // The holder's request and one waiter's: the other four waited for its entry.
    expect(origin.requests).toEqual(['/robots.txt', '/robots.txt']);
  });
});

describe('locks always lapse', () => {
  it('a lock request that times out on the client and runs late leaves no lock', async () => {
    const admin = await connect();
    const keyPrefix = prefix();
    const origin = await site();
    const robots = createRobotsClient({
      store: createRedisStore({ client: await connect(), prefix: keyPrefix, commandTimeout: 100 }),
      ...quiet,
    });
    await admin.sendCommand(['CLIENT', 'PAUSE', '600', 'WRITE']);
    // The read passes, the lock script waits out the pause: the client gives up on it, fetches
    // alone, and the lock it may have taken is taken back once Redis runs the queued commands.
    expect(await robots.isAllowed(`${origin.origin}/private`, agent)).toBe(false);
    await admin.sendCommand(['CLIENT', 'UNPAUSE']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await admin.exists(`${keyPrefix}lock:${origin.origin}`)).toBe(0);
  });

  it.each([
    ['without TTL', [] as string[]],
    ['with a TTL longer than any lock', ['PX', '900000000']],
  ])('a planted lock %s is taken over at once', async (_name, expiry) => {
    const admin = await connect();
    const keyPrefix = prefix();
    const origin = await site();
    await admin.sendCommand(['SET', `${keyPrefix}lock:${origin.origin}`, 'planted', ...expiry]);
    const robots = createRobotsClient({
      store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
      lockTtl: 8000,
      ...quiet,
    });
    const started = performance.now();
    expect(await robots.isAllowed(`${origin.origin}/private`, agent)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(origin.requests).toHaveLength(1);
    // Released by its new holder, and every lock it takes has a TTL.
    expect(await admin.exists(`${keyPrefix}lock:${origin.origin}`)).toBe(0);
  });

  it('every lock taken has a TTL no longer than lockTtl', async () => {
    const admin = await connect();
    const keyPrefix = prefix();
    const origin = await site(200);
    const robots = createRobotsClient({
      store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
      lockTtl: 3000,
    });
    const checked = robots.isAllowed(`${origin.origin}/private`, agent);
    await until(() => origin.requests.length === 1);
    const left = await admin.pTTL(`${keyPrefix}lock:${origin.origin}`);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(3000);
    await checked;
  });

  it("a lock is released only by its holder's token", async () => {
    const admin = await connect();
    const keyPrefix = prefix();
    const store = createRedisStore({ client: await connect(), prefix: keyPrefix });
    const lock = await store.lock?.('https://a.example', 50);
    expect(lock).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 80));
    // It lapsed and another took it: the late release must not delete the other's lock.
    const other = await store.lock?.('https://a.example', 5000);
    expect(other).toBeDefined();
    await lock?.release();
    expect(await admin.exists(`${keyPrefix}lock:https://a.example`)).toBe(1);
    await other?.release();
    expect(await admin.exists(`${keyPrefix}lock:https://a.example`)).toBe(0);
  });
});

describe('poisoned entries never open an origin', () => {
  const now = Date.now();
  const shapes: [string, string][] = [
    [
      'failures without an outage start',
      JSON.stringify({ expiresAt: now + 3_600_000, updatedAt: 0, failures: 1 }),
    ],
    [
      'a copy that is fresh forever',
      `{"expiresAt": 1e400, "updatedAt": ${now}, "failures": 0, "copy": {"status": "unavailable", "body": "", "fetchedAt": ${now}, "finalUrl": "x", "reason": "x"}}`,
    ],
    [
      'an unavailable copy fresh for years',
      JSON.stringify({
        expiresAt: now + 1e12,
        updatedAt: now,
        failures: 0,
        copy: { status: 'unavailable', body: '', fetchedAt: now, finalUrl: 'x', reason: 'x' },
      }),
    ],
    [
      'written in the future',
      JSON.stringify({
        expiresAt: now + 1e12 + 3_600_000,
        updatedAt: now + 1e12,
        failures: 0,
        copy: { status: 'unavailable', body: '', fetchedAt: now, finalUrl: 'x', reason: 'x' },
      }),
    ],
    [
      'no copy and no failures',
      JSON.stringify({ expiresAt: now + 3_600_000, updatedAt: now, failures: 0 }),
    ],
    ['an array', '[1, 2, 3]'],
    ['not JSON', '{"expiresAt": '],
  ];

  it.each(shapes)('%s: treated as absent, fetched, its rules apply', async (_name, raw) => {
    const admin = await connect();
    const keyPrefix = prefix();
    const origin = await site();
    await admin.set(`${keyPrefix}${origin.origin}`, raw);
    const robots = createRobotsClient({
      store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
    });
    expect(await robots.isAllowed(`${origin.origin}/private`, agent)).toBe(false);
    expect(origin.requests).toEqual(['/robots.txt']);
  });

  it('random JSON under the key never gives an allowed verdict for a disallowed URL', async () => {
    const admin = await connect();
    const redis = await connect();
    const origin = await site();
    const keyPrefix = prefix();
    const key = `${keyPrefix}${origin.origin}`;
    const entryLike = fc.record(
      {
        expiresAt: fc.oneof(fc.double(), fc.integer(), fc.constant(now + 3_600_000)),
        updatedAt: fc.oneof(fc.double(), fc.integer({ min: 0 }), fc.constant(now)),
        failures: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.double()),
        unreachableSince: fc.oneof(fc.integer({ min: 0 }), fc.double()),
        error: fc.string(),
        copy: fc.record(
          {
            status: fc.constantFrom('ok', 'unavailable', 'x'),
            body: fc.constantFrom('', 'User-agent: *\nAllow: /\n'),
            fetchedAt: fc.oneof(fc.integer({ min: 0 }), fc.double()),
            finalUrl: fc.string(),
            reason: fc.string(),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          entryLike.map((e) => JSON.stringify(e)),
        ),
        async (raw) => {
          await admin.set(key, raw);
          const robots = createRobotsClient({
            store: createRedisStore({ client: redis, prefix: keyPrefix }),
            ...quiet,
          });
          // Each run starts from the poisoned value: the refetch must not be what saves it.
          const verdict = await robots.isAllowed(`${origin.origin}/private`, agent);
          const lookup = await robots.get(`${origin.origin}/`);
          if (verdict) {
            // Only a complete, consistent allow-all entry could allow: a forged copy, not a bug.
            expect(lookup.entry.copy?.status ?? 'none').not.toBe('ok');
          }
          expect(verdict).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
