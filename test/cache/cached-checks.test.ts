import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function site(body: string) {
  const server = await startHttpServer((_request: IncomingMessage, response: ServerResponse) => {
    response.end(body);
  });
  running.push(server);
  return server;
}

describe('isAllowedIfCached: the synchronous path for origins this process holds', () => {
  it('undefined until the origin is held, then the verdict isAllowed gives, until it expires', async () => {
    let time = 1_700_000_000_000;
    const server = await site('User-agent: *\nDisallow: /private\n');
    const client = createRobotsClient({ agent: 'FooBot', now: () => time });
    const url = `${server.origin}/private/a`;
    expect(client.isAllowedIfCached(url)).toBeUndefined();
    expect(server.requests).toEqual([]);
    expect(await client.isAllowed(url)).toBe(false);
    expect(client.isAllowedIfCached(url)).toBe(false);
    expect(client.isAllowedIfCached(`${server.origin}/public`)).toBe(true);
    expect(client.isAllowedIfCached(`${server.origin}/private`, 'OtherBot')).toBe(false);
    expect(() => client.isAllowedIfCached(url, 'FooBot/1.0')).toThrow(/use "FooBot"/);
    // Expired: the store or the origin must be asked again, which only isAllowed does.
    time += 86_400_001;
    expect(client.isAllowedIfCached(url)).toBeUndefined();
    expect(server.requests).toEqual(['/robots.txt']);
  });

  it('remembers the origins of many sites in turn: each site is fetched once', async () => {
    const servers = await Promise.all(
      ['Disallow: /a', 'Disallow: /b', 'Disallow: /c'].map((rule) =>
        site(`User-agent: *\n${rule}\n`),
      ),
    );
    const client = createRobotsClient({ agent: 'FooBot' });
    for (const server of servers) await client.isAllowed(`${server.origin}/`);
    const verdicts: (boolean | undefined)[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [i, server] of servers.entries()) {
        verdicts.push(client.isAllowedIfCached(`${server.origin}/${'abc'[i]}/x`));
        verdicts.push(client.isAllowedIfCached(`${server.origin}/${'abc'[(i + 1) % 3]}/x`));
      }
    }
    expect(verdicts).toEqual(
      Array.from({ length: 3 }, () => [false, true, false, true, false, true]).flat(),
    );
    for (const server of servers) expect(server.requests).toEqual(['/robots.txt']);
  });

  it('isAllowed on a held origin settles at once: its callbacks run in the first microtask', async () => {
    const server = await site('User-agent: *\nDisallow: /private\n');
    const client = createRobotsClient({ agent: 'FooBot' });
    const url = `${server.origin}/private/a`;
    expect(await client.isAllowed(url)).toBe(false);
    const order: string[] = [];
    client.isAllowed(url).then((allowed) => order.push(`verdict ${allowed}`));
    await Promise.resolve();
    order.push('one microtask later');
    expect(order).toEqual(['verdict false', 'one microtask later']);
    // Bad arguments still reject rather than throw.
    const rejected = client.isAllowed(url, 'FooBot/1.0');
    await expect(rejected).rejects.toThrow(/use "FooBot"/);
    await expect(client.isAllowed('mailto:someone@example.com')).rejects.toThrow(/scheme/);
    const aborted = AbortSignal.abort(new Error('stop'));
    await expect(client.isAllowed(url, undefined, { signal: aborted })).rejects.toThrow('stop');
  });

  it('forgets an origin deleted, dropped or refreshed: the next check answers by what is held now', async () => {
    let time = 1_700_000_000_000;
    let rule = 'Disallow: /a';
    const server = await startHttpServer((_request: IncomingMessage, response: ServerResponse) => {
      response.end(`User-agent: *\n${rule}\n`);
    });
    running.push(server);
    const other = await site('User-agent: *\nDisallow: /\n');
    const client = createRobotsClient({ agent: 'FooBot', maxOrigins: 1, now: () => time });
    const url = `${server.origin}/a/x`;
    expect(await client.isAllowed(url)).toBe(false);
    expect(client.isAllowedIfCached(url)).toBe(false);
    // Deleted: nothing held.
    await client.delete(url);
    expect(client.isAllowedIfCached(url)).toBeUndefined();
    expect(await client.isAllowed(url)).toBe(false);
    // Dropped for another origin (one kept): nothing held for it, the other answers.
    expect(await client.isAllowed(`${other.origin}/x`)).toBe(false);
    expect(client.isAllowedIfCached(url)).toBeUndefined();
    expect(client.isAllowedIfCached(`${other.origin}/y`)).toBe(false);
    // Refreshed after it expired, to other rules: the new copy answers.
    rule = 'Disallow: /b';
    time += 86_400_001;
    expect(await client.isAllowed(url)).toBe(true);
    expect(client.isAllowedIfCached(url)).toBe(true);
    expect(client.isAllowedIfCached(`${server.origin}/b`)).toBe(false);
  });

  it('judges a URL as it will be requested: dot segments resolved, a dot in a name kept', async () => {
    const server = await site('User-agent: *\nDisallow: /private\nDisallow: /.env\n');
    const client = createRobotsClient({ agent: 'FooBot' });
    await client.isAllowed(`${server.origin}/`);
    const checks = {
      '/public/../private/a': false,
      '/public/%2E%2e/private/a': false,
      '/./private': false,
      '/.env': false,
      '/.envy/x.json': false,
      '/public/.private': true,
      '/public/a.b/..c': true,
      '/public?next=/../private': true,
      '/public#/../../private': true,
    };
    for (const [path, allowed] of Object.entries(checks)) {
      expect(client.isAllowedIfCached(`${server.origin}${path}`), path).toBe(allowed);
      expect(await client.isAllowed(`${server.origin}${path}`), path).toBe(allowed);
    }
  });

  it('weighs a held file again when cached checks make it retain more', async () => {
    const rules = Array.from({ length: 2000 }, (_, i) => `Disallow: /o${i}/p\n`).join('');
    const server = await site(`User-agent: *\n${rules}`);
    const client = createRobotsClient({ agent: 'FooBot' });
    await client.isAllowed(`${server.origin}/`);
    const { robots } = await client.get(server.origin);
    const file = robots as typeof robots & { retainedBytes: number; groups: readonly unknown[] };
    const retained = () => file.retainedBytes;
    const before = retained();
    for (let i = 0; i < 200; i++) {
      expect(client.isAllowedIfCached(`${server.origin}/o${i * 7}/p/x`)).toBe(false);
    }
    expect(retained()).toBeGreaterThan(before);
    expect(client.stats.parsedBytes).toBe(retained() + 256);
    // Grown outside a check (its model read): weighed at its next cached check.
    const grown = retained();
    expect(file.groups.length).toBe(1);
    expect(retained()).toBeGreaterThan(grown);
    expect(client.isAllowedIfCached(`${server.origin}/x`)).toBe(true);
    expect(client.stats.parsedBytes).toBe(retained() + 256);
  });
});
