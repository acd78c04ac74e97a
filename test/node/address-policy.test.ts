/**
 * robots-rep/node's address policy against real loopback servers: the first request and every
 * redirect are checked on the address actually connected to.
 */

import type { LookupAddress, LookupOptions } from 'node:dns';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProxyAgent, fetch as undiciFetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyAddress, createRobotsClient, fetchRobotsTxt } from '../../src/node/index.js';
import { startHttpServer, startProxy, type TestServer } from '../helpers/servers.js';

const agent = 'FooBot';
const rules = 'User-agent: *\nDisallow: /private\n';
const running: TestServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serve(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  at: { host?: string; port?: number } = {},
): Promise<TestServer> {
  const server = await startHttpServer(handler, at);
  running.push(server);
  return server;
}

const secret = () =>
  serve((_request, response) => {
    response.end('User-agent: *\nAllow: /\n# the admin secret\n');
  });

/**
 * In these tests 127.0.0.2 plays a public server: the policy allows it by name, and nothing else
 * outside the public internet.
 */
const publicTwo = { allowPrivateAddresses: (address: string) => address === '127.0.0.2' };

describe('classifyAddress', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.100.100.200', 'private'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['[::1]', 'loopback'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'private'],
    ['fc00::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:a00:1::1', 'private'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:db8::1', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('a non-address is a TypeError', () => {
    expect(() => classifyAddress('example.com')).toThrow(TypeError);
  });
});

describe('the first request', () => {
  it('to a loopback server is refused by default: unreachable, no connection made', async () => {
    const server = await secret();
    const result = await fetchRobotsTxt(`${server.origin}/admin`);
    expect(result).toMatchObject({ status: 'unreachable', refused: 'address' });
    expect(result.reason).toContain('127.0.0.1 is a loopback address');
    expect(result.robots.isAllowed(`${server.origin}/x`, agent)).toBe(false);
    expect(server.requests).toEqual([]);
  });

  it('to cloud metadata (169.254.169.254) is refused before any connection', async () => {
    const result = await fetchRobotsTxt('http://169.254.169.254/latest/meta-data/', {
      timeout: 2000,
    });
    expect(result).toMatchObject({ status: 'unreachable', refused: 'address' });
    expect(result.elapsed).toBeLessThan(1000);
  });

  it('by a name that resolves to loopback (localhost) is refused', async () => {
    const server = await secret();
    const port = new URL(server.origin).port;
    const result = await fetchRobotsTxt(`http://localhost:${port}/`);
    expect(result).toMatchObject({ status: 'unreachable', refused: 'address' });
    expect(server.requests).toEqual([]);
  });

  it('to [::1] is refused', async () => {
    const result = await fetchRobotsTxt('http://[::1]:9/');
    expect(result).toMatchObject({ status: 'unreachable', refused: 'address' });
  });

  it('allowPrivateAddresses: true fetches it', async () => {
    const server = await serve((_request, response) => response.end(rules));
    const result = await fetchRobotsTxt(server.origin, { allowPrivateAddresses: true });
    expect(result.status).toBe('ok');
    expect(result.robots.isAllowed(`${server.origin}/private`, agent)).toBe(false);
  });

  it('a predicate is asked with the address and the URL', async () => {
    const server = await serve((_request, response) => response.end(rules));
    const asked: [string, string][] = [];
    const result = await fetchRobotsTxt(server.origin, {
      allowPrivateAddresses: (address, url) => {
        asked.push([address, url.href]);
        return true;
      },
    });
    expect(result.status).toBe('ok');
    expect(asked).toContainEqual(['127.0.0.1', `${server.origin}/robots.txt`]);
  });

  it('a predicate or a lookup that fails refuses the connection, never crashes', async () => {
    const server = await secret();
    const port = new URL(server.origin).port;
    const throwing = await fetchRobotsTxt(server.origin, {
      allowPrivateAddresses: () => {
        throw new Error('policy bug');
      },
    });
    expect(throwing).toMatchObject({ status: 'unreachable', refused: 'address' });
    const lookupThrows = await fetchRobotsTxt(`http://any.test:${port}/`, {
      lookup: (() => {
        throw new Error('resolver bug');
      }) as never,
    });
    expect(lookupThrows.status).toBe('unreachable');
    expect(lookupThrows.reason).toContain('resolver bug');
    const garbage = await fetchRobotsTxt(`http://any.test:${port}/`, {
      lookup: ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
        callback(null, [{ address: 'not an address', family: 4 }])) as never,
    });
    expect(garbage).toMatchObject({ status: 'unreachable', refused: 'address' });
    expect(server.requests).toEqual([]);
  });

  it('a bad policy is a TypeError', async () => {
    await expect(
      fetchRobotsTxt('http://a.example/', { allowPrivateAddresses: 'yes' as never }),
    ).rejects.toThrow(TypeError);
  });
});

