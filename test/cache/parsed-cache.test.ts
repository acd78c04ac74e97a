import type { IncomingMessage, ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { createMemoryStore } from '../../src/cache/stores/memory.js';
import { parseRobotsTxt } from '../../src/index.js';
import { lastCheckWork } from '../../src/robots.js';
import { applyMatcherSettings } from '../helpers/matcher-settings.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

// The client's memory is bounded in bytes, not in origins (issue #12): parsed rules within
// `maxParsedBytes`, the store's bodies within its `maxBytes`, and an origin dropped from the
// parsed rules is read again from the store rather than fetched.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  vi.restoreAllMocks();
});

/** Servers, each an origin answering `body(i)` for its robots.txt. */
async function origins(count: number, body: (i: number) => string): Promise<TestServer[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      startHttpServer((_request: IncomingMessage, response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(body(i));
      }),
    ),
  );
  running.push(...servers);
  return servers;
}

/** A rule-dense file of about `bytes` bytes, distinct per origin. */
function ruleDense(i: number, bytes: number): string {
  let text = 'User-agent: *\n';
  for (let r = 0; text.length < bytes; r++) text += `Disallow: /o${i}/p${r.toString(36)}/*x\n`;
  return text;
}

/**
 * A file of about `bytes` bytes of wildcard rules with an empty prefix, each with a distinct
 * piece (filed by trigram, not by prefix), distinct per origin.
 */
function wildcardDense(i: number, bytes: number): string {
  let text = 'User-agent: *\n';
  for (let r = 0; text.length < bytes; r++) text += `Allow: *o${i}a${r.toString(36)}aaaaaab\n`;
  return text;
}

/**
 * A file of about `bytes` bytes of wildcard rules whose pieces all occur in {@link UNORDERED_PATH}
 * but never in the order a rule needs (`/*x1q*y1q*<r>`; the path has every `y…q` before every
 * `x…q`): no filter rules them out, so a check of that path builds the set's wildcard program.
 */
function unorderedRules(i: number, bytes: number): string {
  let text = `# origin ${i}\nUser-agent: *\n`;
  for (let r = 0; text.length < bytes; r++) {
    const j = r % 1500;
    text += `Disallow: /*x${j}q*y${j}q*${r.toString(36)}\n`;
  }
  return text;
}

/** Every `y<j>q`, then every `x<j>q`, about 7,800 characters. */
const UNORDERED_PATH = ((): string => {
  let early = '';
  let late = '';
  for (let j = 0; early.length + late.length < 7800; j++) {
    early += `y${j}q`;
    late += `x${j}q`;
  }
  return `/${early}${late}`;
})();

/**
 * A file of about `bytes` bytes of wildcard rules with an empty prefix and a distinct piece of 9
 * to 11 characters each (`Allow: *a<r>aaaaaab`, 25,000 of them in 500 KiB).
 */
function distinctPieces(i: number, bytes: number): string {
  let text = `# origin ${i}\nUser-agent: *\n`;
  for (let r = 0; text.length < bytes; r++) text += `Allow: *a${r.toString(36)}aaaaaab\n`;
  return text;
}

/** `a<r>` for every rule r of {@link distinctPieces}, about 7,800 characters: builds its program. */
const DISTINCT_PATH = ((): string => {
  let path = '/';
  for (let r = 0; path.length < 7800; r++) path += `a${r.toString(36)}`;
  return path;
})();

/** Pseudo-random words of 20 to 24 characters (letters and digits), the same in every file. */
const LONG_WORDS = ((): string[] => {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let seed = 3;
  return Array.from({ length: 15_000 }, (_, r) => {
    let word = '';
    for (let k = 0; k < 20 + (r % 5); k++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      word += letters[(seed >>> 16) % 36];
    }
    return word;
  });
})();

/** A file of about `bytes` bytes of `Disallow: /*<word>` rules, a word of 20 to 24 characters each. */
function longPieces(i: number, bytes: number): string {
  let text = `# origin ${i}\nUser-agent: *\n`;
  for (let r = 0; text.length < bytes; r++) text += `Disallow: /*${LONG_WORDS[r]}\n`;
  return text;
}

/**
 * The first 19 characters of every seventh word, each followed by `-` (no word has it), about
 * 7,800 characters: builds its program.
 */
const LONG_PATH = `/${LONG_WORDS.filter((_, r) => r % 7 === 0)
  .map((word) => `${word.slice(0, 19)}-`)
  .join('')
  .slice(0, 7800)}`;

/** A file of about `bytes` bytes of rules of a few bytes (`Disallow: /a1`), distinct per origin. */
function shortRules(i: number, bytes: number): string {
  let text = `# origin ${i}\nUser-agent: *\n`;
  for (let r = 0; text.length < bytes; r++) text += `Disallow: /${r.toString(36)}\n`;
  return text;
}

/**
 * A file of about `bytes` bytes of percent-encoded prefix rules (`Disallow: /é1`), distinct per
 * origin.
 */
