import { ProxyAgent, fetch as undiciFetch } from 'undici';
import { afterEach, expect, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { startHttpServer, startProxy, type TestServer } from '../helpers/servers.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

it("an injected undici fetch with a proxy dispatcher type-checks and carries the client's fetches", async () => {
  const site: TestServer = await startHttpServer((_request, response) => {
    response.end('User-agent: *\nDisallow: /private\n');
  });
  closers.push(() => site.close());
  const proxy = await startProxy();
  closers.push(() => proxy.close());
  const dispatcher = new ProxyAgent(proxy.origin);
  closers.push(() => dispatcher.close());
  const robots = createRobotsClient({
    agent: 'FooBot',
    userAgent: 'FooBot/1.0',
    // undici's own fetch and Response types: no cast needed.
    fetch: (url, init) => undiciFetch(url, { ...init, dispatcher }),
  });
  expect(await robots.isAllowed(`${site.origin}/private/x`)).toBe(false);
  expect(await robots.isAllowed(`${site.origin}/public`)).toBe(true);
  expect(proxy.seen).toEqual([`CONNECT ${site.origin.slice('http://'.length)}`]);
  expect(site.userAgents).toEqual(['FooBot/1.0']);
  // backOff takes undici's Response as it takes the platform's (tsc checks this line).
  const tooMany = await undiciFetch(`${site.origin}/robots.txt`, { dispatcher });
  await tooMany.text();
  await robots.backOff(`${site.origin}/page`, tooMany);
});
