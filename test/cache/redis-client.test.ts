/**
 * Redis as operators run it: a 3-master Redis Cluster and a Sentinel, each driven through
 * node-redis (createCluster, createSentinel) and ioredis (Cluster, sentinels), against real
 * servers started here; and the client shapes the store refuses.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { Cluster, Redis } from 'ioredis';
import { createCluster, createSentinel } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
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
    // The pace is one for the three: consecutive slots, each a spacing after the last.
    const waits = await Promise.all(fleet.map((robots) => robots.acquire(`${site.origin}/`)));
    const slots = waits.map((wait) => Math.round(wait / 210)).sort();
    expect(slots).toEqual([0, 1, 2]);
    for (const robots of fleet) expect(robots.storeStatus.failures).toBe(0);
    const report = await stores[0]!.checkEvictionPolicy();
    const masters = name.includes('luster') ? 3 : 1;
    expect(Object.keys(report.policies)).toHaveLength(masters);
    expect(Object.values(report.policies)).toEqual(Array(masters).fill('noeviction'));
    expect(warnings).toEqual([]);
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
