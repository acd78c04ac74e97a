import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRobotsClient, type RobotsClientOptions } from '../../src/cache/client.js';
import { MAX_CLAIMS, pacingMargin } from '../../src/cache/pacer.js';
import { requestedUrl } from '../../src/cache/request-url.js';
import type { CacheStore } from '../../src/cache/store.js';
import { createMemoryStore } from '../../src/cache/stores/memory.js';
import { DEFAULT_USER_AGENT } from '../../src/fetch/options.js';
import { getPathParamsQuery } from '../../src/match/path.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';
import { fakeTime } from '../helpers/virtual-clock.js';

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

interface Reply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
  /** Milliseconds before answering. */
  readonly delay?: number;
}

async function site(initial: Reply) {
  const state = { reply: initial };
  const server = await startHttpServer((_request: IncomingMessage, response: ServerResponse) => {
    const { status = 200, headers = {}, body = '', delay = 0 } = state.reply;
    setTimeout(() => {
      response.writeHead(status, headers);
      response.end(body);
    }, delay);
  });
  running.push(server);
  return {
    ...server,
    url: (path: string) => `${server.origin}${path}`,
    answer(reply: Reply) {
      state.reply = reply;
    },
  };
}

function client(options: RobotsClientOptions = {}) {
  return createRobotsClient({ timeout: 2000, ...options });
}

describe('agents: loud, not silent', () => {
  it('a default agent set once on the client serves every call', async () => {
    const origin = await site({
      body: 'User-agent: FooBot\nDisallow: /foo\n\nUser-agent: *\nDisallow: /all\n',
    });
    const robots = client({ agent: 'FooBot' });
    expect(await robots.isAllowed(origin.url('/foo/1'))).toBe(false);
    expect(await robots.isAllowed(origin.url('/all/1'))).toBe(true);
    // A call's own agent wins over the default.
    expect(await robots.isAllowed(origin.url('/all/1'), 'OtherBot')).toBe(false);
    expect((await robots.explain(origin.url('/foo/1'))).line).toBe(2);
  });

  it('rejects a versioned agent or a full User-Agent, naming the token to use', async () => {
    const origin = await site({ body: 'User-agent: Googlebot\nDisallow: /\n' });
    const robots = client();
    await expect(robots.isAllowed(origin.url('/x'), 'Googlebot/2.1')).rejects.toThrow(
      /"Googlebot\/2\.1" is not a product token.*use "Googlebot"/,
    );
    await expect(
      robots.isAllowed(
        origin.url('/x'),
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      ),
    ).rejects.toThrow(/use "Googlebot"/);
    await expect(robots.isAllowed(origin.url('/x'))).rejects.toThrow(TypeError);
    await expect(robots.acquire(origin.url('/x'), ['FooBot', 'Foo Bot'])).rejects.toThrow(
      /"Foo Bot" is not a product token/,
    );
    expect(() => createRobotsClient({ agent: 'FooBot/1.0' })).toThrow(/use "FooBot"/);
    // `*` asks for the global group (crawlee's default agent).
    expect(await robots.isAllowed(origin.url('/x'), '*')).toBe(true);
    expect(await robots.isAllowed(origin.url('/x'), 'Googlebot')).toBe(false);
    expect(origin.requests.filter((p) => p === '/robots.txt')).toHaveLength(1);
  });

  it('explain notes an agent that is not a product token (the core stays exact)', async () => {
    const { parseRobotsTxt } = await import('../../src/robots.js');
    const robots = parseRobotsTxt('User-agent: Googlebot\nDisallow: /\n');
    const explanation = robots.explain('https://example.com/x', 'Googlebot/2.1');
    expect(explanation.allowed).toBe(true);
    expect(explanation.notes?.[0]).toMatch(/not a product token.*use "Googlebot"/);
    expect(robots.explain('https://example.com/x', 'Googlebot').notes).toBeUndefined();
  });
});

