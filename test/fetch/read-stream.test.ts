/**
 * A body that ends short of its Content-Length is cut, whatever the fetch made of it: the root
 * entry checks the length itself, so a fetch you inject that ends such a body quietly (as some
 * HTTP libraries do on a reset) does not make a partial file whole. Raw `net` servers on loopback.
 */

import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchRobotsTxt } from '../../src/fetch/fetch.js';
import type { FetchFunction } from '../../src/fetch/options.js';
import { startTcpServer, type TestServer } from '../helpers/servers.js';

const running: TestServer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const file = Buffer.from(
  `User-agent: *\nDisallow: /early\n${'# padding line\n'.repeat(80)}Disallow: /page\n`,
);

/** The platform's fetch, but a body that errors just ends (what it had is kept). */
const quietFetch: FetchFunction = async (input, init) => {
  const response = await fetch(input, init);
  const reader = response.body?.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
};

async function serve(bytes: Buffer): Promise<TestServer> {
  const server = await startTcpServer((socket: Socket) => {
    socket.once('data', () => socket.end(bytes));
  });
  running.push(server);
  return server;
}

const answer = (fields: string, body: Buffer) =>
  Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${fields}\r\n`), body]);

describe('a body short of its Content-Length', () => {
  it('through a fetch that ends it quietly: unreachable, everything disallowed', async () => {
    const server = await serve(answer(`Content-Length: ${file.length}\r\n`, file.subarray(0, 600)));
    const result = await fetchRobotsTxt(server.origin, { fetch: quietFetch });
    expect(result).toMatchObject({ status: 'unreachable', httpStatus: 200 });
    expect(result.reason).toContain(
      `cut: 600 of the ${file.length} bytes its Content-Length declares`,
    );
    expect(result.robots.isAllowed(`${server.origin}/other`, 'FooBot')).toBe(false);
  });

  it('whole, or without a Content-Length: ok', async () => {
    const whole = await serve(answer(`Content-Length: ${file.length}\r\n`, file));
    const unframed = await serve(answer('Connection: close\r\n', file.subarray(0, 600)));
    const results = await Promise.all(
      [whole, unframed].map((server) => fetchRobotsTxt(server.origin, { fetch: quietFetch })),
    );
    expect(results.map((result) => [result.status, result.bytesRead])).toEqual([
      ['ok', file.length],
      ['ok', 600],
    ]);
  });
});
