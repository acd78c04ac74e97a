/**
 * The command line fetches through robots-rep/node: the host a person typed may be private, a
 * redirect from it into private space may not; FTP works; the tester page fetches public
 * addresses only.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { fetchForPage } from '../../src/cli/access.js';
import { runRobotstxt } from '../helpers/cli.js';
import { type FtpServer, startFtpServer } from '../helpers/ftp-server.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const running: (TestServer | FtpServer)[] = [];

afterEach(async () => {
  await Promise.all(
    running.splice(0).map((server) => ('stop' in server ? server.stop() : server.close())),
  );
});

async function serve(body: string, status = 200, headers: Record<string, string> = {}) {
  const server = await startHttpServer((_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  });
  running.push(server);
  return server;
}

describe('robotstxt fetch', () => {
  it('fetches the loopback host a person typed', async () => {
    const server = await serve('User-agent: *\nDisallow: /private\n');
    const r = await runRobotstxt(['fetch', '--json', `${server.origin}/`]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'ok', httpStatus: 200 });
  });

  it('refuses a redirect from it to another private host, and never asks that host', async () => {
    const inside = await serve('User-agent: *\nAllow: /\n# secret\n');
    const port = new URL(inside.origin).port;
    const typed = await serve('', 302, { location: `http://localhost:${port}/admin/secret` });
    const r = await runRobotstxt(['fetch', '--json', `${typed.origin}/`]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      status: 'unreachable',
      refused: 'address',
      redirects: [`http://localhost:${port}/admin/secret`],
      error: expect.stringMatching(/loopback address/),
    });
    expect(r.stdout).not.toContain('secret\\n');
    expect(inside.requests).toEqual([]);
  });

  it('fetches ftp:// with an anonymous login and shows the FTP reply', async () => {
    const server = await startFtpServer({ 'robots.txt': 'User-agent: *\nDisallow: /ftp-only\n' });
    running.push(server);
    const r = await runRobotstxt(['fetch', `${server.origin}/`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('status:      ok (FTP 226)\n');
    expect(r.stdout).toMatch(/\n\nUser-agent: \*\nDisallow: \/ftp-only\n$/);
  });

  it('check --robots ftp://… applies the file to the URLs', async () => {
    const server = await startFtpServer({ 'robots.txt': 'User-agent: *\nDisallow: /ftp-only\n' });
    running.push(server);
    const r = await runRobotstxt([
      'check',
      '-a',
      'Bot',
      '-r',
      `${server.origin}/`,
      'http://h/ftp-only',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('DISALLOWED');
  });
});

describe('the tester page (robotstxt serve)', () => {
  it('fetches public addresses only: a loopback URL given to the page is refused', async () => {
    const server = await serve('User-agent: *\nAllow: /\n');
    const result = await fetchForPage(`${server.origin}/`);
    expect(result).toMatchObject({ status: 'unreachable', refused: 'address' });
    expect(server.requests).toEqual([]);
  });
});
