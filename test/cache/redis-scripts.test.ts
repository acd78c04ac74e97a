/**
 * The pacing scripts under Redis's own faults, against real servers: a restart without
 * persistence, an eviction burst, a pause or a sleeping server, values no client writes, a policy
 * that cannot be read. Assertions are on what the store and the pacer granted.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createClient } from 'redis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createRobotsClient, type RobotsClientOptions } from '../../src/cache/client.js';
import { createRedisStore, type RedisStoreOptions } from '../../src/cache/stores/redis.js';
import { originKeys, pacingBucket } from '../../src/cache/stores/redis-keys.js';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const servers: RedisServer[] = [];
const closers: (() => Promise<unknown>)[] = [];
const running: TestServer[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close().catch(() => {});
  await Promise.all(running.splice(0).map((server) => server.close()));
});

afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function server(): Promise<RedisServer> {
  const started = await startRedisServer();
  servers.push(started);
  return started;
}

async function connect(
  target: RedisServer,
  options: { username?: string; password?: string } = {},
) {
  const client = createClient({
    url: target.url,
    ...options,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => 20, connectTimeout: 1000 },
  });
  client.on('error', () => {});
  await client.connect();
  closers.push(() => client.close().catch(() => client.destroy()));
  return client;
}

type Admin = Awaited<ReturnType<typeof connect>>;

async function site(crawlDelay: number): Promise<TestServer> {
  const started = await startHttpServer((_request: IncomingMessage, response: ServerResponse) =>
    response.end(`User-agent: *\nCrawl-delay: ${crawlDelay}\n`),
  );
  running.push(started);
  return started;
}

async function robotsOn(
  target: RedisServer,
  store: Partial<RedisStoreOptions> = {},
  options: RobotsClientOptions = {},
) {
  const warnings: string[] = [];
  const redisStore = createRedisStore({
    client: await connect(target),
    prefix: 'robots-rep-faults:',
    onWarning: (message) => warnings.push(message),
    ...store,
  });
  const robots = createRobotsClient({
    store: redisStore,
    agent: 'FooBot',
    onStoreError: () => {},
    ...options,
  });
  return { robots, store: redisStore, warnings };
}

/** Another origin in the pacing bucket of `origin` (the two share a marker). */
function sameBucket(origin: string): string {
  for (let index = 0; ; index++) {
    const other = `https://x${index}.example`;
    if (other !== origin && pacingBucket(other) === pacingBucket(origin)) return other;
  }
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met in 4 s');
}

