import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { isRobotsTxtError } from '../../src/errors.js';
import { fetchRobotsTxt } from '../../src/fetch/fetch.js';
import {
  closedPort,
  startHttpServer,
  startTcpServer,
  type TestServer,
} from '../helpers/servers.js';

const agent = 'FooBot';
const running: TestServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serve(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestServer> {
  const server = await startHttpServer(handler);
  running.push(server);
  return server;
}

/** A server whose /robots.txt answers `status` with `headers` and `body`. */
function serveStatus(status: number, headers: Record<string, string> = {}, body = '') {
  return serve((_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  });
}

const rules = 'User-agent: *\nDisallow: /private\n';

describe('status classes (RFC 9309 §2.3.1)', () => {
  it('2xx: the body rules apply, the User-Agent header is sent', async () => {
    const server = await serveStatus(200, { 'cache-control': 'public, max-age=3600' }, rules);
    const result = await fetchRobotsTxt(`${server.origin}/some/page?q=1`, {
      userAgent: 'FooBot/1.0 (+https://foo.example)',
    });
    expect(result).toMatchObject({
      status: 'ok',
      httpStatus: 200,
      url: `${server.origin}/robots.txt`,
      origin: server.origin,
      finalUrl: `${server.origin}/robots.txt`,
      redirects: [],
      bytesRead: rules.length,
      truncated: false,
      maxAge: 3600,
    });
    expect(result.robots.isAllowed(`${server.origin}/private/x`, agent)).toBe(false);
    expect(result.robots.isAllowed(`${server.origin}/public`, agent)).toBe(true);
    expect(server.requests).toEqual(['/robots.txt']);
    expect(server.userAgents).toEqual(['FooBot/1.0 (+https://foo.example)']);
  });

  it.each([400, 401, 403, 404, 410, 451])('%i: unavailable, everything allowed', async (status) => {
    const server = await serveStatus(status, {}, 'User-agent: *\nDisallow: /\n');
    const result = await fetchRobotsTxt(server.origin);
    expect(result.status).toBe('unavailable');
    expect(result.httpStatus).toBe(status);
    expect(result.robots.isAllowed(`${server.origin}/anything`, agent)).toBe(true);
    const explanation = result.robots.explain(`${server.origin}/anything`, agent);
    expect(explanation.selection).toBe('outcome');
    expect(explanation.reason).toContain(`HTTP ${status}`);
  });

  it.each([429, 500, 502, 503, 504])('%i: unreachable, everything disallowed', async (status) => {
    const server = await serveStatus(status, {}, rules);
    const result = await fetchRobotsTxt(server.origin);
    expect(result.status).toBe('unreachable');
    expect(result.httpStatus).toBe(status);
    expect(result.robots.isAllowed(`${server.origin}/public`, agent)).toBe(false);
    expect(result.robots.explain(`${server.origin}/public`, agent).selection).toBe('outcome');
  });

  it('503 and 429 report Retry-After in seconds (delta or HTTP-date)', async () => {
    const delta = await serveStatus(503, { 'retry-after': '120' });
    expect(await fetchRobotsTxt(delta.origin)).toMatchObject({
      status: 'unreachable',
      retryAfter: 120,
    });
    const date = await serveStatus(429, {
      date: 'Wed, 21 Oct 2015 07:28:00 GMT',
      'retry-after': 'Wed, 21 Oct 2015 07:38:00 GMT',
    });
    expect(await fetchRobotsTxt(date.origin)).toMatchObject({
      status: 'unreachable',
      retryAfter: 600,
    });
  });

  it('Expires counts when there is no max-age', async () => {
    const server = await serveStatus(
      200,
      { date: 'Wed, 21 Oct 2015 07:28:00 GMT', expires: 'Wed, 21 Oct 2015 08:28:00 GMT' },
      rules,
    );
    expect((await fetchRobotsTxt(server.origin)).maxAge).toBe(3600);
  });
});

describe('redirects (RFC 9309 §2.3.1.2)', () => {
  /** /robots.txt → /hop1 → … → /hopN, which answers the rules. */
  function chain(hops: number) {
    return serve((request, response) => {
      const step = request.url === '/robots.txt' ? 0 : Number(request.url?.slice(4));
      if (step < hops) {
        response.writeHead(step % 2 === 0 ? 301 : 307, { location: `/hop${step + 1}` });
        response.end();
      } else {
        response.end(rules);
      }
    });
  }

  it('follows a chain of 5; the rules apply to the initial authority', async () => {
    const server = await chain(5);
    const result = await fetchRobotsTxt(server.origin);
    expect(result.status).toBe('ok');
    expect(result.redirects).toEqual([1, 2, 3, 4, 5].map((n) => `${server.origin}/hop${n}`));
    expect(result.finalUrl).toBe(`${server.origin}/hop5`);
    expect(result.robots.isAllowed(`${server.origin}/private`, agent)).toBe(false);
  });

  it('a chain of 10 is unavailable (as a 404)', async () => {
    const server = await chain(10);
    const result = await fetchRobotsTxt(server.origin);
    expect(result.status).toBe('unavailable');
    expect(result.reason).toContain('more than 5 redirects');
    expect(result.redirects).toHaveLength(5);
    expect(server.requests).toHaveLength(6);
    expect(result.robots.isAllowed(`${server.origin}/private`, agent)).toBe(true);
  });

  it('maxRedirects is configurable', async () => {
    const server = await chain(2);
    expect((await fetchRobotsTxt(server.origin, { maxRedirects: 1 })).status).toBe('unavailable');
    expect((await fetchRobotsTxt(server.origin, { maxRedirects: 2 })).status).toBe('ok');
  });

  it('a loop is unavailable', async () => {
    const server = await serve((request, response) => {
      response.writeHead(302, { location: request.url === '/robots.txt' ? '/a' : '/robots.txt' });
      response.end();
    });
    const result = await fetchRobotsTxt(server.origin);
    expect(result.status).toBe('unavailable');
    expect(result.reason).toContain('loop');
    expect(server.requests).toEqual(['/robots.txt', '/a']);
  });

  it('a redirect without Location is unavailable', async () => {
    const server = await serveStatus(301);
    expect((await fetchRobotsTxt(server.origin)).status).toBe('unavailable');
  });

  it('follows a redirect to another host; the rules govern the first one', async () => {
    const target = await serveStatus(200, {}, rules);
    const first = await serveStatus(301, { location: `${target.origin}/robots.txt` });
    const result = await fetchRobotsTxt(`${first.origin}/x`);
    expect(result).toMatchObject({
      status: 'ok',
      origin: first.origin,
      finalUrl: `${target.origin}/robots.txt`,
      redirects: [`${target.origin}/robots.txt`],
    });
    expect(result.robots.isAllowed(`${first.origin}/private`, agent)).toBe(false);
  });

  it('a redirect that ends in a 404 is unavailable, in a 503 unreachable', async () => {
    const gone = await serveStatus(404);
    const down = await serveStatus(503);
    const toGone = await serveStatus(301, { location: `${gone.origin}/robots.txt` });
    const toDown = await serveStatus(301, { location: `${down.origin}/robots.txt` });
    expect((await fetchRobotsTxt(toGone.origin)).status).toBe('unavailable');
    expect((await fetchRobotsTxt(toDown.origin)).status).toBe('unreachable');
  });
});

describe('https → http downgrades are refused', () => {
  it('an https robots.txt redirected to http is unreachable, and http is never asked', async () => {
    const plain = await serveStatus(200, {}, 'User-agent: *\nAllow: /\n');
    const secure = await serveStatus(301, { location: 'http://plain.test/robots.txt' });
    // The https origin is a loopback http server behind a routing shim: the shim only picks the
    // server by host, the requests and responses are real.
    const routes: Record<string, string> = {
      'https://secure.test': secure.origin,
      'http://plain.test': plain.origin,
    };
    const route = (input: string, init: RequestInit) => {
      const url = new URL(input);
      return fetch(`${routes[url.origin]}${url.pathname}`, init);
    };
    const result = await fetchRobotsTxt('https://secure.test/page', { fetch: route });
    expect(result).toMatchObject({
      status: 'unreachable',
      refused: 'downgrade',
      httpStatus: 301,
      finalUrl: 'https://secure.test/robots.txt',
      redirects: [],
    });
    expect(result.robots.isAllowed('https://secure.test/page', agent)).toBe(false);
    expect(result.reason).toContain('http://plain.test/robots.txt');
    expect(plain.requests).toEqual([]);
  });

  it('http → https is followed', async () => {
    const secure = await serveStatus(200, {}, rules);
    const plain = await serveStatus(301, { location: 'https://secure.test/robots.txt' });
    const routes: Record<string, string> = {
      'https://secure.test': secure.origin,
      'http://plain.test': plain.origin,
    };
    const route = (input: string, init: RequestInit) => {
      const url = new URL(input);
      return fetch(`${routes[url.origin]}${url.pathname}`, init);
    };
    const result = await fetchRobotsTxt('http://plain.test/', { fetch: route });
    expect(result.status).toBe('ok');
    expect(result.robots.isAllowed('http://plain.test/private', agent)).toBe(false);
  });
});

describe('the root entry', () => {
  it('asks for an unencoded body, whose truncation the platform fetch reports', async () => {
    const encodings: (string | undefined)[] = [];
    const server = await serve((request, response) => {
      encodings.push(request.headers['accept-encoding']);
      response.end(rules);
    });
    expect((await fetchRobotsTxt(server.origin)).status).toBe('ok');
    expect(encodings).toEqual(['identity']);
  });

  it('has no FTP: an ftp: robots.txt is unreachable, pointing at robots-rep/node', async () => {
    const result = await fetchRobotsTxt('ftp://127.0.0.1:9/page');
    expect(result).toMatchObject({ status: 'unreachable', url: 'ftp://127.0.0.1:9/robots.txt' });
    expect(result.reason).toContain('robots-rep/node');
  });
});

describe('size limit (RFC 9309 §2.5)', () => {
  it('reads 500 KiB of a 600 KiB file: a rule after the mark is not applied', async () => {
    const head = 'User-agent: *\nDisallow: /early\n';
    const filler = '# filler\n'.repeat(Math.ceil((520 * 1024) / 9));
    const body = `${head}${filler}Disallow: /late\n${'#'.repeat(600 * 1024 - head.length - filler.length - 16)}`;
    const server = await serveStatus(200, {}, body);
    const result = await fetchRobotsTxt(server.origin);
    expect(result).toMatchObject({ status: 'ok', truncated: true, bytesRead: 512_000 });
    expect(result.robots.isAllowed(`${server.origin}/early`, agent)).toBe(false);
    expect(result.robots.isAllowed(`${server.origin}/late`, agent)).toBe(true);
  });

  it('maxBytes is configurable and reaches the parser', async () => {
    const server = await serveStatus(200, {}, 'User-agent: *\nDisallow: /a\nDisallow: /b\n');
    const result = await fetchRobotsTxt(server.origin, { maxBytes: 28 });
    expect(result).toMatchObject({ status: 'ok', truncated: true, bytesRead: 28 });
    expect(result.robots.isAllowed(`${server.origin}/a`, agent)).toBe(false);
    expect(result.robots.isAllowed(`${server.origin}/b`, agent)).toBe(true);
  });

  it('a body that never ends is read up to the limit, then dropped', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write(rules);
      const chunk = '# and on\n'.repeat(1000);
      const pump = (): void => {
        while (!response.destroyed && response.write(chunk)) {}
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    const result = await fetchRobotsTxt(server.origin, { timeout: 5000 });
    expect(result).toMatchObject({ status: 'ok', truncated: true, bytesRead: 512_000 });
    expect(result.robots.isAllowed(`${server.origin}/private`, agent)).toBe(false);
  });

  it('a gzip bomb is cut after maxBytes decoded bytes', async () => {
    const decodedSize = 64 * 1024 * 1024;
    const bomb = gzipSync(Buffer.alloc(decodedSize, '#\n'), { level: 9 });
    expect(bomb.byteLength).toBeLessThan(decodedSize / 500);
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': bomb.byteLength });
      response.end(bomb);
    });
    const result = await fetchRobotsTxt(server.origin);
    expect(result).toMatchObject({ status: 'ok', truncated: true });
    expect(result.bytesRead).toBeLessThanOrEqual(512_000);
    expect(result.status === 'ok' && result.body.byteLength).toBeLessThanOrEqual(512_001);
  });
  it('a brotli bomb is cut the same way', async () => {
    const bomb = brotliCompressSync(Buffer.alloc(32 * 1024 * 1024, 'x'));
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'br' });
      response.end(bomb);
    });
    const result = await fetchRobotsTxt(server.origin);
    expect(result).toMatchObject({ status: 'ok', truncated: true, bytesRead: 512_000 });
  });
});

