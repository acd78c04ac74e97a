/**
 * Conditional refresh (RFC 9309 §2.4, RFC 9110 §13): a copy kept with its ETag / Last-Modified is
 * refreshed with If-None-Match / If-Modified-Since, and a 304 renews it without a body; against
 * real loopback servers (one honouring the headers, one ignoring them), real Redis and a real FTP
 * server.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createClient } from 'redis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { type CacheEntry, isCacheEntry } from '../../src/cache/store.js';
import { createMemoryStore } from '../../src/cache/stores/memory.js';
import { createRedisStore } from '../../src/cache/stores/redis.js';
import { createRobotsClient as createNodeClient } from '../../src/node/index.js';
import { type FtpServer, startFtpServer } from '../helpers/ftp-server.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const day = 86_400_000;
const agent = 'FooBot';
const running: (TestServer | FtpServer)[] = [];
const closers: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  await Promise.all(
    running.splice(0).map((server) => ('stop' in server ? server.stop() : server.close())),
  );
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Seen {
  readonly ifNoneMatch: string | undefined;
  readonly ifModifiedSince: string | undefined;
}

/**
 * A robots.txt server: `body()` is the current file, sent with `etag()` and a Last-Modified;
 * `honour` decides whether it answers a matching conditional request with 304.
 */
async function origin(options: {
  body: () => string;
  etag?: () => string | undefined;
  lastModified?: string;
  honour: boolean;
  maxAge304?: number;
}) {
  const seen: Seen[] = [];
  let bodies = 0;
  const server = await startHttpServer((request: IncomingMessage, response: ServerResponse) => {
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    seen.push({ ifNoneMatch, ifModifiedSince });
    const etag = options.etag?.();
    const headers: Record<string, string> = {
      'content-type': 'text/plain',
      ...(etag === undefined ? {} : { etag }),
      ...(options.lastModified === undefined ? {} : { 'last-modified': options.lastModified }),
    };
    const unchanged =
      (etag !== undefined && ifNoneMatch === etag) ||
      (etag === undefined &&
        options.lastModified !== undefined &&
        ifModifiedSince === options.lastModified);
    if (options.honour && unchanged) {
      response.writeHead(304, {
        ...headers,
        ...(options.maxAge304 === undefined
          ? {}
          : { 'cache-control': `max-age=${options.maxAge304}` }),
      });
      response.end();
      return;
    }
    bodies++;
    response.writeHead(200, headers);
    response.end(options.body());
  });
  running.push(server);
  return { server, seen, bodies: () => bodies };
}

function clock(start = 1_700_000_000_000) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('conditional refresh against a real server', () => {
  it('answers 304: the copy is renewed without a body, the verdicts stay, stats count it', async () => {
    const site = await origin({
      body: () => 'User-agent: *\nDisallow: /private\n',
      etag: () => '"v1"',
      lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT',
      honour: true,
      maxAge304: 7200,
    });
    const time = clock();
    const client = createRobotsClient({ agent, now: time.now });
    const url = `${site.server.origin}/private/x`;
    expect(await client.isAllowed(url)).toBe(false);
    const first = await client.get(url);
    expect(first.entry.copy).toMatchObject({
      etag: '"v1"',
      lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT',
    });
    time.advance(day + 1);
    const renewed = await client.get(url);
    expect(renewed.source).toBe('revalidated');
    expect(renewed.fetched).toBeUndefined();
    // The 304's own max-age (2 h) sets the new lifetime; the copy is the same.
    expect(renewed.entry.expiresAt).toBe(time.now() + 7_200_000);
    expect(renewed.entry.copy).toEqual(first.entry.copy);
    expect(renewed.robots).toBe(first.robots);
    expect(await client.isAllowed(url)).toBe(false);
    expect(await client.isAllowed(`${site.server.origin}/public`)).toBe(true);
    expect(site.seen).toEqual([
      { ifNoneMatch: undefined, ifModifiedSince: undefined },
      { ifNoneMatch: '"v1"', ifModifiedSince: 'Tue, 01 Dec 2026 10:00:00 GMT' },
    ]);
    expect(site.bodies()).toBe(1);
    expect(client.stats).toMatchObject({ conditionalRequests: 1, notModified: 1 });
    // Still unchanged at the next expiry (the 2 h lifetime): renewed again, no body.
    time.advance(7_200_001);
    expect((await client.get(url)).source).toBe('revalidated');
    expect(site.bodies()).toBe(1);
  });

  it('answers 304 to If-Modified-Since when the file has no ETag', async () => {
    const site = await origin({
      body: () => 'User-agent: *\nDisallow: /a\n',
      lastModified: 'Mon, 30 Nov 2026 08:00:00 GMT',
      honour: true,
    });
    const time = clock();
    const client = createRobotsClient({ agent, now: time.now });
    await client.isAllowed(`${site.server.origin}/a`);
    time.advance(day);
    expect((await client.get(`${site.server.origin}/a`)).source).toBe('revalidated');
    expect(site.seen[1]).toEqual({
      ifNoneMatch: undefined,
      ifModifiedSince: 'Mon, 30 Nov 2026 08:00:00 GMT',
    });
    // No 304 max-age: the default lifetime (24 h).
    expect((await client.get(`${site.server.origin}/a`)).entry.expiresAt).toBe(time.now() + day);
  });

  it('a server that ignores the headers: each refresh gets the new file and its rules apply', async () => {
    let version = 1;
    const site = await origin({
      body: () => `User-agent: *\nDisallow: /v${version}\n`,
      etag: () => `"v${version}"`,
      honour: false,
    });
    const time = clock();
    const client = createRobotsClient({ agent, now: time.now });
    expect(await client.isAllowed(`${site.server.origin}/v1`)).toBe(false);
    version = 2;
    time.advance(day);
    const lookup = await client.get(`${site.server.origin}/`);
    expect(lookup.source).toBe('fetch');
    expect(lookup.entry.copy?.etag).toBe('"v2"');
    expect(await client.isAllowed(`${site.server.origin}/v1`)).toBe(true);
    expect(await client.isAllowed(`${site.server.origin}/v2`)).toBe(false);
    expect(site.seen[1]?.ifNoneMatch).toBe('"v1"');
    expect(client.stats).toMatchObject({ conditionalRequests: 1, notModified: 0 });
  });

  it('a file without validators is refreshed unconditionally', async () => {
    const site = await origin({ body: () => 'User-agent: *\nDisallow: /\n', honour: true });
    const time = clock();
    const client = createRobotsClient({ agent, now: time.now });
    await client.isAllowed(`${site.server.origin}/`);
    time.advance(day);
    expect((await client.get(`${site.server.origin}/`)).source).toBe('fetch');
    expect(site.seen).toEqual([
      { ifNoneMatch: undefined, ifModifiedSince: undefined },
      { ifNoneMatch: undefined, ifModifiedSince: undefined },
    ]);
    expect(client.stats.conditionalRequests).toBe(0);
  });
});