describe('pacing state that vanishes is a fault, never "no one crawled recently"', () => {
  it('a new store vouches for no start until its marker is older than the spacing', async () => {
    const redis = await server();
    const { store } = await robotsOn(redis);
    // No marker yet: the bucket's pacing state may have been flushed, so no start is vouched for.
    expect(await store.claim!('https://a.example', 50)).toEqual({ wait: 50, lost: true });
    await new Promise((resolve) => setTimeout(resolve, 60));
    // The marker (written by that claim) is older than the spacing: nothing was lost since.
    expect(await store.claim!(sameBucket('https://a.example'), 50)).toEqual({ wait: 0 });
  });

  it('after a restart, a claim with no last start is refused for one spacing', async () => {
    const redis = await server();
    const { store } = await robotsOn(redis);
    const admin = await connect(redis);
    await store.claim!(sameBucket('https://a.example'), 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.claim!('https://a.example', 1)).toEqual({ wait: 0 });
    await redis.kill();
    await redis.restart();
    await until(async () => (await admin.ping().catch(() => '')) === 'PONG');
    await until(() =>
      store.get('https://a.example').then(
        () => true,
        () => false,
      ),
    );
    // Its last start is gone with the data, and with it the marker.
    expect(await store.claim!('https://a.example', 10_000)).toEqual({ wait: 10_000, lost: true });
    // Recorded as a start: the next claim waits out the rest of that spacing.
    expect((await store.claim!('https://a.example', 10_000)).wait).toBeGreaterThan(9000);
  });

  it('a marker of another server run (a restart with persistence, a failover) vouches for nothing', async () => {
    const redis = await server();
    const { store } = await robotsOn(redis);
    const admin = await connect(redis);
    await store.claim!('https://a.example', 1);
    const [marker] = await admin.keys('robots-rep-faults:*pacing-state');
    expect(marker).toBeDefined();
    const [, since] = String(await admin.get(marker!)).split(' ');
    // As a replica promoted by Sentinel (or a server reloading its dump) holds it.
    await admin.set(marker!, `0123456789abcdef0123456789abcdef01234567 ${since}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.claim!(sameBucket('https://a.example'), 5000)).toEqual({
      wait: 5000,
      lost: true,
    });
  });

  it('a fleet crawling through a kill -9 and restart: the first slot after it waits a spacing', async () => {
    const redis = await server();
    const origin = await site(2);
    const a = await robotsOn(redis, {}, { storeRetryInterval: 50 });
    const b = await robotsOn(redis, {}, { storeRetryInterval: 50 });
    await a.robots.get(origin.origin);
    await b.robots.get(origin.origin);
    await a.robots.acquire(`${origin.origin}/1`);
    await redis.kill();
    await redis.restart();
    // b asks for the next slot right away: Redis no longer knows a's start.
    const wait = await b.robots.acquire(`${origin.origin}/2`);
    expect(wait).toBeGreaterThanOrEqual(2100);
    expect(b.robots.stats.lostPacingState).toBe(1);
  });

  it.each([
    ['FLUSHALL', async (admin: Admin) => void (await admin.flushAll())],
    ['FLUSHDB', async (admin: Admin) => void (await admin.flushDb())],
    [
      "DEL of the prefix's keys",
      async (admin: Admin) => {
        const keys = await admin.keys('robots-rep-faults:*');
        if (keys.length > 0) await admin.del(keys);
      },
    ],
  ])(
    '%s mid-run: the next slot waits a spacing after the last start, counted as lost',
    async (_name, flush) => {
      const redis = await server();
      const admin = await connect(redis);
      const origin = await site(0.5);
      const [a, b, c] = await Promise.all([robotsOn(redis), robotsOn(redis), robotsOn(redis)]);
      for (const { robots } of [a, b, c]) await robots.get(origin.origin);
      // Two slots, so that the bucket's marker is older than the spacing: pacing as it runs.
      await a.robots.acquire(`${origin.origin}/1`);
      await b.robots.acquire(`${origin.origin}/2`);
      expect(b.robots.stats.lostPacingState).toBe(0);
      expect(await admin.exists(originKeys('robots-rep-faults:', origin.origin).started)).toBe(1);
      await flush(admin);
      // c has never crawled the origin (no schedule of its own): only the store could hold it back.
      const wait = await c.robots.acquire(`${origin.origin}/3`);
      expect(wait).toBeGreaterThanOrEqual(525);
      expect(c.robots.stats.lostPacingState).toBe(1);
      // The lost claim was recorded as a start: the next process waits a spacing after it.
      expect(await a.robots.acquire(`${origin.origin}/4`)).toBeGreaterThan(0);
      for (const { robots } of [a, b, c]) expect(robots.storeStatus.failures).toBe(0);
    },
  );

  it('an eviction burst: warned once at the first command, and a lost last start waits a spacing', async () => {
    const redis = await server();
    const admin = await connect(redis);
    await admin.configSet({ 'maxmemory-policy': 'allkeys-lru' });
    const origin = await site(0.5);
    const a = await robotsOn(redis);
    await a.robots.get(origin.origin);
    await until(async () => a.warnings.length > 0);
    expect(a.warnings).toHaveLength(1);
    expect(a.warnings[0]).toMatch(/maxmemory-policy allkeys-lru on redis/);
    expect(a.warnings[0]).toMatch(/noeviction/);
    // A new store: its first claim cannot be vouched for (no marker yet) and waits a spacing.
    expect(await a.robots.acquire(`${origin.origin}/1`)).toBeGreaterThanOrEqual(500);
    expect(a.robots.stats.lostPacingState).toBe(1);
    // Fill the memory past a small maxmemory until the last start is evicted.
    const used = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))?.[1]);
    await admin.configSet({ maxmemory: String(used + 2_000_000) });
    const key = originKeys('robots-rep-faults:', origin.origin).started;
    for (let batch = 0; (await admin.exists(key)) === 1 && batch < 200; batch++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          admin.set(`filler:${batch}:${index}`, 'x'.repeat(10_000)),
        ),
      );
    }
    await admin.configSet({ maxmemory: '0' });
    expect(await admin.exists(key)).toBe(0);
    const wait = await a.robots.acquire(`${origin.origin}/2`);
    expect(wait).toBeGreaterThanOrEqual(500);
    expect(a.robots.stats.lostPacingState).toBe(2);
    expect(a.warnings).toHaveLength(1);
  });

  it('volatile-* policies evict our keys too (all have a TTL): reported as evicting', async () => {
    const redis = await server();
    const admin = await connect(redis);
    await admin.configSet({ 'maxmemory-policy': 'volatile-lru' });
    const { store } = await robotsOn(redis);
    expect(await store.checkEvictionPolicy()).toEqual({
      policies: { redis: 'volatile-lru' },
      evicting: ['redis'],
      unknown: [],
    });
  });

  it('a policy that cannot be read (CONFIG refused) is warned about once', async () => {
    const redis = await server();
    const admin = await connect(redis);
    await admin.sendCommand([
      'ACL',
      'SETUSER',
      'crawler',
      'on',
      '>secret',
      '~*',
      '+@all',
      '-config',
    ]);
    const warnings: string[] = [];
    const store = createRedisStore({
      client: await connect(redis, { username: 'crawler', password: 'secret' }),
      onWarning: (message) => warnings.push(message),
    });
    await store.get('https://a.example');
    await store.get('https://b.example');
    await until(async () => warnings.length > 0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not read Redis's maxmemory-policy on redis \(NOPERM/);
  });
});

describe('a store that cannot answer grants no slot', () => {
  it.each([
    ['CLIENT PAUSE 1500', ['CLIENT', 'PAUSE', '1500', 'ALL']],
    ['DEBUG SLEEP 1.5', ['DEBUG', 'SLEEP', '1.5']],
  ])(
    '%s: no acquire resolves before Redis answers again, then each gets its slot',
    async (_name, command) => {
      const redis = await server();
      const admin = await connect(redis);
      const origin = await site(0.2);
      const fleet = await Promise.all(
        [1, 2, 3].map(() => robotsOn(redis, { commandTimeout: 200 }, { storeRetryInterval: 100 })),
      );
      for (const { robots } of fleet) await robots.get(origin.origin);
      const paused = performance.now();
      // DEBUG SLEEP blocks the connection that sends it: not awaited.
      const fault = admin.sendCommand(command).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
      const granted: number[] = [];
      await Promise.all(
        fleet.map(async ({ robots }) => {
          await robots.acquire(`${origin.origin}/`);
          granted.push(performance.now() - paused);
        }),
      );
      await fault;
      expect(granted).toHaveLength(3);
      // Every slot came from Redis once it answered again, never from a process pacing alone.
      expect(Math.min(...granted)).toBeGreaterThanOrEqual(1400);
      expect(fleet.some(({ robots }) => robots.storeStatus.failures > 0)).toBe(true);
    },
  );
});

describe('values no honest client writes are repaired, not followed', () => {
  it('a next slot 40 days ahead, or a last start in the future: replaced and counted', async () => {
    const redis = await server();
    const admin = await connect(redis);
    const origin = await site(0.2);
    const { robots } = await robotsOn(redis);
    await robots.get(origin.origin);
    const [seconds] = (await admin.sendCommand(['TIME'])) as string[];
    const now = Number(seconds) * 1000;
    await admin.set(
      originKeys('robots-rep-faults:', origin.origin).pace,
      String(now + 40 * 86_400_000),
    );
    expect(await robots.acquire(`${origin.origin}/1`)).toBeLessThan(1000);
    expect(robots.stats.repairedPacingValues).toBe(1);
    await admin.set(
      originKeys('robots-rep-faults:', origin.origin).started,
      String(now + 86_400_000),
    );
    const wait = await robots.acquire(`${origin.origin}/2`);
    expect(wait).toBeLessThan(5000);
    expect(robots.stats.repairedPacingValues).toBe(2);
  });
});
