import type { IncomingMessage, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { createRedisStore } from '../../src/cache/stores/redis.js';
import { startRedisServer } from '../helpers/redis-server.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';
import { cacheStoreTests } from './cache-store.suite.js';

const agent = 'FooBot';
const redisUrl = inject('redisUrl');
const clients: { close(): Promise<void> }[] = [];
const running: TestServer[] = [];

async function connect(url = redisUrl) {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => 50, connectTimeout: 1000 },
  });
  client.on('error', () => {});
  await client.connect();
  clients.push({ close: () => client.close().catch(() => client.destroy()) });
  return client;
}

/** An ioredis client, set up as the docs say (commands fail at once while Redis is down). */
async function connectIoredis(url = redisUrl) {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  client.on('error', () => {});
  await client.connect();
  clients.push({ close: async () => void client.disconnect() });
  return client;
}

let prefixCount = 0;
/** A fresh key prefix per store, so tests sharing the server don't see each other. */
const prefix = (): string => `robots-rep-test:${process.pid}:${++prefixCount}:`;

async function robotsOrigin(body: string) {
  const server = await startHttpServer((_request: IncomingMessage, response: ServerResponse) => {
    // A little latency, so that the fetch is still running when other processes ask.
    setTimeout(() => response.end(body), 30);
  });
  running.push(server);
  return server;
}

beforeAll(() => {
  if (redisUrl === '') throw new Error(inject('redisError'));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

cacheStoreTests(
  'redis',
  async () => ({
    store: createRedisStore({ client: await connect(), prefix: prefix() }),
    elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }),
  { locks: true, reserve: true, sharedState: true },
);

cacheStoreTests(
  'redis via ioredis',
  async () => ({
    store: createRedisStore({ client: await connectIoredis(), prefix: prefix() }),
    elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }),
  { locks: true, reserve: true, sharedState: true },
);

describe('clients', () => {
  it('takes node-redis and ioredis as they are, and names anything else', async () => {
    const keyPrefix = prefix();
    const viaNode = createRedisStore({ client: await connect(), prefix: keyPrefix });
    const viaIo = createRedisStore({ client: await connectIoredis(), prefix: keyPrefix });
    const entry = { expiresAt: 1, unreachableSince: 1, failures: 1, error: 'x', updatedAt: 1 };
    await viaNode.set('https://a.example', entry, 60_000);
    expect(await viaIo.get('https://a.example')).toEqual(entry);
    expect((await viaIo.reserve!('https://a.example', 10_000)).wait).toBe(0);
    expect((await viaNode.reserve!('https://a.example', 10_000)).wait).toBeGreaterThan(9000);
    expect(() => createRedisStore({ client: {} as never })).toThrow(
      /createRedisStore: options\.client must be a connected Redis client: node-redis v5 createClient\(\), createCluster\(\) or createSentinel\(\), or ioredis new Redis\(\) \(also with sentinels\) or new Cluster\(\)/,
    );
  });
});

describe('a fleet on one Redis', () => {
  it('stores entries as JSON under prefix + origin', async () => {
    const redis = await connect();
    const keyPrefix = prefix();
    const site = await robotsOrigin('User-agent: *\nDisallow: /private\n');
    const robots = createRobotsClient({
      store: createRedisStore({ client: redis, prefix: keyPrefix }),
    });
    await robots.isAllowed(`${site.origin}/`, agent);
    const raw = await redis.get(`${keyPrefix}${site.origin}`);
    expect(JSON.parse(raw ?? '{}')).toMatchObject({ copy: { status: 'ok', httpStatus: 200 } });
    expect(await redis.pTTL(`${keyPrefix}${site.origin}`)).toBeGreaterThan(30 * 86_400_000);
    expect(await redis.exists(`${keyPrefix}lock:${site.origin}`)).toBe(0);
  });

  it('four processes, 250 concurrent checks each: one fetch, one copy', async () => {
    const site = await robotsOrigin('User-agent: *\nDisallow: /private\n');
    const keyPrefix = prefix();
    // Each "process" has its own connection and client, as separate crawler machines would.
    const processes = await Promise.all(
      Array.from({ length: 4 }, async () =>
        createRobotsClient({
          store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
          lockPollInterval: 10,
        }),
      ),
    );
    const verdicts = await Promise.all(
      processes.flatMap((robots) =>
        Array.from({ length: 250 }, (_, index) =>
          robots.isAllowed(
            `${site.origin}/${index % 2 === 0 ? 'private' : 'public'}/${index}`,
            agent,
          ),
        ),
      ),
    );
    expect(site.requests).toEqual(['/robots.txt']);
    expect(verdicts.filter((allowed) => !allowed)).toHaveLength(500);
    const sources = await Promise.all(processes.map((robots) => robots.get(`${site.origin}/`)));
    expect(sources.every((lookup) => lookup.source === 'memory')).toBe(true);
    expect(processes.every((robots) => robots.storeStatus.healthy)).toBe(true);
  });

  it('an expired copy is refreshed once for the fleet', async () => {
    const site = await robotsOrigin('User-agent: *\nDisallow: /private\n');
    const keyPrefix = prefix();
    let time = Date.UTC(2026, 0, 1);
    const now = (): number => time;
    const [a, b] = await Promise.all(
      [0, 1].map(async () =>
        createRobotsClient({
          now,
          store: createRedisStore({ client: await connect(), prefix: keyPrefix }),
          lockPollInterval: 10,
        }),
      ),
    );
    await a!.isAllowed(`${site.origin}/`, agent);
    expect((await b!.get(`${site.origin}/`)).source).toBe('store');
    time += 86_400_000;
    await Promise.all([
      a!.isAllowed(`${site.origin}/`, agent),
      b!.isAllowed(`${site.origin}/`, agent),
    ]);
    expect(site.requests).toHaveLength(2);
  });
});

describe('when Redis goes down', () => {
  it('keeps working from memory, reports it, and fetches alone rather than fail open', async () => {
    const server = await startRedisServer();
    try {
      const redis = await connect(server.url);
      const onStoreError = vi.fn();
      const robots = createRobotsClient({
        store: createRedisStore({ client: redis, prefix: prefix(), commandTimeout: 300 }),
        onStoreError,
      });
      const known = await robotsOrigin('User-agent: *\nDisallow: /private\n');
      expect(await robots.isAllowed(`${known.origin}/private`, agent)).toBe(false);
      expect(robots.storeStatus.healthy).toBe(true);

      await server.stop();

      // An origin this process has: answered from memory.
      expect(await robots.isAllowed(`${known.origin}/private`, agent)).toBe(false);
      expect(await robots.isAllowed(`${known.origin}/public`, agent)).toBe(true);
      // A new origin: fetched without the store; its rules apply, nothing is opened up.
      const fresh = await robotsOrigin('User-agent: *\nDisallow: /\n');
      expect(await robots.isAllowed(`${fresh.origin}/anything`, agent)).toBe(false);
      expect(fresh.requests).toHaveLength(1);

      expect(robots.storeStatus).toMatchObject({ healthy: false });
      expect(robots.storeStatus.failures).toBeGreaterThan(0);
      expect(onStoreError).toHaveBeenCalled();
      expect(known.requests).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});
