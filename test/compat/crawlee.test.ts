import type { IncomingMessage, ServerResponse } from 'node:http';
import { Configuration, LogLevel, log } from '@crawlee/core';
import { HttpCrawler } from '@crawlee/http';
import { RobotsTxtFile as CrawleeRobotsTxtFile } from '@crawlee/utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRobotsClient, type RobotsClient } from '../../src/cache/client.js';
import {
  pacingHook,
  RobotsFile,
  RobotsTxtFile,
  withRobotsClient,
} from '../../src/compat/crawlee.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const running: TestServer[] = [];
beforeAll(() => log.setLevel(LogLevel.OFF));
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A small site: a home page linking to public and private pages, and a robots.txt. */
async function site(robots: { status: number; body: string }) {
  const arrivals: number[] = [];
  const server = await startHttpServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url !== '/robots.txt') arrivals.push(performance.now());
    if (request.url === '/robots.txt') {
      response.writeHead(robots.status, { 'content-type': 'text/plain' });
      response.end(robots.body);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      '<html><body><a href="/public/a">a</a> <a href="/public/b">b</a> ' +
        '<a href="/private/x">x</a> <a href="/private/y">y</a></body></html>',
    );
  });
  running.push(server);
  return Object.assign(server, { arrivals });
}

/** Crawls the site from its home page with a real crawlee HttpCrawler; returns the pages handled. */
async function crawl(
  origin: string,
  Crawler: typeof HttpCrawler,
  respectRobotsTxtFile: boolean | { userAgent: string } = { userAgent: 'FooBot' },
) {
  const handled: string[] = [];
  const crawler = new Crawler(
    {
      respectRobotsTxtFile,
      maxRequestRetries: 0,
      maxConcurrency: 2,
      requestHandlerTimeoutSecs: 10,
      async requestHandler({ request, body, enqueueLinks }) {
        handled.push(new URL(request.url).pathname);
        const urls = [...String(body).matchAll(/href="([^"]+)"/g)].map(
          ([, href]) => new URL(href!, request.url).href,
        );
        await enqueueLinks({ urls });
      },
    },
    new Configuration({ persistStorage: false, purgeOnStart: true }),
  );
  await crawler.run([`${origin}/`]);
  return handled.sort();
}

