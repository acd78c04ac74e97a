/**
 * The politeness figure: 4 processes × 50 requests to one loopback origin whose
 * robots.txt says `Crawl-delay: 0.2`, sharing one pace through a throwaway redis-server. Reports
 * the gaps the server sees between requests (about 40 s of wall time).
 */

import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * @typedef {object} FleetResult
 * @property {number} processes
 * @property {number} requests
 * @property {number} delayMs
 * @property {number} minGapMs
 * @property {number} medianGapMs
 * @property {number} shortGaps gaps shorter than the delay
 * @property {number} spanMs first to last request
 * @property {number} robotsFetches
 */

/** @returns {Promise<number>} a free loopback port */
function freePort() {
  return new Promise((resolve) => {
    const server = createTcpServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {readonly string[]} args
 * @returns {Promise<void>}
 */
function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'fleet-worker.js'), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`worker exited ${code}`)),
    );
  });
}

/**
 * Runs the fleet; undefined when redis-server is not installed.
 * @param {{ processes?: number, requestsEach?: number, delayMs?: number }} [options]
 * @returns {Promise<FleetResult | undefined>}
 */
export async function benchFleet({ processes = 4, requestsEach = 50, delayMs = 200 } = {}) {
  if (spawnSync('redis-server', ['--version']).error !== undefined) return undefined;
  const redisPort = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  /** @type {number[]} */
  const arrivals = [];
  let robotsFetches = 0;
  const server = createServer((request, response) => {
    if (request.url === '/robots.txt') {
      robotsFetches++;
      response.end(`User-agent: *\nCrawl-delay: ${delayMs / 1000}\nDisallow: /private\n`);
      return;
    }
    if (request.url !== '/warm-up') arrivals.push(performance.now());
    response.end('<p>page</p>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  try {
    // Give redis-server a moment to listen, then start the fleet together.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const startAt = String(Date.now() + 3000);
    await Promise.all(
      Array.from({ length: processes }, () =>
        run([
          `redis://127.0.0.1:${redisPort}`,
          'bench-fleet:',
          origin,
          String(requestsEach),
          startAt,
        ]),
      ),
    );
  } finally {
    server.closeAllConnections();
    server.close();
    redis.kill();
  }
  const times = [...arrivals].sort((a, b) => a - b);
  const gaps = times.slice(1).map((time, index) => time - (times[index] ?? time));
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    processes,
    requests: times.length,
    delayMs,
    minGapMs: sorted[0] ?? 0,
    medianGapMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    shortGaps: gaps.filter((gap) => gap < delayMs).length,
    spanMs: (times.at(-1) ?? 0) - (times[0] ?? 0),
    robotsFetches,
  };
}