describe('the URL judged is the URL requested', () => {
  it('a raw Unicode URL is judged as fetch will send it', async () => {
    const origin = await site({ body: 'User-agent: *\nDisallow: /café\nDisallow: /private\n' });
    const robots = client({ agent: 'FooBot' });
    expect(await robots.isAllowed(origin.url('/café/menu'))).toBe(false);
    expect(await robots.isAllowed(origin.url('/caf%C3%A9/menu'))).toBe(false);
    expect(await robots.isAllowed(new URL(origin.url('/café/menu')))).toBe(false);
    // Dot segments are resolved before the request is made.
    expect(await robots.isAllowed(origin.url('/public/../private/a'))).toBe(false);
    expect(await robots.isAllowed(origin.url('/public/%2e%2e/private/a'))).toBe(false);
    expect(await robots.isAllowed(origin.url('/cafe'))).toBe(true);
    const explanation = await robots.explain(origin.url('/café/menu'));
    expect(explanation.path).toBe('/caf%C3%A9/menu');
  });
});

describe('requestedUrl', () => {
  it.each([
    ['https://a.example/plain/path?q=1&r=%2F', 'https://a.example/plain/path?q=1&r=%2F'],
    ['https://a.example/café', 'https://a.example/caf%C3%A9'],
    ['https://a.example/a b', 'https://a.example/a%20b'],
    ['https://a.example/a\\b', 'https://a.example/a/b'],
    ['https://a.example/x/./y/../z', 'https://a.example/x/z'],
    ['https://a.example/x/%2E%2e/z', 'https://a.example/z'],
    ['https://a.example/q?a="b"&c=<d>', 'https://a.example/q?a=%22b%22&c=%3Cd%3E'],
    ['https://a.example/v1.2/file.txt', 'https://a.example/v1.2/file.txt'],
    // Scheme and host are not what rules match: a plain string is left as it is.
    ['HTTPS://A.EXAMPLE:443/P', 'HTTPS://A.EXAMPLE:443/P'],
  ])('%s is judged as %s', (given, judged) => {
    const pathAndQuery = (url: string) => {
      const parsed = new URL(url);
      return parsed.pathname + parsed.search;
    };
    expect(requestedUrl(given)).toBe(judged);
    // What the rules see is exactly what the request carries.
    expect(pathAndQuery(requestedUrl(given))).toBe(pathAndQuery(given));
    expect(new URL(requestedUrl(given)).href).toBe(new URL(given).href);
  });
});

it('requestedUrl: the path the matcher reads is the one the request carries (random URLs)', () => {
  const piece = fc.constantFrom(
    'a',
    'é',
    '/',
    '.',
    '..',
    '%2e',
    '%',
    ' ',
    '\\',
    '"',
    '?',
    '=',
    '&',
    '#',
    '~',
    '💩',
    "'",
    '^',
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
      const given = `https://a.example/${pieces.join('')}`;
      // The request target: the serialisation after the origin, without the fragment.
      const parsed = new URL(given);
      const target = parsed.href.slice(parsed.origin.length).split('#')[0];
      expect(getPathParamsQuery(requestedUrl(given))).toBe(target);
    }),
    { numRuns: 2000 },
  );
});