describe('a real crawlee crawl of a loopback site', () => {
  it('through robots-rep: disallowed pages are never requested', async () => {
    const server = await site({ status: 200, body: 'User-agent: FooBot\nDisallow: /private\n' });
    const client = createRobotsClient({ agent: 'FooBot' });
    const handled = await crawl(server.origin, withRobotsClient(HttpCrawler, client));
    expect(handled).toEqual(['/', '/public/a', '/public/b']);
    expect(server.requests.filter((path) => path.startsWith('/private'))).toEqual([]);
    expect(server.requests.filter((path) => path === '/robots.txt')).toHaveLength(1);
  });

  it('a robots.txt that answers 503: nothing is crawled (crawlee alone crawls everything)', async () => {
    const server = await site({ status: 503, body: 'down for maintenance' });
    const client = createRobotsClient({ agent: 'FooBot', timeout: 2000 });
    expect(await crawl(server.origin, withRobotsClient(HttpCrawler, client))).toEqual([]);
    expect(server.requests.every((path) => path === '/robots.txt')).toBe(true);

    // The trap this closes: crawlee's own RobotsTxtFile treats the 503 as "allow everything".
    const unprotected = await site({ status: 503, body: 'down for maintenance' });
    const handled = await crawl(unprotected.origin, HttpCrawler);
    expect(handled).toContain('/private/x');
  });

  it('pacingHook spaces the requests from the first one, also when two start together', async () => {
    const server = await site({
      status: 200,
      body: 'User-agent: *\nCrawl-delay: 2\nDisallow: /private\n',
    });
    const client = createRobotsClient({ agent: 'FooBot' });
    // What the pacer answered each request (the ms it waited), in order: the hook's client with
    // `acquire` recorded.
    const waits: number[] = [];
    const recorded: RobotsClient = Object.assign(Object.create(client) as RobotsClient, {
      async acquire(...args: Parameters<RobotsClient['acquire']>) {
        const waited = await client.acquire(...args);
        waits.push(waited);
        return waited;
      },
    });
    const handled: string[] = [];
    const crawler = new (withRobotsClient(HttpCrawler, client))(
      {
        respectRobotsTxtFile: { userAgent: 'FooBot' },
        preNavigationHooks: [pacingHook(recorded)],
        maxRequestRetries: 0,
        maxConcurrency: 2,
        async requestHandler({ request }) {
          handled.push(new URL(request.url).pathname);
        },
      },
      new Configuration({ persistStorage: false, purgeOnStart: true }),
    );
    // Two pages at once, on a crawler whose first request loads its HTTP stack: a slot taken
    // before that let the second page reach the origin tens of ms after the first.
    await crawler.run([
      `${server.origin}/public/a`,
      `${server.origin}/public/b`,
      `${server.origin}/`,
    ]);
    expect(handled.sort()).toEqual(['/', '/public/a', '/public/b']);
    // Every request took a slot through the hook; all but the first waited for theirs.
    expect(waits).toHaveLength(3);
    expect(waits.filter((waited) => waited > 0)).toHaveLength(2);
    // The origin: each request a Crawl-delay after the one before, the first gap as the others.
    // A slot taken before the first request loads its HTTP stack shows here as a gap shorter
    // by that load (hundreds of ms); a quarter of the delay is left for a loaded machine's
    // jitter between a slot and its socket.
    const times = server.arrivals;
    expect(times).toHaveLength(3);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1500);
  });

  it("pacingHook takes the slot in got's beforeRequest, for the URL requested (browser crawlers at once)", async () => {
    const asked: string[] = [];
    const client = createRobotsClient({ agent: 'FooBot' });
    const recorded: RobotsClient = Object.assign(Object.create(client) as RobotsClient, {
      async acquire(url: string | URL) {
        asked.push(String(url));
        return 0;
      },
    });
    const hook = pacingHook(recorded);
    const gotOptions: { hooks?: { beforeRequest?: unknown[] } } = {
      hooks: { beforeRequest: ['theirs'] },
    };
    await hook({ request: { url: 'https://example.com/a' } }, gotOptions);
    // Not yet: got has still to build the request (the first one loads its header generator).
    expect(asked).toEqual([]);
    const added = gotOptions.hooks?.beforeRequest ?? [];
    expect(added).toHaveLength(2);
    expect(added[0]).toBe('theirs');
    await (added[1] as (options: { url: URL }) => Promise<void>)({
      url: new URL('https://example.com/redirected'),
    });
    expect(asked).toEqual(['https://example.com/redirected']);
    await hook({ request: { url: 'https://example.com/b' }, page: {} });
    expect(asked).toEqual(['https://example.com/redirected', 'https://example.com/b']);
  });

  it('rejects an agent that is not a product token when the crawler is created', () => {
    const Polite = withRobotsClient(HttpCrawler, createRobotsClient());
    expect(
      () =>
        new Polite(
          { respectRobotsTxtFile: { userAgent: 'FooBot/1.0' }, requestHandler() {} },
          new Configuration({ persistStorage: false }),
        ),
    ).toThrow(/use "FooBot"/);
  });
});

