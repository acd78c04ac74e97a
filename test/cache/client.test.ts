import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRobotsClient, type RobotsClientOptions } from '../../src/cache/client.js';
import type { CacheEntry, CacheStore } from '../../src/cache/store.js';
import { createMemoryStore } from '../../src/cache/stores/memory.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const hour = 3_600_000;
const day = 24 * hour;
const agent = 'FooBot';
const running: TestServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A robots.txt server whose answer the test changes as it goes. */
async function origin(initial: Reply) {
  const state = { reply: initial };
  const server = await startHttpServer((_request: IncomingMessage, response: ServerResponse) => {
    const { status = 200, headers = {}, body = '' } = state.reply;
    response.writeHead(status, headers);
    response.end(body);
  });
  running.push(server);
  return {
    ...server,
    url: (path: string) => `${server.origin}${path}`,
    fetches: () => server.requests.length,
    answer(reply: Reply) {
      state.reply = reply;
    },
  };
}

interface Reply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

const disallowPrivate: Reply = { body: 'User-agent: *\nDisallow: /private\n' };
const disallowAdmin: Reply = { body: 'User-agent: *\nDisallow: /admin\n' };

function clock(start = Date.UTC(2026, 0, 1)) {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

function client(options: RobotsClientOptions = {}) {
  return createRobotsClient({ timeout: 2000, ...options });
}

describe('fetch once, keep it (RFC 9309 §2.4)', () => {
  it('fetches an origin once and answers from memory for 24 h', async () => {
    const site = await origin(disallowPrivate);
    const time = clock();
    const robots = client({ now: time.now });
    expect(await robots.isAllowed(site.url('/private/a'), agent)).toBe(false);
    expect(await robots.isAllowed(site.url('/public'), agent)).toBe(true);
    time.advance(day - 1);
    expect((await robots.get(site.url('/x'))).source).toBe('memory');
    expect(site.fetches()).toBe(1);

    site.answer(disallowAdmin);
    time.advance(1);
    const lookup = await robots.get(site.url('/x'));
    expect(lookup.source).toBe('fetch');
    expect(lookup.fetched?.status).toBe('ok');
    // Parsed once: the fetch reports the rules the client keeps, read from the copy it keeps.
    expect(lookup.fetched?.robots).toBe(lookup.robots);
    expect(await robots.isAllowed(site.url('/private/a'), agent)).toBe(true);
    expect(await robots.isAllowed(site.url('/admin'), agent)).toBe(false);
    expect(site.fetches()).toBe(2);
  });

  it.each([
    ['max-age=7200', 2 * hour],
    ['max-age=60', hour],
    ['max-age=0, must-revalidate', hour],
    ['max-age=604800', day],
  ])('Cache-Control: %s keeps the copy %i ms (bounded)', async (cacheControl, lifetime) => {
    const site = await origin({ ...disallowPrivate, headers: { 'cache-control': cacheControl } });
    const time = clock();
    const robots = client({ now: time.now });
    const first = await robots.get(site.url('/'));
    expect(first.entry.expiresAt - time.now()).toBe(lifetime);
    time.advance(lifetime - 1);
    await robots.isAllowed(site.url('/'), agent);
    expect(site.fetches()).toBe(1);
    time.advance(1);
    await robots.isAllowed(site.url('/'), agent);
    expect(site.fetches()).toBe(2);
  });

  it('reads files as the 1996 draft when told to, and keeps them 7 days by default', async () => {
    const site = await origin({ body: 'User-agent: *\nDisallow: /a\nAllow: /a/b\n' });
    const time = clock();
    const legacy = client({ now: time.now, interpretation: 'draft-1996' });
    expect(await legacy.isAllowed(site.url('/a/b'), agent)).toBe(false);
    expect(await client({ now: time.now }).isAllowed(site.url('/a/b'), agent)).toBe(true);
    const lookup = await legacy.get(site.url('/'));
    expect(lookup.entry.expiresAt - time.now()).toBe(7 * day);
    time.advance(7 * day - 1);
    expect((await legacy.get(site.url('/'))).source).toBe('memory');
    expect(await legacy.isAllowed(site.url('/a/b'), agent)).toBe(false);
  });

  it('bounds are configurable', async () => {
    const site = await origin({ ...disallowPrivate, headers: { 'cache-control': 'max-age=10' } });
    const time = clock();
    const robots = client({ now: time.now, minTtl: 5000, maxTtl: 2 * day, ttl: 2 * day });
    expect((await robots.get(site.url('/'))).entry.expiresAt - time.now()).toBe(10_000);
  });

  it('a 404 allows everything and is kept like a file', async () => {
    const site = await origin({ status: 404 });
    const time = clock();
    const robots = client({ now: time.now });
    expect(await robots.isAllowed(site.url('/private'), agent)).toBe(true);
    const explanation = await robots.explain(site.url('/private'), agent);
    expect(explanation).toMatchObject({ allowed: true, selection: 'outcome' });
    time.advance(day - 1);
    await robots.isAllowed(site.url('/'), agent);
    expect(site.fetches()).toBe(1);
  });

  it('1,000 concurrent checks of one origin make exactly one fetch', async () => {
    const site = await origin(disallowPrivate);
    const robots = client();
    const verdicts = await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        robots.isAllowed(site.url(index % 2 === 0 ? `/private/${index}` : `/p/${index}`), agent),
      ),
    );
    expect(site.fetches()).toBe(1);
    expect(verdicts.filter((allowed) => !allowed)).toHaveLength(500);
  });

  it('origins are told apart by scheme, host and port; the default port is folded', async () => {
    const a = await origin(disallowPrivate);
    const b = await origin({ status: 404 });
    const robots = client();
    expect(await robots.isAllowed(a.url('/private'), agent)).toBe(false);
    expect(await robots.isAllowed(b.url('/private'), agent)).toBe(true);
    expect((await robots.get(`${a.url('/other')}?q#f`)).origin).toBe(a.origin);
    expect(a.fetches() + b.fetches()).toBe(2);
  });

  it('delete forgets an origin', async () => {
    const site = await origin(disallowPrivate);
    const robots = client();
    await robots.isAllowed(site.url('/'), agent);
    await robots.delete(site.url('/'));
    await robots.isAllowed(site.url('/'), agent);
    expect(site.fetches()).toBe(2);
  });
});