describe('redirects', () => {
  it('from a public server to a private address are refused, the secret never fetched', async () => {
    const inside = await secret();
    const outside = await serve(
      (_request, response) => {
        response.writeHead(302, { location: `${inside.origin}/admin/secret` });
        response.end();
      },
      { host: '127.0.0.2' },
    );
    const result = await fetchRobotsTxt(outside.origin, publicTwo);
    expect(result).toMatchObject({
      status: 'unreachable',
      refused: 'address',
      redirects: [`${inside.origin}/admin/secret`],
    });
    expect(result.robots.isAllowed(`${outside.origin}/page`, agent)).toBe(false);
    expect(inside.requests).toEqual([]);
    expect(outside.requests).toEqual(['/robots.txt']);
  });

  it('through a name that resolves public first and loopback second: never the loopback one', async () => {
    // The same port on two loopback addresses: 127.0.0.2 plays the public server, 127.0.0.1 the
    // secret one. A check on the name, then a second resolution to connect, would reach it.
    const inside = await secret();
    const port = Number(new URL(inside.origin).port);
    const outside = await serve((_request, response) => response.end(rules), {
      host: '127.0.0.2',
      port,
    });
    let calls = 0;
    const rebinding = (
      hostname: string,
      options: LookupOptions,
      callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
    ): void => {
      expect(hostname).toBe('rebind.test');
      calls++;
      const address = calls === 1 ? '127.0.0.2' : '127.0.0.1';
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    };
    const options = { ...publicTwo, lookup: rebinding as never };
    const first = await fetchRobotsTxt(`http://rebind.test:${port}/`, options);
    expect(first.status).toBe('ok');
    const second = await fetchRobotsTxt(`http://rebind.test:${port}/`, options);
    expect(second).toMatchObject({ status: 'unreachable', refused: 'address' });
    expect(calls).toBe(2);
    expect(outside.requests).toEqual(['/robots.txt']);
    expect(inside.requests).toEqual([]);
  });
});

describe('through a proxy (undici ProxyAgent)', () => {
  it('a private destination is refused before the proxy is asked', async () => {
    const site = await secret();
    const proxy = await startProxy();
    running.push(proxy);
    const dispatcher = new ProxyAgent(proxy.origin);
    const robots = createRobotsClient({
      fetch: (url, init) => undiciFetch(url, { ...init, dispatcher }),
    });
    expect(await robots.isAllowed(`${site.origin}/x`, agent)).toBe(false);
    expect((await robots.get(`${site.origin}/`)).entry).toMatchObject({ refused: 'address' });
    expect(proxy.seen).toEqual([]);
    expect(site.requests).toEqual([]);
    await dispatcher.close();
  });

  it('an allowed destination goes through the proxy', async () => {
    const site = await serve((_request, response) => response.end(rules));
    const proxy = await startProxy();
    running.push(proxy);
    const dispatcher = new ProxyAgent(proxy.origin);
    const result = await fetchRobotsTxt(site.origin, {
      allowPrivateAddresses: true,
      fetch: (url, init) => undiciFetch(url, { ...init, dispatcher }),
    });
    expect(result.status).toBe('ok');
    expect(proxy.seen).toEqual([`CONNECT ${site.origin.slice('http://'.length)}`]);
    await dispatcher.close();
  });
});

describe('a fetch of your own (a proxy)', () => {
  it('is asked only for destinations the policy allows, checked before the request', async () => {
    const server = await secret();
    const asked: string[] = [];
    const result = await fetchRobotsTxt(server.origin, {
      fetch: (input, init) => {
        asked.push(input);
        return fetch(input, init);
      },
    });
    expect(result).toMatchObject({ status: 'unreachable', refused: 'address' });
    expect(asked).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('createRobotsClient of robots-rep/node', () => {
  it('never fetches a private origin by default, and disallows it', async () => {
    const server = await secret();
    const robots = createRobotsClient();
    expect(await robots.isAllowed(`${server.origin}/anything`, agent)).toBe(false);
    const lookup = await robots.get(`${server.origin}/`);
    expect(lookup.entry.error).toContain('loopback');
    expect(server.requests).toEqual([]);
  });

  it('a refused origin stays disallowed past the 30 days after which an outage is allowed', async () => {
    const server = await secret();
    let time = Date.UTC(2026, 0, 1);
    const robots = createRobotsClient({ now: () => time });
    for (let day = 0; day <= 32; day++) {
      expect(await robots.isAllowed(`${server.origin}/page`, agent)).toBe(false);
      time += 86_400_000;
    }
    const lookup = await robots.get(`${server.origin}/`);
    expect(lookup.entry).toMatchObject({ refused: 'address' });
    expect(lookup.entry.failures).toBeGreaterThan(30);
    expect(server.requests).toEqual([]);
  });

  it('fetches it with allowPrivateAddresses, the rules apply', async () => {
    const server = await serve((_request, response) => response.end(rules));
    const robots = createRobotsClient({ allowPrivateAddresses: true });
    expect(await robots.isAllowed(`${server.origin}/private/x`, agent)).toBe(false);
    expect(await robots.isAllowed(`${server.origin}/public`, agent)).toBe(true);
  });
});