describe("crawlee's RobotsTxtFile API", () => {
  const body = [
    'User-agent: *',
    'Disallow: /private',
    'Crawl-delay: 2',
    'Sitemap: https://example.com/sitemap.xml',
    'Sitemap: https://cdn.example.com/sitemap.xml',
    'Sitemap: ftp://example.com/sitemap.xml',
    'Sitemap: /relative.xml',
  ].join('\n');

  it('from(): the same answers as crawlee where Google agrees', () => {
    const ours = RobotsTxtFile.from('https://example.com/robots.txt', body);
    const theirs = CrawleeRobotsTxtFile.from('https://example.com/robots.txt', body);
    for (const url of [
      'https://example.com/private/a',
      'https://example.com/public',
      'https://other.example/private',
    ]) {
      expect(ours.isAllowed(url), url).toBe(theirs.isAllowed(url));
    }
    expect(ours.getSitemaps()).toEqual(theirs.getSitemaps());
    expect(ours.getSitemaps({ enqueueStrategy: 'all' })).toEqual(
      theirs.getSitemaps({ enqueueStrategy: 'all' }),
    );
    expect(ours.getCrawlDelay()).toBe(2);
    expect(() => ours.getSitemaps({ enqueueStrategy: 'same-domain' as 'all' })).toThrow(TypeError);
  });

  it('find(): fetched through the client, shared by every file of an origin', async () => {
    const server = await site({ status: 200, body });
    const client = createRobotsClient();
    const first = await RobotsTxtFile.find(`${server.origin}/a`, undefined, { client });
    const second = await RobotsTxtFile.find(`${server.origin}/b`, undefined, { client });
    expect(first.isAllowed(`${server.origin}/private/1`, 'FooBot')).toBe(false);
    expect(second.isAllowed(`${server.origin}/caf%C3%A9`)).toBe(true);
    expect(second.getCrawlDelay('FooBot')).toBe(2);
    expect(server.requests).toEqual(['/robots.txt']);
    expect(() =>
      first.isAllowed(`${server.origin}/`, 'Mozilla/5.0 (compatible; FooBot/1.0)'),
    ).toThrow(/use "FooBot"/);
    await expect(
      RobotsTxtFile.find(`${server.origin}/`, 'http://proxy:8080', { client }),
    ).rejects.toThrow(/proxyUrl must be undefined/);
  });

  it('the default client has the address policy: a loopback robots.txt is never fetched', async () => {
    const server = await site({ status: 200, body: 'User-agent: *\nAllow: /\n' });
    const robots = await RobotsTxtFile.find(`${server.origin}/x`);
    expect(robots.isAllowed(`${server.origin}/x`, 'FooBot')).toBe(false);
    // A crawler built without a client: the start page is disallowed, never requested.
    expect(await crawl(server.origin, withRobotsClient(HttpCrawler))).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('load(): protected static as in crawlee, loads the file of a robots.txt URL; RobotsFile names the class', async () => {
    const server = await site({ status: 200, body });
    const client = createRobotsClient();
    // Protected, as crawlee declares it (its constructor is private, as crawlee's).
    const { load } = RobotsTxtFile as unknown as {
      load(url: string, proxyUrl?: string, options?: object): Promise<RobotsTxtFile>;
    };
    const file = await load.call(RobotsTxtFile, `${server.origin}/robots.txt`, undefined, {
      client,
    });
    expect(file.isAllowed(`${server.origin}/private/1`, 'FooBot')).toBe(false);
    expect(file.getSitemaps({ enqueueStrategy: 'all' })).toEqual([
      'https://example.com/sitemap.xml',
      'https://cdn.example.com/sitemap.xml',
    ]);
    expect(server.requests).toEqual(['/robots.txt']);
    await expect(
      load.call(RobotsTxtFile, `${server.origin}/robots.txt`, 'http://proxy:8080', { client }),
    ).rejects.toThrow(/proxyUrl must be undefined/);
    expect(RobotsFile).toBe(RobotsTxtFile);
  });

  it('find(): timeoutMillis abandons a slow lookup', async () => {
    const server = await startHttpServer((_request, response) => {
      setTimeout(() => response.end(''), 500);
    });
    running.push(server);
    const client = createRobotsClient();
    await expect(
      RobotsTxtFile.find(`${server.origin}/`, undefined, { client, timeoutMillis: 50 }),
    ).rejects.toThrow();
  });
});
