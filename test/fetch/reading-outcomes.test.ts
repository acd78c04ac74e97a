/**
 * Each reading's fetch outcomes: RFC 9309's by default, Python's `RobotFileParser.read()` when a
 * Python reading is asked for, through the fetcher and through the client (real HTTP servers on
 * loopback).
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createRobotsClient } from '../../src/cache/client.js';
import { fetchRobotsTxt } from '../../src/fetch/fetch.js';
import type { Interpretation } from '../../src/types.js';
import { startHttpServer, type TestServer } from '../helpers/servers.js';

const running: TestServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A server answering every request with `status` (and `headers`). */
async function answering(status: number, headers: Record<string, string> = {}) {
  const server = await startHttpServer((_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, headers);
    response.end('User-agent: *\nDisallow: /\n');
  });
  running.push(server);
  return server;
}

/** Whether a URL of the site may be fetched after robots.txt answered `status`. */
async function allowedAfter(status: number, interpretation: Interpretation) {
  const server = await answering(status);
  const result = await fetchRobotsTxt(`${server.origin}/x`, { interpretation });
  return { status: result.status, allowed: result.robots.isAllowed(`${server.origin}/x`, 'Bot') };
}

// [status, RFC 9309 allows, Python (before the rewrite) allows, Python (RFC 9309) allows]
const TABLE: readonly (readonly [number, boolean, boolean, boolean])[] = [
  [401, true, false, false],
  [403, true, false, false],
  [404, true, true, true],
  [410, true, true, true],
  [429, false, true, true],
  [500, false, false, false],
  [503, false, false, false],
];

describe("each reading's outcome for a robots.txt that could not be had", () => {
  it('maps statuses as RFC 9309 does by default, and as read() does for Python', async () => {
    for (const [status, rfc, python, python9309] of TABLE) {
      for (const [interpretation, want] of [
        ['google', rfc],
        ['rfc9309', rfc],
        ['draft-1996', rfc],
        ['python-urllib', python],
        ['python-urllib-rfc9309', python9309],
      ] as const) {
        const got = await allowedAfter(status, interpretation);
        expect(got.allowed, `${interpretation} after HTTP ${status}`).toBe(want);
        expect(got.status).toBe(want ? 'unavailable' : 'unreachable');
      }
    }
  });

  it("says why in the reading's terms", async () => {
    const server = await answering(403);
    const result = await fetchRobotsTxt(`${server.origin}/x`, {
      interpretation: 'python-urllib-rfc9309',
    });
    expect(result.reason).toBe(
      "robots.txt answered HTTP 403: Python's RFC 9309 robotparser disallows every URL on 401 and 403",
    );
    expect(result.robots.explain(`${server.origin}/x`, 'Bot')).toMatchObject({
      allowed: false,
      selection: 'outcome',
      reason: result.reason,
    });
    const old = await fetchRobotsTxt(`${(await answering(503)).origin}/x`, {
      interpretation: 'python-urllib',
    });
    expect(old.reason).toMatch(/reads no rules, and then allows no URL$/);
  });

  it('a redirect that leads nowhere allows everything for RFC 9309, nothing for Python', async () => {
    const google = await fetchRobotsTxt(`${(await answering(302)).origin}/x`);
    expect(google.status).toBe('unavailable');
    const python = await fetchRobotsTxt(`${(await answering(302)).origin}/x`, {
      interpretation: 'python-urllib-rfc9309',
    });
    expect(python).toMatchObject({ status: 'unreachable' });
    expect(python.robots.isAllowed('https://e.com/x', 'Bot')).toBe(false);
  });

  it('reaches the client through its interpretation option', async () => {
    const forbidden = await answering(403);
    const limited = await answering(429);
    const python = createRobotsClient({ interpretation: 'python-urllib-rfc9309' });
    const google = createRobotsClient();
    expect(await python.isAllowed(`${forbidden.origin}/x`, 'Bot')).toBe(false);
    expect(await google.isAllowed(`${forbidden.origin}/x`, 'Bot')).toBe(true);
    expect(await python.isAllowed(`${limited.origin}/x`, 'Bot')).toBe(true);
    expect(await google.isAllowed(`${limited.origin}/x`, 'Bot')).toBe(false);
  });
});
