/**
 * FTP as an access method (RFC 9309 §2.3; Google: anonymous login and RETR) against a real FTP
 * server on loopback (Debian's python3-pyftpdlib), and scripted ones for replies it won't give.
 */

import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRobotsClient, fetchRobotsTxt } from '../../src/node/index.js';
import { type FtpServer, startFtpServer } from '../helpers/ftp-server.js';
import { closedPort, startTcpServer, type TestServer } from '../helpers/servers.js';

const agent = 'FooBot';
const rules = 'User-agent: *\nDisallow: /private\n';
const allow = { allowPrivateAddresses: true } as const;
const running: (FtpServer | TestServer)[] = [];

afterEach(async () => {
  await Promise.all(
    running.splice(0).map((server) => ('stop' in server ? server.stop() : server.close())),
  );
});

async function ftp(
  files: Record<string, string | Uint8Array>,
  options?: { anonymous?: boolean },
): Promise<FtpServer> {
  const server = await startFtpServer(files, options);
  running.push(server);
  return server;
}

/** A scripted FTP server: a greeting, then `answer` for each command line. */
async function scripted(answer: (command: string) => string | undefined): Promise<string> {
  const server = await startTcpServer((socket: Socket) => {
    socket.write('220 scripted\r\n');
    let pending = '';
    socket.on('data', (data: Buffer) => {
      pending += data.toString('latin1');
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const reply = answer(line.split(' ')[0]!.toUpperCase());
        if (reply !== undefined) socket.write(`${reply}\r\n`);
      }
    });
  });
  running.push(server);
  return server.origin.replace('http:', 'ftp:');
}

describe('fetchRobotsTxt over FTP', () => {
  it('a file: ok, its rules apply, reply 226', async () => {
    const server = await ftp({ 'robots.txt': rules });
    const result = await fetchRobotsTxt(`${server.origin}/some/page`, allow);
    expect(result).toMatchObject({
      status: 'ok',
      url: `${server.origin}/robots.txt`,
      ftpReply: 226,
      bytesRead: rules.length,
      truncated: false,
    });
    expect(result.robots.isAllowed(`${server.origin}/private/x`, agent)).toBe(false);
    expect(result.robots.isAllowed(`${server.origin}/public`, agent)).toBe(true);
  });

  it('a missing file (550): unavailable, everything allowed', async () => {
    const server = await ftp({ 'other.txt': 'x' });
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result).toMatchObject({ status: 'unavailable', ftpReply: 550 });
    expect(result.robots.isAllowed(`${server.origin}/private`, agent)).toBe(true);
  });

  it('a refused login (530): unreachable, everything disallowed', async () => {
    const server = await ftp({ 'robots.txt': rules }, { anonymous: false });
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result).toMatchObject({ status: 'unreachable', ftpReply: 530 });
    expect(result.robots.isAllowed(`${server.origin}/public`, agent)).toBe(false);
  });

  it('a 600 KiB file: the first 500 KiB apply, the transfer is cut there', async () => {
    const big = `User-agent: *\nDisallow: /early\n${'# filler\n'.repeat((600 * 1024) / 9)}Disallow: /late\n`;
    const server = await ftp({ 'robots.txt': big });
    const result = await fetchRobotsTxt(server.origin, allow);
    expect(result).toMatchObject({ status: 'ok', truncated: true, bytesRead: 512_000 });
    expect(result.robots.isAllowed(`${server.origin}/early`, agent)).toBe(false);
    expect(result.robots.isAllowed(`${server.origin}/late`, agent)).toBe(true);
  });

  it('a server that stalls: unreachable after the timeout', async () => {
    const origin = await scripted(() => undefined);
    const result = await fetchRobotsTxt(origin, { ...allow, timeout: 300 });
    expect(result).toMatchObject({ status: 'unreachable' });
    expect(result.reason).toContain('timed out after 300 ms');
    expect(result.elapsed).toBeLessThan(2000);
  });

  it('a refused connection: unreachable', async () => {
    const port = await closedPort();
    const result = await fetchRobotsTxt(`ftp://127.0.0.1:${port}/`, allow);
    expect(result.status).toBe('unreachable');
    expect(result.reason).toContain('ECONNREFUSED');
  });

  it.each([421, 425, 426, 450, 451])('a transient reply %i to RETR: unreachable', async (code) => {
    // A data port that accepts and waits, as a server's would, so that RETR is what is refused.
    const data = await startTcpServer(() => {});
    running.push(data);
    const dataPort = new URL(data.origin).port;
    const origin = await scripted((command) => {
      if (command === 'USER') return '331 password please';
      if (command === 'PASS') return '230 logged in';
      if (command === 'EPSV') return `229 Entering Extended Passive Mode (|||${dataPort}|)`;
      if (command === 'RETR') return `${code} not now`;
      return '200 ok';
    });
    const result = await fetchRobotsTxt(origin, allow);
    expect(result).toMatchObject({ status: 'unreachable', ftpReply: code });
    expect(result.robots.isAllowed(`${origin}/x`, agent)).toBe(false);
  });

  it('a passive-mode data address elsewhere (cloud metadata) is never connected to', async () => {
    const asked: string[] = [];
    const origin = await scripted((command) => {
      asked.push(command);
      if (command === 'USER') return '331 password please';
      if (command === 'PASS') return '230 logged in';
      if (command === 'EPSV') return '502 not implemented';
      if (command === 'PASV') return '227 Entering Passive Mode (169,254,169,254,0,80)';
      return '200 ok';
    });
    const result = await fetchRobotsTxt(origin, allow);
    expect(result.status).toBe('unreachable');
    expect(result.reason).toContain('169.254.169.254');
    expect(asked).toContain('PASV');
    expect(asked).not.toContain('RETR');
  });

  it("a server's long reply text is cut short in the reason", async () => {
    const origin = await scripted((command) => {
      if (command === 'USER') return `530 ${'x'.repeat(60_000)}`;
      return '200 ok';
    });
    const result = await fetchRobotsTxt(origin, allow);
    expect(result).toMatchObject({ status: 'unreachable', ftpReply: 530 });
    expect(result.reason.length).toBeLessThan(700);
  });

  it('a greeting of 421 (too many connections): unreachable', async () => {
    const server = await startTcpServer((socket) => {
      socket.end('421 too many connections\r\n');
    });
    running.push(server);
    const result = await fetchRobotsTxt(server.origin.replace('http:', 'ftp:'), allow);
    expect(result.status).toBe('unreachable');
  });

  it('a loopback FTP server is refused by default, as HTTP is', async () => {
    const server = await ftp({ 'robots.txt': rules });
    const result = await fetchRobotsTxt(server.origin);
    expect(result).toMatchObject({ status: 'unreachable', refused: 'address' });
  });
});

describe('createRobotsClient over FTP', () => {
  it('fetches once and keeps the copy', async () => {
    const server = await ftp({ 'robots.txt': rules });
    const robots = createRobotsClient(allow);
    expect(await robots.isAllowed(`${server.origin}/private/a`, agent)).toBe(false);
    expect(await robots.isAllowed(`${server.origin}/b`, agent)).toBe(true);
    const lookup = await robots.get(`${server.origin}/`);
    expect(lookup.source).toBe('memory');
    expect(lookup.entry.copy).toMatchObject({ status: 'ok', body: rules });
  });
});
