/**
 * Body framing with robots-rep/node, against raw `net` servers on loopback that send exactly the
 * bytes of each case: a body cut before its Content-Length or its last chunk, a Content-Length
 * shorter than the body, an encoded stream cut or followed by more bytes — each unreachable
 * (everything disallowed), never a partial file used as whole. The one cut that cannot be seen:
 * a body framed only by the connection's close (HTTP/1.0 style).
 */

import type { Socket } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchRobotsTxt } from '../../src/node/index.js';
import { startTcpServer, type TestServer } from '../helpers/servers.js';

const agent = 'FooBot';
const running: TestServer[] = [];
const allow = { allowPrivateAddresses: true } as const;

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A file whose last rule, `Disallow: /page`, comes after its first 1,000 bytes. */
const file = Buffer.from(
  `User-agent: *\nDisallow: /early\n${'# some comment line to pad\n'.repeat(60)}Disallow: /page\n`,
);
const half = 1000;

const encoders: Record<string, (input: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  'deflate (raw)': deflateRawSync,
  br: brotliCompressSync,
};

/** A server that answers the first request on each connection with `bytes`, then does `after`. */
async function raw(
  bytes: Buffer,
  after: 'close' | 'keep open' = 'close',
): Promise<TestServer & { readonly sent: () => number }> {
  let answered = 0;
  const server = await startTcpServer((socket: Socket) => {
    let request = '';
    socket.on('data', (data: Buffer) => {
      request += data.toString('latin1');
      if (!request.includes('\r\n\r\n') || request === '') return;
      request = '';
      answered++;
      if (after === 'close') socket.end(bytes);
      else socket.write(bytes);
    });
  });
  running.push(server);
  return Object.assign(server, { sent: () => answered });
}

function head(status: string, ...fields: string[]): Buffer {
  return Buffer.from(`${status}\r\n${fields.map((field) => `${field}\r\n`).join('')}\r\n`);
}

async function expectUnreachable(server: TestServer, reason: RegExp, timeout = 30_000) {
  const result = await fetchRobotsTxt(server.origin, { ...allow, timeout });
  expect(result).toMatchObject({ status: 'unreachable', httpStatus: 200 });
  expect(result.reason).toMatch(reason);
  expect(result.robots.isAllowed(`${server.origin}/page`, agent)).toBe(false);
  expect(result.robots.isAllowed(`${server.origin}/other`, agent)).toBe(false);
}

describe('framed plain bodies', () => {
  it('whole, by Content-Length or by chunks: ok, every rule', async () => {
    const length = await raw(
      Buffer.concat([head('HTTP/1.1 200 OK', `Content-Length: ${file.length}`), file]),
    );
    const chunked = await raw(
      Buffer.concat([
        head('HTTP/1.1 200 OK', 'Transfer-Encoding: chunked'),
        Buffer.from(`${half.toString(16)}\r\n`),
        file.subarray(0, half),
        Buffer.from(`\r\n${(file.length - half).toString(16)}\r\n`),
        file.subarray(half),
        Buffer.from('\r\n0\r\n\r\n'),
      ]),
    );
    for (const server of [length, chunked]) {
      const result = await fetchRobotsTxt(server.origin, allow);
      expect(result.status).toBe('ok');
      expect(result.bytesRead).toBe(file.length);
      expect(result.robots.isAllowed(`${server.origin}/page`, agent)).toBe(false);
    }
  });

  it('cut before its Content-Length: unreachable', async () => {
    const server = await raw(
      Buffer.concat([
        head('HTTP/1.1 200 OK', `Content-Length: ${file.length}`),
        file.subarray(0, half),
      ]),
    );
    await expectUnreachable(server, /body not received whole/);
  });

  it('cut before its last chunk: unreachable', async () => {
    const server = await raw(
      Buffer.concat([
        head('HTTP/1.1 200 OK', 'Transfer-Encoding: chunked'),
        Buffer.from(`${half.toString(16)}\r\n`),
        file.subarray(0, half),
        Buffer.from('\r\n'),
      ]),
    );
    await expectUnreachable(server, /body not received whole/);
  });

  it.each([
    ['', []],
    [', Connection: close', ['Connection: close']],
  ])(
    'a Content-Length shorter than the body%s: unreachable, not its first bytes',
    async (_name, fields) => {
      const server = await raw(
        Buffer.concat([head('HTTP/1.1 200 OK', `Content-Length: ${half}`, ...fields), file]),
      );
      await expectUnreachable(server, /ERR_BODY_OVERRUN: bytes past the end of the response/);
    },
  );

  it('data after the last chunk: unreachable', async () => {
    const server = await raw(
      Buffer.concat([
        head('HTTP/1.1 200 OK', 'Transfer-Encoding: chunked'),
        Buffer.from(`${half.toString(16)}\r\n`),
        file.subarray(0, half),
        Buffer.from('\r\n0\r\n\r\n'),
        file.subarray(half),
      ]),
    );
    await expectUnreachable(server, /ERR_BODY_OVERRUN/);
  });

  it('unframed (HTTP/1.0, the close ends it) and cut: cannot be told from whole, used as it came', async () => {
    const server = await raw(Buffer.concat([head('HTTP/1.0 200 OK'), file.subarray(0, half)]));
    const result = await fetchRobotsTxt(server.origin, allow);
    // Documented: nothing in the message says where it ends, so the cut is not seen.
    expect(result.status).toBe('ok');
    expect(result.bytesRead).toBe(half);
    expect(result.robots.isAllowed(`${server.origin}/page`, agent)).toBe(true);
  });
});

describe.each(Object.keys(encoders))('%s', (name) => {
  const coding = name.startsWith('deflate') ? 'deflate' : name;
  const encoded = encoders[name]!(file);

  it('unframed and whole: ok; unframed and cut mid-stream: unreachable', async () => {
    const whole = await raw(
      Buffer.concat([head('HTTP/1.0 200 OK', `Content-Encoding: ${coding}`), encoded]),
    );
    const result = await fetchRobotsTxt(whole.origin, allow);
    expect(result.status).toBe('ok');
    expect(result.bytesRead).toBe(file.length);
    const cut = await raw(
      Buffer.concat([
        head('HTTP/1.0 200 OK', `Content-Encoding: ${coding}`),
        encoded.subarray(0, encoded.length >> 1),
      ]),
    );
    await expectUnreachable(cut, /body not received whole/);
  });

  it('no byte at all (cut right after the headers): unreachable, not an empty file', async () => {
    const server = await raw(head('HTTP/1.0 200 OK', `Content-Encoding: ${coding}`));
    await expectUnreachable(server, /body not received whole/);
  });

  it.each(['close', 'keep open'] as const)(
    'bytes after the end of the stream (connection: %s): unreachable at once, not at the timeout',
    async (after) => {
      const trailing = Buffer.concat([encoded, Buffer.from('\n<trailing bytes>\n')]);
      const server = await raw(
        Buffer.concat([
          head(
            'HTTP/1.1 200 OK',
            `Content-Encoding: ${coding}`,
            `Content-Length: ${trailing.length}`,
          ),
          trailing,
        ]),
        after,
      );
      // A 60 s timeout under a 120 s guard: settling at the timeout would say "not complete after".
      await expectUnreachable(server, /body not received whole/, 60_000);
      expect(server.sent()).toBe(1);
    },
    120_000,
  );
});