describe('network failures: unreachable, everything disallowed', () => {
  it('a server that never answers times out', async () => {
    const server = await startTcpServer(() => {});
    running.push(server);
    const result = await fetchRobotsTxt(server.origin, { timeout: 300 });
    expect(result.status).toBe('unreachable');
    expect(result.status === 'unreachable' && result.error).toBe('timed out after 300 ms');
    expect(result.httpStatus).toBeUndefined();
    expect(result.robots.isAllowed(`${server.origin}/`, agent)).toBe(false);
  });

  it('a body that stalls times out', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write(rules);
    });
    const result = await fetchRobotsTxt(server.origin, { timeout: 300 });
    expect(result).toMatchObject({ status: 'unreachable', httpStatus: 200 });
    expect(result.status === 'unreachable' && result.error).toContain('300 ms');
    expect(result.robots.isAllowed(`${server.origin}/public`, agent)).toBe(false);
  });

  it('a reset connection', async () => {
    const server = await serve((request) => request.socket.destroy());
    const result = await fetchRobotsTxt(server.origin);
    expect(result.status).toBe('unreachable');
    expect(result.status === 'unreachable' && result.error).toMatch(/fetch failed|closed|reset/i);
  });

  it('a reset in the middle of the body', async () => {
    const server = await serve((request, response) => {
      response.writeHead(200, { 'content-length': '100000' });
      response.write(rules, () => setTimeout(() => request.socket.destroy(), 20));
    });
    expect((await fetchRobotsTxt(server.origin)).status).toBe('unreachable');
  });

  it('a refused connection', async () => {
    const port = await closedPort();
    const result = await fetchRobotsTxt(`http://127.0.0.1:${port}/`);
    expect(result.status).toBe('unreachable');
    expect(result.status === 'unreachable' && result.error).toContain('ECONNREFUSED');
  });

  it('a malformed response', async () => {
    const server = await startTcpServer((socket) => {
      socket.once('data', () => socket.end('SPDY/9 banana\r\n\r\n'));
    });
    running.push(server);
    expect((await fetchRobotsTxt(server.origin)).status).toBe('unreachable');
  });

  it('an injected fetch that throws', async () => {
    const result = await fetchRobotsTxt('https://example.com/', {
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: new Error('boom') })),
    });
    expect(result).toMatchObject({ status: 'unreachable', error: 'fetch failed (boom)' });
  });
});