function escapedRules(i: number, bytes: number): string {
  let text = `# origin ${i}\nUser-agent: *\n`;
  // `é` is two bytes of UTF-8.
  for (let r = 0; text.length + r < bytes; r++) text += `Disallow: /é${r.toString(36)}\n`;
  return text;
}

/**
 * The heap and the typed arrays' memory outside it (an index keeps its rules in those), once
 * what is pending has run and been collected.
 */
async function settledMemory(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    gc();
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * Parses and checks `file` at about 10 MB of origins of `size` bytes through a client, and
 * asserts that each retains at most `ratio` × its size, as the client estimates; with `built`,
 * that the first of `paths` built the set's wildcard program.
 */
async function measureOrigins(
  ratio: number,
  file: (i: number, bytes: number) => string,
  size: number,
  paths: readonly string[],
  verdicts: readonly boolean[],
  built: boolean,
): Promise<void> {
  // About 10 MB of bodies whatever the size.
  const count = Math.round(10_000_000 / size);
  // Each origin's file as bytes, made before measuring; fetched without sockets, whose
  // buffers would blur the figure.
  const bodies = Array.from({ length: count }, (_, i) => Buffer.from(file(i, size)));
  const client = createRobotsClient({
    // Room for all: what is measured is what an origin costs, not what eviction drops.
    maxParsedBytes: 256 * 1024 * 1024,
    fetch: async (url) => {
      const i = Number(/o(\d+)\./.exec(String(url))![1]);
      return new Response(new Uint8Array(bodies[i]!), { status: 200 });
    },
  });
  // The first origin checked before measuring, at the same paths: what is measured is what
  // each further origin costs, not the arrays of a check (one set for the process, grown to
  // the longest path and the largest wildcard program checked).
  for (const path of paths) {
    await client.isAllowed(`https://o0.example${path.replace('{i}', '0')}`, 'FooBot');
  }
  const before = await settledMemory();
  for (let i = 1; i < count; i++) {
    // Indexed on the first check (over 2048 rules), then checked again.
    for (const [k, path] of paths.entries()) {
      const url = `https://o${i}.example${path.replace('{i}', String(i))}`;
      expect(await client.isAllowed(url, 'FooBot')).toBe(verdicts[k]);
    }
  }
  const perOrigin = ((await settledMemory()) - before) / (count - 1);

  expect(client.stats).toMatchObject({ origins: count, evictions: 0, exhaustedChecks: 0 });
  // The body (kept once, shared with the store), the rule table and the index.
  expect(perOrigin).toBeLessThanOrEqual(ratio * size);
  // The byte budget counts what is retained: the estimate is within a fifth of it.
  const estimated = client.stats.parsedBytes / count;
  expect(estimated).toBeGreaterThan(0.8 * perOrigin);
  expect(estimated).toBeLessThan(1.25 * perOrigin);
  if (built) {
    // The check that builds the program first runs the indexes until they cost more than a
    // pass of the program would: once it is built, the same check costs less.
    const robots = parseRobotsTxt(bodies[0]!);
    const url = `https://o0.example${paths[0]}`;
    robots.isAllowed(url, 'FooBot');
    const first = lastCheckWork();
    robots.isAllowed(url, 'FooBot');
    expect(lastCheckWork()).toBeLessThan(first);
  }
}

const fetches = (servers: readonly TestServer[]): number =>
  servers.reduce((sum, server) => sum + server.requests.length, 0);

describe('the parsed cache', () => {
  it('keeps 200 rule-dense origins within a small byte budget', async () => {
    let dense = false;
    const servers = await origins(200, (i) => (dense ? ruleDense(i, 50_000) : 'User-agent: *\n'));
    // The connections to 200 origins cost memory of their own: opened before measuring.
    const warm = createRobotsClient({ timeout: 5000 });
    for (const server of servers) await warm.isAllowed(`${server.origin}/`, 'FooBot');
    dense = true;
    const maxParsedBytes = 4 * 1024 * 1024;
    const client = createRobotsClient({ timeout: 5000, maxParsedBytes });
    // Indexed on the first check (a large set's first checks are scans else, which keep nothing).
    const restore = applyMatcherSettings({ tableScanning: { rentPerByte: 0 } });
    onTestFinished(restore);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (const server of servers) {
      expect(await client.isAllowed(`${server.origin}/o/p1/x`, 'FooBot')).toBe(true);
    }
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    // 200 files of 50 KB, about 7 MiB each once checked: without the bound, over 1 GiB.
    expect(client.stats.parsedBytes).toBeLessThanOrEqual(maxParsedBytes);
    expect(client.stats.evictions).toBeGreaterThan(150);
    // Parsed rules and the store's bodies (the store's default maxBytes is maxParsedBytes).
    expect(retained).toBeLessThan(3 * maxParsedBytes);
    expect(client.stats.exhaustedChecks).toBe(0);
  });

  // Rules filed by prefix, and wildcard rules with an empty prefix (filed by trigram): both kept
  // as rule numbers, a few bytes a rule besides the body and the rule table. A check that the
  // indexes cannot settle cheaply builds the set's wildcard program (a few bytes a rule and a
  // piece), which takes the place of the trigram index: counted, so the byte budget bounds it.
  // The shapes named so are checked to build it (their figures with it are what is bounded).
  it.each([
    [2, 'a rule-dense file', ruleDense, 100_000, ['/o{i}/p1/x', '/o{i}/q'], [false, true]],
    [2, 'a wildcard-dense file', wildcardDense, 100_000, ['/o{i}/q', '/p1/x'], [true, true]],
    // 500 KiB (the default cap), so that what a client keeps of any origin weighs little.
    [2, 'a file of very short rules', shortRules, 500 * 1024, ['/1{i}', '/-{i}'], [false, true]],
    // Values that differ from their text once percent-encoded (`/é1` matches as `/%C3%A91`).
    [
      2,
      'a file of percent-encoded rules',
      escapedRules,
      500 * 1024,
      ['/é1{i}', '/-{i}'],
      [false, true],
    ],
    [
      2,
      'a file of unordered wildcard rules once its program is built',
      unorderedRules,
      500 * 1024,
      [UNORDERED_PATH, '/x1q/y1q/1'],
      [true, false],
    ],
    // Pieces read where the body has them, not copied (25,000 pieces of 9 to 11 characters);
    // about 1.8× (the program costs about 8 bytes a rule of 20, a tail a few bits as each is
    // its rule's key), 1.75-1.8× without it.
    [
      2,
      'a file of distinct wildcard pieces once its program is built',
      distinctPieces,
      500 * 1024,
      [DISTINCT_PATH, '/x1q'],
      [true, true],
    ],
    // Pieces of five lengths, 20 to 24 characters, found by hash (by their first 20 or 21
    // characters), not a trie node a character: about 1.5×, 1.45× without the program.
    [
      2,
      'a file of long wildcard pieces once its program is built',
      longPieces,
      500 * 1024,
      [LONG_PATH, '/x1q'],
      [true, true],
    ],
  ] as const)(
    'retains at most %s× the size of %s per origin, as it estimates',
    async (ratio, shape, file, size, paths, verdicts) => {
      // These rows measure a program built: on the first check that costs more through the
      // indexes than through it, not once the checks have paid for it (`ProgramRent`).
      // Each set is indexed on its first check (a large set's first checks are scans else,
      // which keep nothing): what is measured is an indexed file.
      const built = shape.endsWith('once its program is built');
      const restore = applyMatcherSettings({
        tableScanning: { rentPerByte: 0 },
        ...(built ? { programRenting: { buildWorkPerByte: 0 } } : {}),
      });
      try {
        await measureOrigins(ratio, file, size, paths, verdicts, built);
      } finally {
        restore();
      }
    },
    // About 10 MB parsed and compiled: seconds alone, minutes on a loaded 2-core machine.
    180_000,
  );

  it('reads dropped origins again from the store, not the network, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const servers = await origins(20, (i) => `User-agent: *\nDisallow: /private${i}\n`);
    const client = createRobotsClient({ timeout: 5000, maxOrigins: 10 });
    for (let round = 0; round < 5; round++) {
      for (const [i, server] of servers.entries()) {
        expect(await client.isAllowed(`${server.origin}/private${i}`, 'FooBot')).toBe(false);
      }
    }
    // 100 checks of 20 origins: each fetched once, the rest re-read from the store.
    expect(fetches(servers)).toBe(20);
    expect(client.stats).toMatchObject({ origins: 10, reloads: 80, exhaustedChecks: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/more origins are active than the client keeps/);
  });

  it('weighs a parsed file by its retained bytes, which grow as agents are checked', () => {
    const body = ruleDense(0, 20_000);
    const robots = parseRobotsTxt(body);
    const parsed = robots.retainedBytes;
    expect(parsed).toBeGreaterThanOrEqual(body.length);
    // The first checks scan the rules in place; later ones compile them.
    for (let i = 0; i < 10; i++) robots.isAllowed('https://e.com/x', 'FooBot');
    expect(robots.retainedBytes).toBeGreaterThan(parsed);
  });
});

describe('the memory store', () => {
  const entry = (body: string) => ({
    expiresAt: Date.now() + 60_000,
    updatedAt: Date.now(),
    failures: 0,
    copy: {
      status: 'ok' as const,
      httpStatus: 200,
      body,
      fetchedAt: Date.now(),
      finalUrl: 'https://e.com/robots.txt',
      reason: 'test',
    },
  });

  it('keeps entries within maxBytes, the least recently used going first', async () => {
    const store = createMemoryStore({ maxBytes: 10_000 });
    for (let i = 0; i < 10; i++) await store.set(`o${i}`, entry('x'.repeat(2000)), 60_000);
    const kept = [];
    for (let i = 0; i < 10; i++) if ((await store.get(`o${i}`)) !== undefined) kept.push(i);
    expect(kept).toEqual([6, 7, 8, 9]);
  });

  it('checks maxBytes', () => {
    expect(() => createMemoryStore({ maxBytes: 0 })).toThrow(/maxBytes/);
  });
});