describe('unreachable origins (RFC 9309 §2.3.1.4)', () => {
  it('a refresh that finds the origin down keeps the last good copy', async () => {
    const site = await origin(disallowPrivate);
    const time = clock();
    const robots = client({ now: time.now });
    await robots.isAllowed(site.url('/'), agent);
    site.answer({ status: 500 });
    for (let step = 0; step < 10; step++) {
      time.advance(day);
      expect(await robots.isAllowed(site.url('/private'), agent)).toBe(false);
      expect(await robots.isAllowed(site.url('/public'), agent)).toBe(true);
    }
    const lookup = await robots.get(site.url('/'));
    expect(lookup.entry).toMatchObject({ failures: 10, error: 'HTTP 500' });
    expect(lookup.entry.copy?.status).toBe('ok');
  });

  it('with no copy: disallow all, then allow all after 30 days of continuous outage', async () => {
    const site = await origin({ status: 503 });
    const time = clock();
    const robots = client({ now: time.now });
    expect(await robots.isAllowed(site.url('/public'), agent)).toBe(false);
    const early = await robots.explain(site.url('/public'), agent);
    expect(early).toMatchObject({ allowed: false, selection: 'outcome' });
    expect(early.reason).toContain('HTTP 503');
    time.advance(29 * day);
    expect(await robots.isAllowed(site.url('/public'), agent)).toBe(false);
    time.advance(day);
    expect(await robots.isAllowed(site.url('/public'), agent)).toBe(true);
    expect((await robots.explain(site.url('/public'), agent)).reason).toContain('30 days');

    // The site comes back: its file applies again at the next retry.
    site.answer(disallowPrivate);
    time.advance(day);
    expect(await robots.isAllowed(site.url('/private'), agent)).toBe(false);
    expect((await robots.get(site.url('/'))).entry.failures).toBe(0);
  });

  it('the 30-day rule is configurable, Infinity keeps disallowing', async () => {
    const site = await origin({ status: 500 });
    const time = clock();
    const robots = client({ now: time.now, unreachableAllowAfter: Number.POSITIVE_INFINITY });
    await robots.isAllowed(site.url('/'), agent);
    time.advance(365 * day);
    expect(await robots.isAllowed(site.url('/'), agent)).toBe(false);
  });

  it('retries with exponential backoff, sooner after a 503', async () => {
    const site = await origin({ status: 500 });
    const time = clock();
    const robots = client({ now: time.now, retryDelay: 60_000, maxRetryDelay: 10 * 60_000 });
    const delays: number[] = [];
    for (let step = 0; step < 6; step++) {
      const { entry } = await robots.get(site.url('/'));
      delays.push(entry.expiresAt - time.now());
      time.advance(entry.expiresAt - time.now());
    }
    expect(delays).toEqual([1, 2, 4, 8, 10, 10].map((minutes) => minutes * 60_000));
    expect(site.fetches()).toBe(6);

    site.answer({ status: 503 });
    const { entry } = await robots.get(site.url('/'));
    expect(entry.expiresAt - time.now()).toBe(5 * 60_000);
  });

  it('honours Retry-After within bounds', async () => {
    const site = await origin({ status: 503, headers: { 'retry-after': '120' } });
    const time = clock();
    const robots = client({ now: time.now });
    expect((await robots.get(site.url('/'))).entry.expiresAt - time.now()).toBe(120_000);
    time.advance(119_999);
    await robots.isAllowed(site.url('/'), agent);
    expect(site.fetches()).toBe(1);
    time.advance(1);
    await robots.isAllowed(site.url('/'), agent);
    expect(site.fetches()).toBe(2);
    site.answer({ status: 429, headers: { 'retry-after': '99999999' } });
    time.advance(120_000);
    expect((await robots.get(site.url('/'))).entry.expiresAt - time.now()).toBe(6 * hour);
  });

  it('a 404 after an outage replaces the copy (the site answered)', async () => {
    const site = await origin(disallowPrivate);
    const time = clock();
    const robots = client({ now: time.now });
    await robots.isAllowed(site.url('/'), agent);
    site.answer({ status: 404 });
    time.advance(day);
    expect(await robots.isAllowed(site.url('/private'), agent)).toBe(true);
  });
});