describe('input and abort', () => {
  it('a URL without robots.txt throws a RobotsTxtError', async () => {
    const error = await fetchRobotsTxt('mailto:a@example.com').catch((caught: unknown) => caught);
    expect(isRobotsTxtError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ERR_UNSUPPORTED_SCHEME' });
  });

  it('bad options are TypeErrors', async () => {
    await expect(fetchRobotsTxt('https://example.com/', { timeout: -1 })).rejects.toThrow(
      TypeError,
    );
    await expect(fetchRobotsTxt('https://example.com/', { maxRedirects: 1.5 })).rejects.toThrow(
      TypeError,
    );
  });

  it('a wrong-type url is a TypeError naming fetchRobotsTxt', async () => {
    await expect(fetchRobotsTxt(42 as unknown as string)).rejects.toThrow(
      /^fetchRobotsTxt: url must be a string or a URL/,
    );
  });

  it('a bad parse option is a TypeError before any request, not after the body', async () => {
    let requests = 0;
    const fetch = async (): Promise<Response> => {
      requests++;
      return new Response('User-agent: *\nDisallow: /\n');
    };
    const options = { fetch, percentEncoding: 'bogus' as 'rfc9309' };
    await expect(fetchRobotsTxt('https://example.com/', options)).rejects.toThrow(
      /fetchRobotsTxt: options\.percentEncoding/,
    );
    expect(requests).toBe(0);
  });

  it("the caller's abort rejects with AbortError, also mid-body", async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write(rules);
    });
    const controller = new AbortController();
    const pending = fetchRobotsTxt(server.origin, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(
      fetchRobotsTxt(server.origin, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