describe('a mixed-version fleet', () => {
  /** An entry as the version before validators wrote it. */
  const oldEntry = (now: number, body: string): CacheEntry => ({
    copy: {
      status: 'ok',
      httpStatus: 200,
      body,
      fetchedAt: now - day,
      finalUrl: 'http://example.com/robots.txt',
      reason: 'robots.txt fetched (HTTP 200), its rules apply (RFC 9309 §2.3.1.1)',
    },
    expiresAt: now - 1,
    failures: 0,
    updatedAt: now - day,
  });

  it('reads an entry without validators, refreshes it unconditionally, then keeps them (memory)', async () => {
    const site = await origin({
      body: () => 'User-agent: *\nDisallow: /new\n',
      etag: () => '"n"',
      honour: true,
    });
    const time = clock();
    const store = createMemoryStore({ now: time.now });
    await store.set(
      site.server.origin,
      oldEntry(time.now(), 'User-agent: *\nDisallow: /old\n'),
      day,
    );
    const client = createRobotsClient({ agent, now: time.now, store });
    expect(await client.isAllowed(`${site.server.origin}/new`)).toBe(false);
    expect(site.seen).toEqual([{ ifNoneMatch: undefined, ifModifiedSince: undefined }]);
    const written = await store.get(site.server.origin);
    expect(written?.copy?.etag).toBe('"n"');
    // An entry with validators is a whole entry to every reader's check.
    expect(isCacheEntry(JSON.parse(JSON.stringify(written)))).toBe(true);
  });

  it('on Redis: old entries refreshed whole, new ones kept with validators and renewed by 304', async () => {
    const redisUrl = inject('redisUrl');
    if (redisUrl === '') throw new Error(inject('redisError'));
    const redis = createClient({ url: redisUrl, disableOfflineQueue: true });
    redis.on('error', () => {});
    await redis.connect();
    closers.push(() => redis.close());
    const prefix = `robots-rep-test:conditional:${process.pid}:`;
    const site = await origin({
      body: () => 'User-agent: *\nDisallow: /new\n',
      etag: () => '"r1"',
      honour: true,
    });
    const time = clock(Date.now());
    // Written as the previous version writes it: JSON without validators.
    await redis.set(
      prefix + site.server.origin,
      JSON.stringify(oldEntry(time.now(), 'User-agent: *\nDisallow: /old\n')),
    );
    const first = createRobotsClient({
      agent,
      now: time.now,
      store: createRedisStore({ client: redis, prefix }),
    });
    expect(await first.isAllowed(`${site.server.origin}/new`)).toBe(false);
    expect(site.seen).toEqual([{ ifNoneMatch: undefined, ifModifiedSince: undefined }]);
    const stored = JSON.parse((await redis.get(prefix + site.server.origin)) ?? '{}');
    expect(stored.copy.etag).toBe('"r1"');
    // Another process, a day later, revalidates the shared copy with its ETag.
    time.advance(day);
    const second = createRobotsClient({
      agent,
      now: time.now,
      store: createRedisStore({ client: redis, prefix }),
    });
    expect((await second.get(`${site.server.origin}/x`)).source).toBe('revalidated');
    expect(site.seen[1]?.ifNoneMatch).toBe('"r1"');
    expect(site.bodies()).toBe(1);
    await redis.del(prefix + site.server.origin);
  });
});

describe('FTP', () => {
  it('is refreshed whole: no conditional request exists there', async () => {
    const server = await startFtpServer({ 'robots.txt': 'User-agent: *\nDisallow: /private\n' });
    running.push(server);
    const time = clock();
    const client = createNodeClient({ agent, now: time.now, allowPrivateAddresses: true });
    expect(await client.isAllowed(`${server.origin}/private/a`)).toBe(false);
    time.advance(day);
    const lookup = await client.get(`${server.origin}/private/a`);
    expect(lookup.source).toBe('fetch');
    expect(lookup.fetched?.status).toBe('ok');
    expect(lookup.entry.copy?.etag).toBeUndefined();
    expect(client.stats.conditionalRequests).toBe(0);
  });
});
