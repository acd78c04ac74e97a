/**
 * Origins serving the same bytes share one parsed file (issue #30): parsed once and counted once,
 * while each origin keeps its own expiry, status and validators and answers by its own copy. Real
 * loopback servers, each an origin.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { createParsedCache } from '../../src/cache/parsed-cache.js';
import { sharedFilesSettings } from '../../src/cache/shared-files.js';
import type { CacheEntry } from '../../src/cache/store.js';
import { parseRobotsTxt } from '../../src/index.js';
import type { RobotsPolicy } from '../../src/types.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const agent = 'FooBot';
const day = 86_400_000;
const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  sharedFilesSettings.hashMask = 0x3fffffff;
});

/** An origin serving `body` (`serve` changes it), with an ETag, answering 304 when it matches. */
async function site(body: string): Promise<TestServer & { serve: (next: string) => void }> {
  const state = { body };
  const server = await startHttpServer((request: IncomingMessage, response: ServerResponse) => {
    const etag = `"${state.body.length}-${state.body.charCodeAt(state.body.length - 2)}"`;
    if (request.url === '/robots.txt' && request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain', etag });
    response.end(state.body);
  });
  running.push(server);
  return Object.assign(server, {
    serve: (next: string) => {
      state.body = next;
    },
  });
}

const A = 'User-agent: *\nDisallow: /a\n';
const B = 'User-agent: *\nDisallow: /b\n';

/** The retained bytes of a parsed file (every held file is one). */
const retained = (robots: RobotsPolicy): number =>
  (robots as RobotsPolicy & { retainedBytes: number }).retainedBytes;

describe('origins serving the same bytes', () => {
  it('share one parsed file, counted once, and each answers by its own copy', async () => {
    const [one, two, other] = await Promise.all([site(A), site(A), site(B)]);
    const client = createRobotsClient({ agent, timeout: 5000 });
    for (const server of [one!, two!, other!]) await client.isAllowed(`${server.origin}/x`);
    const [first, second, third] = await Promise.all(
      [one!, two!, other!].map((server) => client.get(server.origin)),
    );
    expect(first!.robots).toBe(second!.robots);
    expect(third!.robots).not.toBe(first!.robots);
    expect(client.stats).toMatchObject({ origins: 3, parsedFiles: 2 });
    // Each file's estimate once, and 256 bytes an origin.
    expect(client.stats.parsedBytes).toBe(
      retained(first!.robots) + retained(third!.robots) + 3 * 256,
    );
    // Each origin's own entry: its final URL, its fetch.
    expect(first!.entry.copy?.finalUrl).toBe(`${one!.origin}/robots.txt`);
    expect(second!.entry.copy?.finalUrl).toBe(`${two!.origin}/robots.txt`);
    expect(client.isAllowedIfCached(`${one!.origin}/a`)).toBe(false);
    expect(client.isAllowedIfCached(`${two!.origin}/a`)).toBe(false);
    expect(client.isAllowedIfCached(`${other!.origin}/a`)).toBe(true);
  });

  it('keep their own answers when one of them is refreshed to other bytes', async () => {
    let time = 1_700_000_000_000;
    const [one, two] = await Promise.all([site(A), site(A)]);
    const client = createRobotsClient({ agent, timeout: 5000, now: () => time });
    await client.isAllowed(`${one!.origin}/`);
    // The second origin fetched an hour later: its copy expires an hour later.
    time += 3_600_000;
    await client.isAllowed(`${two!.origin}/`);
    expect(client.stats.parsedFiles).toBe(1);
    one!.serve(B);
    // The first origin's copy has expired, the second's has not.
    time += day - 3_600_000;
    expect(client.isAllowedIfCached(`${one!.origin}/a`)).toBeUndefined();
    expect(client.isAllowedIfCached(`${two!.origin}/a`)).toBe(false);
    // Refreshed (its ETag no longer matches: a new body), it answers by its new file.
    expect(await client.isAllowed(`${one!.origin}/b`)).toBe(false);
    expect(await client.isAllowed(`${one!.origin}/a`)).toBe(true);
    expect(client.isAllowedIfCached(`${two!.origin}/a`)).toBe(false);
    expect(client.isAllowedIfCached(`${two!.origin}/b`)).toBe(true);
    const files = await Promise.all([one!, two!].map((s) => client.get(s.origin)));
    expect(files[0]!.robots).not.toBe(files[1]!.robots);
    expect(client.stats).toMatchObject({ origins: 2, parsedFiles: 2 });
    expect(client.stats.parsedBytes).toBe(
      retained(files[0]!.robots) + retained(files[1]!.robots) + 2 * 256,
    );
    expect(one!.requests).toEqual(['/robots.txt', '/robots.txt']);
    expect(two!.requests).toEqual(['/robots.txt']);
  });

  it('keep sharing through a 304 renewal of one of them', async () => {
    let time = 1_700_000_000_000;
    const [one, two] = await Promise.all([site(A), site(A)]);
    const client = createRobotsClient({ agent, timeout: 5000, now: () => time });
    await client.isAllowed(`${one!.origin}/`);
    time += 1000;
    await client.isAllowed(`${two!.origin}/`);
    const shared = (await client.get(one!.origin)).robots;
    const bytes = client.stats.parsedBytes;
    time += day;
    // Both expired; the first is renewed by a 304 (its body unchanged), the second not yet.
    const renewed = await client.get(one!.origin);
    expect(renewed.source).toBe('revalidated');
    expect(renewed.robots).toBe(shared);
    expect(client.stats).toMatchObject({ notModified: 1, parsedFiles: 1, parsedBytes: bytes });
    expect(client.isAllowedIfCached(`${one!.origin}/a`)).toBe(false);
    expect(client.isAllowedIfCached(`${two!.origin}/a`)).toBeUndefined();
    const second = await client.get(two!.origin);
    expect(second.source).toBe('revalidated');
    expect(second.robots).toBe(shared);
    expect(client.stats).toMatchObject({ notModified: 2, parsedFiles: 1, parsedBytes: bytes });
  });

  it('lose the file with the last of them: eviction of one keeps it for the other', async () => {
    const [one, two, other] = await Promise.all([site(A), site(A), site(B)]);
    const client = createRobotsClient({ agent, timeout: 5000, maxOrigins: 2 });
    await client.isAllowed(`${one!.origin}/`);
    await client.isAllowed(`${two!.origin}/`);
    const shared = (await client.get(two!.origin)).robots;
    await client.isAllowed(`${other!.origin}/`);
    // The origin not used since went; its file stays, held by the other.
    expect(client.isAllowedIfCached(`${one!.origin}/a`)).toBeUndefined();
    expect(client.isAllowedIfCached(`${two!.origin}/a`)).toBe(false);
    const third = (await client.get(other!.origin)).robots;
    expect(client.stats).toMatchObject({ origins: 2, parsedFiles: 2, evictions: 1 });
    expect(client.stats.parsedBytes).toBe(retained(shared) + retained(third) + 2 * 256);
    // The first origin again (read from the store): the second is dropped (the other origin was
    // used since); the first takes the file over from it, not parsing it again.
    client.isAllowedIfCached(`${other!.origin}/`);
    await client.isAllowed(`${one!.origin}/`);
    expect(client.isAllowedIfCached(`${two!.origin}/a`)).toBeUndefined();
    expect((await client.get(one!.origin)).robots).toBe(shared);
    expect(client.stats).toMatchObject({ origins: 2, parsedFiles: 2, evictions: 2 });
    expect(client.stats.parsedBytes).toBe(retained(shared) + retained(third) + 2 * 256);
    expect(one!.requests).toEqual(['/robots.txt']);
    // The file's last holder forgotten: the file goes with it, and its bytes make a new one.
    await client.delete(one!.origin);
    expect(client.stats).toMatchObject({ origins: 1, parsedFiles: 1 });
    expect(client.stats.parsedBytes).toBe(retained(third) + 256);
    await client.isAllowed(`${two!.origin}/`);
    expect((await client.get(two!.origin)).robots).not.toBe(shared);
  });

  it('are told apart by their bytes, never by a hash alone', async () => {
    // Every body hashes alike: only a full compare tells them apart.
    sharedFilesSettings.hashMask = 0;
    const bodies = [A, B, A, 'User-agent: *\nDisallow: /c\n', B];
    const servers = await Promise.all(bodies.map((body) => site(body)));
    const client = createRobotsClient({ agent, timeout: 5000 });
    for (const server of servers) await client.isAllowed(`${server.origin}/`);
    const verdicts = servers.map((server) =>
      ['/a', '/b', '/c'].map((path) => client.isAllowedIfCached(`${server.origin}${path}`)),
    );
    expect(verdicts).toEqual([
      [false, true, true],
      [true, false, true],
      [false, true, true],
      [true, true, false],
      [true, false, true],
    ]);
    expect(client.stats).toMatchObject({ origins: 5, parsedFiles: 3 });
  });

  it('long bodies (hashed by a sample) differing in one character anywhere stay apart', async () => {
    // 40 KiB bodies, each one character of a comment changed at another place: most of those
    // places are not in the hash's sample, and only the full compare tells them apart.
    const filler = `# ${'x'.repeat(40 * 1024)}\n`;
    const base = `User-agent: *\nDisallow: /a\n${filler}`;
    const changed = [9_000, 20_000, 30_001].map(
      (at) => `${base.slice(0, at)}y${base.slice(at + 1)}`,
    );
    const bodies = [base, ...changed, base];
    const servers = await Promise.all(bodies.map((body) => site(body)));
    const client = createRobotsClient({ agent, timeout: 5000 });
    for (const server of servers) await client.isAllowed(`${server.origin}/`);
    // The first and the last share; the three others are files of their own.
    expect(client.stats).toMatchObject({ origins: 5, parsedFiles: 4 });
    const [first, last] = await Promise.all(
      [servers[0]!, servers[4]!].map((server) => client.get(server.origin)),
    );
    expect(first!.robots).toBe(last!.robots);
    for (const server of servers)
      expect(client.isAllowedIfCached(`${server.origin}/a`)).toBe(false);
  });

  it('past a few bodies hashing alike, parse the others on their own', async () => {
    sharedFilesSettings.hashMask = 0;
    const bodies = Array.from({ length: 6 }, (_, i) => `User-agent: *\nDisallow: /${i}\n`);
    const servers = await Promise.all([...bodies, bodies[5]!].map((body) => site(body)));
    const client = createRobotsClient({ agent, timeout: 5000 });
    for (const server of servers) await client.isAllowed(`${server.origin}/`);
    // Four listed under the one hash; the fifth, the sixth and the sixth's twin each alone.
    expect(client.stats).toMatchObject({ origins: 7, parsedFiles: 7 });
    for (const [i, server] of servers.entries()) {
      expect(client.isAllowedIfCached(`${server.origin}/${Math.min(i, 5)}`)).toBe(false);
      expect(client.isAllowedIfCached(`${server.origin}/${(i + 1) % 6}`)).toBe(true);
    }
  });
});

describe('the parsed cache', () => {
  /** An entry of `body`, as a fetch writes it. */
  const entryOf = (body: string, origin: string): CacheEntry => ({
    expiresAt: Number.MAX_SAFE_INTEGER,
    updatedAt: 0,
    failures: 0,
    copy: { status: 'ok', body, fetchedAt: 0, finalUrl: `${origin}/robots.txt`, reason: 'test' },
  });

  // Against a model: whatever origins are set, checked, dropped and evicted, the weight is each
  // distinct held file once plus 256 bytes an origin, and an origin holds the file of its body.
  it.each([
    ['every body its own hash', 0x3fffffff],
    ['every body the same hash', 0],
  ])('counts each held file once, through sets, checks, deletes and evictions (%s)', (_, mask) => {
    sharedFilesSettings.hashMask = mask;
    const bodies = ['a', 'b', 'c'].map((p) => `User-agent: *\nDisallow: /${p}\n`);
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        origin: fc.integer({ min: 0, max: 5 }),
        body: fc.integer({ min: 0, max: 2 }),
      }),
      fc.record({ kind: fc.constant('check' as const), origin: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('delete' as const), origin: fc.integer({ min: 0, max: 5 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.oneof(fc.constant(Number.POSITIVE_INFINITY), fc.integer({ min: 1000, max: 8000 })),
        (ops, max, maxBytes) => {
          const memory = createParsedCache(max, maxBytes, () => {});
          const bodyOf = new Map<string, number>();
          for (const o of ops) {
            const origin = `https://o${o.origin}.example`;
            if (o.kind === 'set') {
              const text = bodies[o.body]!;
              const robots = memory.parsedBody(text) ?? parseRobotsTxt(text);
              memory.set(origin, { entry: entryOf(text, origin), robots, expiresAt: 1 });
              bodyOf.set(origin, o.body);
            } else if (o.kind === 'check') {
              const slot = memory.get(origin);
              if (slot !== undefined) {
                // Checks compile the rules: the file grows, once for all its holders.
                for (let i = 0; i < 6; i++) slot.robots.isAllowed(`${origin}/a${i}`, agent);
                memory.reweigh(slot);
              }
            } else {
              memory.delete(origin);
            }
            const held = [...bodyOf.keys()].filter((key) => memory.get(key) !== undefined);
            for (const key of bodyOf.keys()) if (!held.includes(key)) bodyOf.delete(key);
            const files = new Map<number, RobotsPolicy>();
            for (const key of held) {
              const slot = memory.get(key)!;
              const body = bodyOf.get(key)!;
              expect(slot.entry.copy?.body).toBe(bodies[body]);
              expect(files.get(body) ?? slot.robots).toBe(slot.robots);
              files.set(body, slot.robots);
            }
            let bytes = 256 * held.length;
            for (const robots of files.values()) bytes += retained(robots);
            expect(memory.stats).toMatchObject({
              origins: held.length,
              parsedFiles: files.size,
              parsedBytes: bytes,
            });
            // Within both bounds, but for the one origin used last.
            expect(held.length).toBeLessThanOrEqual(max);
            if (held.length > 1) expect(bytes).toBeLessThanOrEqual(maxBytes);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
