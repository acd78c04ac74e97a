/**
 * robots-rep/node reads a body as complete only when it is: a gzip, deflate or br stream cut at
 * 60% inside a well-framed HTTP message (correct Content-Length, or chunked and terminated) is
 * unreachable, where a partial file would lose its later Disallow lines.
 */

import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchRobotsTxt as rootFetchRobotsTxt } from '../../src/fetch/fetch.js';
import { fetchRobotsTxt } from '../../src/node/index.js';
import { startHttpServer, startTcpServer, type TestServer } from '../helpers/servers.js';

const agent = 'FooBot';
const running: TestServer[] = [];
const allow = { allowPrivateAddresses: true } as const;

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A file whose last rule, `Disallow: /page`, sits after 60% of it. */
const file = `User-agent: *\nDisallow: /early\n${'# some comment line to pad\n'.repeat(400)}Disallow: /page\n`;

const encoders: Record<string, (input: Buffer) => Buffer> = {
  gzip: (input) => gzipSync(input),
  deflate: (input) => deflateSync(input),
  br: (input) => brotliCompressSync(input),
};

async function serveEncoded(
  encoding: string,
  encoded: Buffer,
  framing: 'length' | 'chunked',
): Promise<TestServer> {
  const server = await startHttpServer((_request, response: ServerResponse) => {
    const headers: Record<string, string> = { 'content-encoding': encoding };
    if (framing === 'length') headers['content-length'] = String(encoded.byteLength);
    response.writeHead(200, headers);
    if (framing === 'chunked') {
      // Two chunks and the terminating one: the HTTP message is whole, its encoding is not.
      response.write(encoded.subarray(0, encoded.byteLength >> 1));
      response.end(encoded.subarray(encoded.byteLength >> 1));
    } else {
      response.end(encoded);
    }
  });
  running.push(server);
  return server;
}

describe.each(Object.keys(encoders))('%s', (encoding) => {
  const whole = encoders[encoding]!(Buffer.from(file));
  const cut = whole.subarray(0, Math.floor(whole.byteLength * 0.6));

  it.each(['length', 'chunked'] as const)(
    'whole, framed by %s: ok, every rule',
    async (framing) => {
      const server = await serveEncoded(encoding, whole, framing);
      const result = await fetchRobotsTxt(server.origin, allow);
      expect(result.status).toBe('ok');
      expect(result.bytesRead).toBe(file.length);
      expect(result.robots.isAllowed(`${server.origin}/page`, agent)).toBe(false);
    },
  );

  it.each(['length', 'chunked'] as const)(
    'cut at 60%, framed by %s: unreachable',
    async (framing) => {
      const server = await serveEncoded(encoding, cut, framing);
      const result = await fetchRobotsTxt(server.origin, allow);
      expect(result).toMatchObject({ status: 'unreachable', httpStatus: 200 });
      expect(result.reason).toContain('not received whole');
      expect(result.robots.isAllowed(`${server.origin}/page`, agent)).toBe(false);
    },
  );

  it('corrupt: unreachable', async () => {
    const corrupt = Buffer.from(whole);
    corrupt.fill(0x55, 20, 60);
    const server = await serveEncoded(encoding, corrupt, 'length');
    expect((await fetchRobotsTxt(server.origin, allow)).status).toBe('unreachable');
  });
});

describe('other decoding cases', () => {
  it('raw deflate (no zlib header), as some servers send it, is read', async () => {
    const server = await serveEncoded('deflate', deflateRawSync(Buffer.from(file)), 'length');
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result.status).toBe('ok');
    expect(result.robots.isAllowed(`${server.origin}/page`, agent)).toBe(false);
  });

  it('two codings are undone in turn; more than five are refused', async () => {
    const twice = gzipSync(brotliCompressSync(Buffer.from(file)));
    const server = await serveEncoded('br, gzip', twice, 'length');
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result.status).toBe('ok');
    expect(result.robots.isAllowed(`${server.origin}/page`, agent)).toBe(false);
    const many = await serveEncoded(Array(6).fill('gzip').join(', '), Buffer.from('x'), 'length');
    const refused = await fetchRobotsTxt(many.origin, allow);
    expect(refused.status).toBe('unreachable');
    expect(refused.reason).toContain('too many Content-Encoding codings');
  });

  it('an unknown coding is unreachable', async () => {
    const server = await serveEncoded('zstd', Buffer.from('garbage'), 'length');
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result.status).toBe('unreachable');
    expect(result.reason).toContain('zstd');
  });

  it('a 404 with a coding it cannot read is still unavailable: only a 2xx body is decoded', async () => {
    const server = await startHttpServer((_request, response) => {
      response.writeHead(404, { 'content-encoding': 'zstd' });
      response.end('garbage');
    });
    running.push(server);
    expect((await fetchRobotsTxt(server.origin, allow)).status).toBe('unavailable');
  });

  it('reports the Content-Type the server sent, and none when it sent none', async () => {
    const server = await startHttpServer((request, response) => {
      if (request.url === '/robots.txt') response.writeHead(404).end();
    });
    running.push(server);
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result).toMatchObject({ status: 'unavailable', httpStatus: 404 });
    expect(result.contentType).toBeUndefined();
  });

  it('asks for gzip, deflate and br', async () => {
    const asked: (string | undefined)[] = [];
    const server = await startHttpServer((request, response) => {
      asked.push(request.headers['accept-encoding']);
      response.end(file);
    });
    running.push(server);
    await fetchRobotsTxt(server.origin, allow);
    expect(asked).toEqual(['gzip, deflate, br']);
  });

  it('a gzip bomb is cut after maxBytes decoded bytes: ok, truncated', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const server = await serveEncoded('gzip', bomb, 'length');
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result).toMatchObject({ status: 'ok', truncated: true, bytesRead: 512_000 });
  });

  it('a 600 KiB gzip file cut after 500 KiB of it decoded is used up to the limit', async () => {
    const big = `User-agent: *\nDisallow: /early\n${'#'.repeat(600 * 1024)}\nDisallow: /late\n`;
    const encoded = gzipSync(Buffer.from(big));
    const server = await serveEncoded('gzip', encoded, 'length');
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result).toMatchObject({ status: 'ok', truncated: true });
    expect(result.robots.isAllowed(`${server.origin}/early`, agent)).toBe(false);
  });

  it.each([
    [
      'Content-Length',
      `HTTP/1.1 200 OK\r\nContent-Length: ${file.length}\r\n\r\n${file.slice(0, 300)}`,
    ],
    [
      'chunked',
      `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n12c\r\n${file.slice(0, 300)}\r\n`,
    ],
  ])('a plain body cut before its %s ends is unreachable', async (_name, head) => {
    const server = await startTcpServer((socket) => {
      socket.once('data', () => {
        socket.write(head);
        setTimeout(() => socket.destroy(), 20);
      });
    });
    running.push(server);
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result.status).toBe('unreachable');
    expect(result.robots.isAllowed(`${server.origin}/page`, agent)).toBe(false);
  });
});

describe('the root entry with the platform fetch', () => {
  it('asks for identity, so a compliant server sends no encoding to cut', async () => {
    const asked: (string | undefined)[] = [];
    const server = await startHttpServer((request, response) => {
      asked.push(request.headers['accept-encoding']);
      response.end(file);
    });
    running.push(server);
    expect((await rootFetchRobotsTxt(server.origin)).status).toBe('ok');
    expect(asked).toEqual(['identity']);
  });
});
