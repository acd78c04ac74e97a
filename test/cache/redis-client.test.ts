/**
 * Redis as operators run it: a 3-master Redis Cluster and a Sentinel, each driven through
 * node-redis (createCluster, createSentinel) and ioredis (Cluster, sentinels), against real
 * servers started here; and the client shapes the store refuses.
 */

import { spawnSync } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Cluster, Redis } from 'ioredis';
import { createCluster, createSentinel } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRobotsClient, type RobotsClient } from '../../src/cache/client.js';
import { createRedisStore, type RedisStore } from '../../src/cache/stores/redis.js';
import {
  type RedisCluster,
  type RedisSentinel,
  startRedisCluster,
  startRedisSentinel,
} from '../helpers/redis-server.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const closers: (() => Promise<unknown>)[] = [];
let cluster: RedisCluster;
let sentinel: RedisSentinel;
let site: TestServer;

beforeAll(async () => {
  [cluster, sentinel] = await Promise.all([startRedisCluster(), startRedisSentinel()]);
  site = await startHttpServer((_request: IncomingMessage, response: ServerResponse) => {
    setTimeout(() => response.end('User-agent: *\nCrawl-delay: 0.2\nDisallow: /private\n'), 20);
  });
}, 60_000);

afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
  await Promise.all([cluster?.stop(), sentinel?.stop(), site?.close()]);
});

const clients = {
  'node-redis createCluster': async () => {
    const client = createCluster({
      rootNodes: cluster.nodes.map(({ url }) => ({ url })),
      defaults: { disableOfflineQueue: true },
    });
    client.on('error', () => {});
    await client.connect();
    closers.push(() => client.close());
    return client;
  },
  'ioredis Cluster': async () => {
    const client = new Cluster(
      cluster.nodes.map(({ host, port }) => ({ host, port })),
      { enableOfflineQueue: false, lazyConnect: true },
    );
    client.on('error', () => {});
    await client.connect();
    closers.push(async () => client.disconnect());
    return client;
  },
  'node-redis createSentinel': async () => {
    const client = createSentinel({
      name: sentinel.name,
      sentinelRootNodes: [sentinel.sentinel],
    });
    client.on('error', () => {});
    await client.connect();
    closers.push(() => client.close());
    return client;
  },
  'ioredis with sentinels': async () => {
    const client = new Redis({
      sentinels: [sentinel.sentinel],
      name: sentinel.name,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    client.on('error', () => {});
    await client.connect();
    closers.push(async () => client.disconnect());
    return client;
  },
};

let prefixes = 0;

describe.each(Object.entries(clients))('%s', (name, connect) => {
  it('shares entries, one fetch, the pace and the lock; reads the policy of every master', async () => {
    const warnings: string[] = [];
    const prefix = `robots-rep-topology:${process.pid}:${++prefixes}:`;
    const stores: RedisStore[] = [];
    for (let i = 0; i < 3; i++) {
      stores.push(
        createRedisStore({
          client: await connect(),
          prefix,
          onWarning: (message) => warnings.push(message),
        }),
      );
    }
    const fleet = stores.map((store) =>
      createRobotsClient({
        store,
        agent: 'FooBot',
        onStoreError: (error) => warnings.push(String(error)),
      }),
    );
    const before = site.requests.length;
    const verdicts = await Promise.all(
      fleet.map((robots) => robots.isAllowed(`${site.origin}/private`)),
    );
    expect(verdicts).toEqual([false, false, false]);
    expect(site.requests.length - before).toBe(1);
    // The pace is one for the three: consecutive slots, each a spacing (0.2 s and its margin)
    // after the last, behind one spacing for the new store's first claim (no marker vouches for
    // an empty state yet). A process that wakes late on a loaded machine pushes the later slots
    // further back, never closer: so the k-th start comes at least k spacings after the calls
    // (timed here, not the waits each reports, which start at its own reserve), and none is
    // unbounded.
    const called = performance.now();
    const started = await Promise.all(
      fleet.map(async (robots) => {
        await robots.acquire(`${site.origin}/`);
        return performance.now() - called;
      }),
    );
    started.sort((a, b) => a - b);
    started.forEach((elapsed, index) => {
      expect(elapsed).toBeGreaterThanOrEqual((index + 1) * 200);
      expect(elapsed).toBeLessThan(60_000);
    });
    expect(fleet.reduce((sum, robots) => sum + robots.stats.lostPacingState, 0)).toBe(1);
    for (const robots of fleet) expect(robots.storeStatus.failures).toBe(0);
    const report = await stores[0]!.checkEvictionPolicy();
    const masters = name.includes('luster') ? 3 : 1;
    expect(Object.keys(report.policies)).toHaveLength(masters);
    expect(Object.values(report.policies)).toEqual(Array(masters).fill('noeviction'));
    expect(warnings).toEqual([]);
  });

  it('a FLUSHALL of every master mid-run: the next slot waits a spacing, counted as lost', async () => {
    const prefix = `robots-rep-topology:${process.pid}:${++prefixes}:`;
    const fleet = await Promise.all(
      [0, 1, 2].map(async () =>
        createRobotsClient({
          store: createRedisStore({ client: await connect(), prefix, onWarning: () => {} }),
          agent: 'FooBot',
          onStoreError: () => {},
        }),
      ),
    );
    const [a, b, c] = fleet as [RobotsClient, RobotsClient, RobotsClient];
    for (const robots of fleet) await robots.isAllowed(`${site.origin}/`);
    // A new store's first claim waits a spacing (no marker yet); the second runs as usual.
    await a.acquire(`${site.origin}/1`);
    await b.acquire(`${site.origin}/2`);
    expect(b.stats.lostPacingState).toBe(0);
    const masters = name.includes('luster') ? cluster.nodes : [sentinel.master];
    for (const { port } of masters) {
      expect(spawnSync('redis-cli', ['-p', String(port), 'FLUSHALL']).stdout.toString()).toMatch(
        /OK/,
      );
    }
    // c has never crawled the origin (no schedule of its own): only the store could hold it back.
    const wait = await c.acquire(`${site.origin}/3`);
    expect(wait).toBeGreaterThanOrEqual(210);
    expect(c.stats.lostPacingState).toBe(1);
    // The claim script read the origin's last start and its bucket's marker: no CROSSSLOT.
    for (const robots of fleet) expect(robots.storeStatus.failures).toBe(0);
  });
});

it('refuses at construction a client shape it cannot drive, naming the supported ones', () => {
  const shapes: unknown[] = [
    {},
    { get: () => {}, set: () => {} },
    { sendCommands: () => {} },
    'redis://127.0.0.1:6379',
    undefined,
  ];
  for (const client of shapes) {
    expect(() => createRedisStore({ client: client as never })).toThrow(
      /node-redis v5 createClient\(\), createCluster\(\) or createSentinel\(\), or ioredis new Redis\(\) \(also with sentinels\) or new Cluster\(\)/,
    );
  }
});
