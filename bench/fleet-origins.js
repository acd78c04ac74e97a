/**
 * The origins of the fault bench (bench/fleet-faults.js), in a process of their own so that what
 * the bench does meanwhile (talking to a paused Redis, filling its memory) cannot delay when a
 * request is seen. Each origin serves a robots.txt (`Crawl-delay`, `/private` disallowed) and
 * pages, and records when each page request and robots.txt fetch arrived (epoch ms). The last
 * origin never answers its first robots.txt request and tells the bench the pid in its
 * User-Agent (the holder of the fetch lock, which the bench then kills). Argument: the delays
 * (ms) as JSON; over IPC: `ready` with the origins, then on request the `report`.
 */

import { createServer } from 'node:http';

/** @type {number[]} */
const delays = JSON.parse(process.argv[2] ?? '[]');

/**
 * @param {number} delayMs
 * @param {boolean} holdFirstRobots
 */
async function startOrigin(delayMs, holdFirstRobots) {
  const state = {
    origin: '',
    delayMs,
    /** @type {number[]} */ arrivals: [],
    /** @type {number[]} */ robots: [],
  };
  let holding = holdFirstRobots;
  const server = createServer({ keepAliveTimeout: 120_000 }, (request, response) => {
    if (request.url === '/robots.txt') {
      state.robots.push(Date.now());
      if (holding) {
        holding = false;
        const pid = Number(/pid (\d+)/.exec(request.headers['user-agent'] ?? '')?.[1]);
        process.send?.({ type: 'holder', pid });
        return;
      }
      response.end(`User-agent: *\nCrawl-delay: ${delayMs / 1000}\nDisallow: /private\n`);
      return;
    }
    if (request.url?.startsWith('/page/')) {
      state.arrivals.push(Date.now());
    }
    response.end('<p>page</p>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  state.origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  return state;
}

const origins = await Promise.all(
  delays.map((delay, index) => startOrigin(delay, index === delays.length - 1)),
);
process.on('message', (message) => {
  if (message === 'report') process.send?.({ type: 'report', origins }, () => process.exit(0));
});
process.send?.({ type: 'ready', origins: origins.map(({ origin }) => origin) });
