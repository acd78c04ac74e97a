import { createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { ProxyAgent, fetch as undiciFetch } from 'undici';
import { afterEach, expect, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * A forward HTTP proxy on loopback: it tunnels CONNECT (undici's ProxyAgent tunnels by default)
 * and relays absolute-URI requests, and logs what it was asked for.
 */
async function startProxy() {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const upstream = httpRequest(
      request.url ?? '',
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, client, head) => {
    seen.push(`CONNECT ${request.url}`);
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

it("an injected undici fetch with a proxy dispatcher type-checks and carries the client's fetches", async () => {
  const site: TestServer = await startHttpServer((_request, response) => {
    response.end('User-agent: *\nDisallow: /private\n');
  });
  closers.push(() => site.close());
  const proxy = await startProxy();
  const dispatcher = new ProxyAgent(proxy.url);
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