describe('stores', () => {
  it('two clients sharing a store share one copy and one fetch', async () => {
    const site = await origin(disallowPrivate);
    const store = createMemoryStore();
    const [a, b] = [client({ store }), client({ store })];
    const verdicts = await Promise.all([
      ...Array.from({ length: 50 }, () => a.isAllowed(site.url('/private'), agent)),
      ...Array.from({ length: 50 }, () => b.isAllowed(site.url('/private'), agent)),
    ]);
    expect(verdicts.every((allowed) => !allowed)).toBe(true);
    expect(site.fetches()).toBe(1);
    expect((await b.get(site.url('/'))).source).toBe('memory');
  });

  it('a failing store: keeps working from memory, reports it, never fails open', async () => {
    const site = await origin(disallowPrivate);
    const broken: CacheStore = {
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
      delete: () => Promise.reject(new Error('store down')),
      lock: () => Promise.reject(new Error('store down')),
    };
    const onStoreError = vi.fn();
    const robots = client({ store: broken, onStoreError });
    expect(await robots.isAllowed(site.url('/private'), agent)).toBe(false);
    expect(await robots.isAllowed(site.url('/public'), agent)).toBe(true);
    expect(site.fetches()).toBe(1);
    expect(robots.storeStatus).toMatchObject({ healthy: false });
    expect(onStoreError).toHaveBeenCalledWith(expect.any(Error), 'get');
  });

  it('the default report is one console warning per outage', async () => {
    const site = await origin(disallowPrivate);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const broken: CacheStore = {
        get: () => Promise.reject(new Error('store down')),
        set: () => Promise.reject(new Error('store down')),
        delete: () => Promise.resolve(),
      };
      const robots = client({ store: broken });
      await robots.isAllowed(site.url('/'), agent);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('working from memory');
    } finally {
      warn.mockRestore();
    }
  });

  it('a lock whose holder died lapses; the waiter then fetches itself', async () => {
    const site = await origin(disallowPrivate);
    const store = createMemoryStore();
    const orphan = await store.lock?.(site.origin, 150);
    expect(orphan).toBeDefined();
    const robots = client({ store, lockTtl: 150, lockPollInterval: 10 });
    expect(await robots.isAllowed(site.url('/private'), agent)).toBe(false);
    expect(site.fetches()).toBe(1);
  });

  it('an outage is remembered across processes: the 30 days count from the first failure', async () => {
    const site = await origin({ status: 503 });
    const time = clock();
    const store = createMemoryStore({ now: time.now });
    await client({ store, now: time.now }).isAllowed(site.url('/'), agent);
    time.advance(30 * day);
    const restarted = client({ store, now: time.now });
    expect(await restarted.isAllowed(site.url('/'), agent)).toBe(true);
    expect((await restarted.get(site.url('/'))).entry.failures).toBe(2);
  });

  it('uses the injected fetch and sends the User-Agent', async () => {
    const site = await origin(disallowPrivate);
    const seen: string[] = [];
    const robots = client({
      userAgent: 'FooBot/2.0',
      fetch: (input, init) => {
        seen.push(input);
        return fetch(input, init);
      },
    });
    await robots.isAllowed(site.url('/a'), agent);
    expect(seen).toEqual([site.url('/robots.txt')]);
    expect(site.userAgents).toEqual(['FooBot/2.0']);
  });

  it('an entry written by another process is used without fetching', async () => {
    const site = await origin(disallowAdmin);
    const time = clock();
    const store = createMemoryStore({ now: time.now });
    const entry: CacheEntry = {
      copy: {
        status: 'ok',
        httpStatus: 200,
        body: 'User-agent: *\nDisallow: /from-store\n',
        fetchedAt: time.now(),
        finalUrl: site.url('/robots.txt'),
        reason: 'test',
      },
      expiresAt: time.now() + hour,
      failures: 0,
      updatedAt: time.now(),
    };
    await store.set(site.origin, entry, day);
    const robots = client({ store, now: time.now });
    expect(await robots.isAllowed(site.url('/from-store'), agent)).toBe(false);
    expect((await robots.get(site.url('/'))).source).toBe('memory');
    expect(site.fetches()).toBe(0);
  });

  it('a copy with non-UTF-8 bytes survives the store byte for byte', async () => {
    const latin1 = Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1');
    const server = await startHttpServer((_request, response) => response.end(latin1));
    running.push(server);
    const store = createMemoryStore();
    await client({ store }).isAllowed(`${server.origin}/`, agent);
    const fresh = client({ store });
    expect(await fresh.isAllowed(`${server.origin}/caf%E9`, agent)).toBe(false);
    expect(await fresh.isAllowed(`${server.origin}/caf%C3%A9`, agent)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});

describe('options', () => {
  it.each([
    [{ maxOrigins: 0 }, /^createRobotsClient: options\.maxOrigins must be .*, got 0$/],
    [{ maxOrigins: 1.5 }, /^createRobotsClient: options\.maxOrigins must be .*, got 1\.5$/],
    [{ lockTtl: Number.POSITIVE_INFINITY }, /options\.lockTtl must be .*, got Infinity$/],
    [{ ttl: -1 }, /options\.ttl must be .*, got -1$/],
    // Fetch options are checked when the client is made, not on each lookup's fetch.
    [{ timeout: -1 }, /^createRobotsClient: options\.timeout must be .*, got -1$/],
    [{ maxRedirects: 1.5 }, /options\.maxRedirects must be .*, got 1\.5$/],
    [{ maxBytes: -5 }, /options\.maxBytes must be .*, got -5$/],
    [{ percentEncoding: 'x' as 'rfc9309' }, /options\.percentEncoding/],
  ])('%j is a TypeError naming the option', (options, message) => {
    expect(() => createRobotsClient(options)).toThrow(TypeError);
    expect(() => createRobotsClient(options)).toThrow(message);
  });

  it('a wrong-type url is a TypeError naming the method', async () => {
    const robots = createRobotsClient();
    await expect(robots.isAllowed(42 as unknown as string, 'a')).rejects.toThrow(
      /^isAllowed: url must be a string or a URL/,
    );
    await expect(robots.get(42 as unknown as string)).rejects.toThrow(/^get: url must be/);
  });

  it('an infinite fetch timeout still gives the store lock a finite lifetime', () => {
    expect(() => createRobotsClient({ timeout: Number.POSITIVE_INFINITY })).not.toThrow();
  });
});