describe('fetching', () => {
  it('sends a descriptive User-Agent by default, the crawler’s own when set', async () => {
    const origin = await site({ body: '' });
    await client().isAllowed(origin.url('/'), 'FooBot');
    await client({ userAgent: 'FooBot/1.0 (+https://foo.example/bot)' }).isAllowed(
      origin.url('/'),
      'FooBot',
    );
    expect(origin.userAgents).toEqual([
      DEFAULT_USER_AGENT,
      'FooBot/1.0 (+https://foo.example/bot)',
    ]);
    expect(DEFAULT_USER_AGENT).toMatch(/^robots-rep \(.*\+https:/);
  });

  it('a per-call signal abandons that call only; the shared fetch goes on for the others', async () => {
    const origin = await site({ body: 'User-agent: *\nDisallow: /x\n', delay: 150 });
    const robots = client({ agent: 'FooBot' });
    const controller = new AbortController();
    const abandoned = robots.isAllowed(origin.url('/x'), undefined, { signal: controller.signal });
    const other = robots.isAllowed(origin.url('/x'));
    controller.abort(new DOMException('stop', 'AbortError'));
    await expect(abandoned).rejects.toThrow('stop');
    expect(await other).toBe(false);
    expect(origin.requests).toEqual(['/robots.txt']);
    // An already aborted signal rejects before any work.
    await expect(robots.get(origin.url('/'), { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('explain says when it answers from a copy kept through a failed refresh', async () => {
    const origin = await site({ body: 'User-agent: *\nDisallow: /x\n' });
    const time = fakeTime();
    const robots = client({ agent: 'FooBot', now: time.now });
    expect((await robots.explain(origin.url('/x'))).notes).toBeUndefined();
    origin.answer({ status: 503 });
    time.advance(25 * 3_600_000);
    const explanation = await robots.explain(origin.url('/x'));
    expect(explanation.allowed).toBe(false);
    expect(explanation.line).toBe(2);
    expect(explanation.notes).toHaveLength(1);
    expect(explanation.notes?.[0]).toMatch(
      /answered from the copy fetched 2026-01-01T00:00:00\.000Z.*503.*RFC 9309 §2\.4/,
    );
  });
});

describe('politeness', () => {
  it('crawl delay and request rate per origin and agent, also for non-ASCII files', async () => {
    const body = new TextEncoder().encode(
      'User-agent: FooBot\nDisallow: /café\nCrawl-delay: 2.5\nRequest-rate: 1/10s\n\nUser-agent: *\nCrawl-delay: 1\n',
    );
    const origin = await site({ body });
    const robots = client();
    expect(await robots.crawlDelay(origin.url('/'), 'FooBot')).toBe(2.5);
    expect(await robots.requestRate(origin.url('/'), 'FooBot')).toEqual({
      requests: 1,
      seconds: 10,
    });
    expect(await robots.crawlDelay(origin.url('/'), 'OtherBot')).toBe(1);
    expect(await robots.requestRate(origin.url('/'), 'OtherBot')).toBeUndefined();
    const { robots: policy } = await robots.get(origin.url('/'));
    expect(policy.crawlDelay('FooBot')).toBe(2.5);
    expect(policy.isAllowed(origin.url('/caf%C3%A9'), 'FooBot')).toBe(false);
  });

  it('acquire spaces requests by the largest of crawl-delay, request-rate and minDelay', async () => {
    // Only Allow/Disallow lines end a group: without them the two groups would be one.
    const origin = await site({
      body: 'User-agent: *\nCrawl-delay: 2\nDisallow: /private\n\nUser-agent: RateBot\nRequest-rate: 1/5s\nDisallow: /private\n',
    });
    const time = fakeTime();
    const robots = client({ now: time.now, sleep: time.sleep });
    const start = time.now();
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await robots.acquire(origin.url(`/p${i}`), 'FooBot'));
    // Each spacing carries the pacer's margin (5%, 30 to 100 ms) for latency jitter.
    expect([10, 200, 1000, 2000, 10_000, 60_000].map(pacingMargin)).toEqual([
      30, 30, 50, 100, 100, 100,
    ]);
    const d = 2000 + pacingMargin(2000);
    expect(waits).toEqual([0, d, d, d]);
    expect(time.now() - start).toBe(3 * d);
    // Concurrent callers get consecutive slots.
    time.advance(10_000);
    const together = [
      robots.acquire(origin.url('/a'), 'FooBot'),
      robots.acquire(origin.url('/b'), 'FooBot'),
    ];
    expect(await Promise.all(together)).toEqual([0, d]);

    const rate = client({ now: time.now, sleep: time.sleep });
    expect(
      await Promise.all([1, 2, 3].map(() => rate.acquire(origin.url('/'), 'RateBot'))),
    ).toEqual([0, 5000 + pacingMargin(5000), 2 * (5000 + pacingMargin(5000))]);
    const floor = client({ now: time.now, sleep: time.sleep, minDelay: 7000 });
    expect(await Promise.all([1, 2].map(() => floor.acquire(origin.url('/'), 'FooBot')))).toEqual([
      0,
      7000 + pacingMargin(7000),
    ]);
  });

  it('a huge Crawl-delay is capped by maxDelay; origins are paced apart', async () => {
    const slow = await site({ body: 'User-agent: *\nCrawl-delay: 86400\n' });
    const fast = await site({ body: '' });
    const time = fakeTime();
    const robots = client({ now: time.now, sleep: time.sleep, agent: 'FooBot' });
    const waits = await Promise.all([
      robots.acquire(slow.url('/1')),
      robots.acquire(slow.url('/2')),
      robots.acquire(fast.url('/1')),
      robots.acquire(fast.url('/2')),
    ]);
    expect(waits).toEqual([0, 60_000 + pacingMargin(60_000), 0, 0]);
  });

  it('clients sharing a store share the spacing', async () => {
    const origin = await site({ body: 'User-agent: *\nCrawl-delay: 1\n' });
    const time = fakeTime();
    const store = createMemoryStore({ now: time.now });
    const fleet = [1, 2, 3].map(() =>
      client({ store, now: time.now, sleep: time.sleep, agent: 'FooBot' }),
    );
    // Each has the rules first (real I/O, which the virtual clock does not wait for).
    for (const robots of fleet) await robots.get(origin.url('/'));
    const waits = await Promise.all(fleet.map((robots) => robots.acquire(origin.url('/'))));
    expect(waits.sort((a, b) => a - b)).toEqual([
      0,
      1000 + pacingMargin(1000),
      2 * (1000 + pacingMargin(1000)),
    ]);
    // Clients with stores of their own do not see each other.
    const apart = [1, 2].map(() => client({ now: time.now, sleep: time.sleep, agent: 'FooBot' }));
    for (const robots of apart) await robots.get(origin.url('/'));
    time.advance(10_000);
    expect(await Promise.all(apart.map((robots) => robots.acquire(origin.url('/'))))).toEqual([
      0, 0,
    ]);
  });

  it('a process that wakes late for its slot does not start right before the next one', async () => {
    const origin = await site({ body: 'User-agent: *\nCrawl-delay: 1\nDisallow: /private\n' });
    const time = fakeTime();
    const store = createMemoryStore({ now: time.now });
    const options = { store, now: time.now, agent: 'FooBot' };
    let late = true;
    const a = client({ ...options, sleep: time.sleep });
    // b oversleeps its first wait by 900 ms (a busy machine).
    const b = client({
      ...options,
      sleep: (ms: number) => {
        const extra = late ? 900 : 0;
        late = false;
        return time.sleep(ms + extra);
      },
    });
    const c = client({ ...options, sleep: time.sleep });
    await a.get(origin.url('/'));
    await Promise.all([b.get(origin.url('/')), c.get(origin.url('/'))]);
    const start = time.now();
    const starts: Record<string, number> = {};
    await Promise.all(
      Object.entries({ a, b, c }).map(async ([name, robots]) => {
        await robots.acquire(origin.url(`/${name}`));
        starts[name] = time.now() - start;
      }),
    );
    // a at 0, b late at 1900 instead of 1000, so c waits until 2900 instead of starting at 2000
    // (each spacing with the pacer's margin).
    expect(starts).toEqual({
      a: 0,
      b: 1900 + pacingMargin(1000),
      c: 2900 + 2 * pacingMargin(1000),
    });
  });

  it('when many processes wake late, none starts without its claim: every start is a spacing apart', async () => {
    const origin = await site({ body: 'User-agent: *\nCrawl-delay: 1\nDisallow: /private\n' });
    const time = fakeTime();
    const store = createMemoryStore({ now: time.now });
    // Twelve processes; each oversleeps its first waits by a different amount (a loaded machine),
    // so their claims collide again and again.
    const fleet = Array.from({ length: 12 }, (_, i) => {
      let lateness = [2900, 1700, 300, 2300][i % 4]! + 37 * i;
      return client({
        store,
        now: time.now,
        agent: 'FooBot',
        sleep: (ms: number) => {
          const extra = lateness;
          lateness = Math.floor(lateness / 2);
          return time.sleep(ms + extra);
        },
      });
    });
    for (const robots of fleet) await robots.get(origin.url('/'));
    const starts: number[] = [];
    await Promise.all(
      fleet.map(async (robots, i) => {
        for (let k = 0; k < 3; k++) {
          await robots.acquire(origin.url(`/${i}/${k}`));
          starts.push(time.now());
        }
      }),
    );
    starts.sort((x, y) => x - y);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(starts).toHaveLength(36);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
  });

  it('rejects, after a bounded number of refused claims, rather than start unspaced', async () => {
    const origin = await site({ body: 'User-agent: *\nCrawl-delay: 1\n' });
    const time = fakeTime();
    const memory = createMemoryStore({ now: time.now });
    let claims = 0;
    // A store whose every claim is refused: some other process always started just now.
    const store: CacheStore = Object.assign(Object.create(memory) as CacheStore, {
      claim: async () => {
        claims++;
        return 5;
      },
    });
    const robots = client({ store, now: time.now, sleep: time.sleep, agent: 'FooBot' });
    await robots.get(origin.url('/'));
    await expect(robots.acquire(origin.url('/a'))).rejects.toThrow(/not starting without/);
    expect(claims).toBe(MAX_CLAIMS);
  });

  it('backOff holds the origin for a Retry-After, bounded, for every client of the store', async () => {
    const origin = await site({ body: '' });
    const time = fakeTime();
    const store = createMemoryStore({ now: time.now });
    const options = { store, now: time.now, sleep: time.sleep, agent: 'FooBot' };
    const [a, b] = [client(options), client({ ...options, maxRetryDelay: 3_600_000 })];
    await a.backOff(
      origin.url('/page'),
      new Response(null, { status: 429, headers: { 'retry-after': '120' } }),
    );
    expect(await b.acquire(origin.url('/other'))).toBe(120_000);
    time.advance(200_000);
    await b.backOff(origin.url('/'), '86400');
    expect(await a.acquire(origin.url('/'))).toBe(3_600_000);
    time.advance(4_000_000);
    await a.backOff(origin.url('/'));
    expect(await a.acquire(origin.url('/'))).toBe(300_000);
    time.advance(400_000);
    await a.backOff(origin.url('/'), new Date(time.now() + 30_000).toUTCString());
    expect(await a.acquire(origin.url('/'))).toBe(30_000);
  });

  it('a store that cannot reserve (no reserve) leaves the pacing to the process', async () => {
    const origin = await site({ body: 'User-agent: *\nCrawl-delay: 1\n' });
    const time = fakeTime();
    const plain = createMemoryStore({ now: time.now });
    const noReserve: CacheStore = { get: plain.get, set: plain.set, delete: plain.delete };
    const robots = client({ store: noReserve, now: time.now, sleep: time.sleep, agent: 'FooBot' });
    expect(await Promise.all([1, 2].map(() => robots.acquire(origin.url('/'))))).toEqual([
      0,
      1000 + pacingMargin(1000),
    ]);
  });

  it('an aborted acquire rejects with the reason', async () => {
    const origin = await site({ body: 'User-agent: *\nCrawl-delay: 5\n' });
    const robots = client({ agent: 'FooBot' });
    expect(await robots.acquire(origin.url('/'))).toBe(0);
    const controller = new AbortController();
    const waiting = robots.acquire(origin.url('/'), undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 20);
    await expect(waiting).rejects.toThrow('shutting down');
  });
});
