/**
 * `robotstxt serve`'s server over real loopback HTTP: compression, caching of hashed assets, the
 * favicon, the API's Origin check, the private-address policy and how a refusal is worded.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchForPage, fetchWithPrivateHosts } from '../../src/cli/access.js';
import { startWebServer, type WebServer } from '../../src/cli/web-server.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

let root: string;
let strict: WebServer;
let open: WebServer;
let site: TestServer;
const SCRIPT = `export const x = ${JSON.stringify('robots '.repeat(2000))};\n`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'robots-serve-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(root, 'assets', 'index-CgMJzvGK.js'), SCRIPT);
  site = await startHttpServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('User-agent: *\nDisallow: /staging/\n');
  });
  strict = await startWebServer({ root, port: 0, fetchRobotsTxt: fetchForPage });
  open = await startWebServer({
    root,
    port: 0,
    fetchRobotsTxt: fetchWithPrivateHosts,
    privateHosts: true,
  });
});

afterAll(async () => {
  await strict?.close();
  await open?.close();
  await site?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A raw GET (headers as given, body undecoded). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const r = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    r.on('error', reject);
    r.end();
  });
}

describe('robotstxt serve', () => {
  it('compresses scripts and caches hashed assets for good, the page never', async () => {
    const script = await get(`${strict.url}assets/index-CgMJzvGK.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await get(`${strict.url}assets/index-CgMJzvGK.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get(`${strict.url}assets/index-CgMJzvGK.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const page = await get(strict.url);
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await get(`${strict.url}favicon.svg`);
    expect([icon.status, icon.headers['content-type']]).toEqual([200, 'image/svg+xml']);
  });

  it('answers its API only to its own page', async () => {
    const target = encodeURIComponent(`${site.origin}/`);
    const cross = await get(`${strict.url}api/fetch?url=${target}`, {
      origin: 'https://attacker.example',
    });
    expect(cross.status).toBe(403);
    const fetched = await get(`${strict.url}api/fetch?url=${target}`, {
      'sec-fetch-site': 'cross-site',
    });
    expect(fetched.status).toBe(403);
    expect(site.requests).toHaveLength(0);
    const own = await get(`${strict.url}api/info`, {
      origin: new URL(strict.url).origin,
      'sec-fetch-site': 'same-origin',
    });
    expect(JSON.parse(own.body.toString())).toEqual({ privateHosts: false });
  });

  it('words a refused private address as its own policy, and fetches it with the flag', async () => {
    const target = encodeURIComponent(`${site.origin}/`);
    const refused = JSON.parse((await get(`${strict.url}api/fetch?url=${target}`)).body.toString());
    expect(refused.status).toBe('unreachable');
    expect(refused.meaning).toMatch(/^not fetched: this tool does not fetch loopback/);
    expect(refused.meaning).toContain("says nothing about the site's robots.txt");
    expect(refused.meaning).toContain('--allow-private-hosts');
    expect(refused.meaning).not.toContain('every URL is disallowed');
    expect(site.requests).toHaveLength(0);
    const info = JSON.parse((await get(`${open.url}api/info`)).body.toString());
    expect(info).toEqual({ privateHosts: true });
    const fetched = JSON.parse((await get(`${open.url}api/fetch?url=${target}`)).body.toString());
    expect(fetched.status).toBe('ok');
    expect(Buffer.from(fetched.bodyBase64, 'base64').toString()).toBe(
      'User-agent: *\nDisallow: /staging/\n',
    );
  });
});
