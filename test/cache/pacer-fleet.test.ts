import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startHttpServer, type TestServer } from '../helpers/servers.js';
import { bundleWorker, type WorkerBundle } from '../helpers/worker-bundle.js';

// Four real processes share one pace through Redis. Kept short (the 4 × 50 requests at
// Crawl-delay 0.2 s take 40 s: `npm run bench` measures that). The pace is kept at the store to
// the millisecond; what the server sees adds each process's scheduling delay after its slot
// (tens of ms on a busy 2-core machine running the suite), hence the allowance below.
const processes = 4;
const requestsEach = 10;
const delay = 100;

const redisUrl = inject('redisUrl');
let worker: WorkerBundle | undefined;

beforeAll(async () => {
  if (redisUrl === '') throw new Error(inject('redisError'));
  worker = await bundleWorker('pacer-worker');
}, 120_000);

afterAll(() => worker?.remove());

async function pagesSite(): Promise<TestServer & { arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = await startHttpServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/robots.txt') {
      response.end(`User-agent: *\nCrawl-delay: ${delay / 1000}\nDisallow: /private\n`);
      return;
    }
    if (request.url !== '/warm-up') arrivals.push(performance.now());
    response.end('<p>page</p>');
  });
  return Object.assign(server, { arrivals });
}

function run(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [worker!.file, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill(), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`worker exited with ${code}: ${stderr}`));
    });
  });
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

// Without the shared store each process would pace only itself (crawler-client.test.ts shows it
// with a virtual clock): about four requests per delay, which the assertions below reject. No
// control crawl runs here, as a busy machine spaces unpaced processes by its own slowness.
async function crawl(prefix: string) {
  const site = await pagesSite();
  try {
    // The processes start crawling together, whenever each of them got ready.
    const startAt = String(Date.now() + 5000);
    await Promise.all(
      Array.from({ length: processes }, () =>
        run([redisUrl, prefix, site.origin, String(requestsEach), startAt]),
      ),
    );
    const times = [...site.arrivals].sort((a, b) => a - b);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    return { site, times, gaps };
  } finally {
    await site.close();
  }
}

it(`${processes} processes × ${requestsEach} requests, Crawl-delay ${delay / 1000} s: the origin sees the pace`, async () => {
  const { site, times, gaps } = await crawl(`robots-rep-fleet:${process.pid}:${Date.now()}:`);
  expect(times).toHaveLength(processes * requestsEach);
  // One robots.txt fetch for the fleet.
  expect(site.requests.filter((path) => path === '/robots.txt')).toHaveLength(1);
  // The fleet never runs ahead of the pace: the whole crawl lasts its delays, less one for a
  // first request scheduled late (on a busy 2-core machine, single gaps jitter by tens of ms)…
  expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual((times.length - 2) * delay);
  // …and the typical gap is the delay.
  expect(median(gaps)).toBeGreaterThanOrEqual(delay * 0.9);
}, 120_000);
