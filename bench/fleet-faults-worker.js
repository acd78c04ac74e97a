/**
 * One crawler process of the fault bench (bench/fleet-faults.js): several loops that each pick an
 * origin, check a URL (a private one now and then, which must stay disallowed), take a slot from
 * the shared pacer and request the page. Its User-Agent carries its pid, so that the bench can
 * kill the process holding an origin's fetch lock. Argument: the run's settings as JSON. Over
 * its IPC channel it says when it is ready, is told when the run starts, and sends its report.
 */

import { createClient } from 'redis';
import { createRedisStore } from '../dist/cache/stores/redis.js';
import { createRobotsClient } from '../dist/index.js';

/**
 * @typedef {object} WorkerSettings
 * @property {string} redisUrl
 * @property {string} prefix
 * @property {string[]} origins
 * @property {string} lateOrigin crawled from `lateAt` on
 * @property {number | undefined} fleetSize
 * @property {number} loops
 */

/** @type {WorkerSettings} */
const settings = JSON.parse(process.argv[2] ?? '{}');
const redis = createClient({
  url: settings.redisUrl,
  disableOfflineQueue: true,
  socket: { reconnectStrategy: () => 50, connectTimeout: 1000 },
});
redis.on('error', () => {});
await redis.connect();
let storeFailures = 0;
let pacingErrors = 0;
const robots = createRobotsClient({
  agent: 'FleetBot',
  userAgent: `FleetBot/1.0 (pid ${process.pid})`,
  store: createRedisStore({ client: redis, prefix: settings.prefix, onWarning: () => {} }),
  lockPollInterval: 20,
  onStoreError: () => {
    storeFailures++;
  },
  ...(settings.fleetSize === undefined ? {} : { fleetSize: settings.fleetSize }),
});
/** @type {[number, number, number][]} check start (epoch ms), its ms, origin index */
const checks = [];
/** @type {number[]} */
const wrong = [];
/** @type {number[]} */
const failOpen = [];
const all = [...settings.origins, settings.lateOrigin];

// A crawler's HTTP client is warm, and it knows the rules of the origins it crawls.
await Promise.all(
  settings.origins.map((origin) => fetch(`${origin}/warm-up`).then((r) => r.text())),
);
await Promise.all(settings.origins.map((origin) => robots.get(origin)));
/** @type {{ startAt: number, lateAt: number, endAt: number }} */
const run = await new Promise((resolve) => {
  process.once('message', resolve);
  process.send?.('ready');
});
await new Promise((resolve) => setTimeout(resolve, Math.max(0, run.startAt - Date.now())));

/** @param {number} loop */
async function crawl(loop) {
  for (let step = 0; Date.now() < run.endAt; step++) {
    const count = Date.now() >= run.lateAt ? all.length : settings.origins.length;
    const index = Math.floor(Math.random() * count);
    const origin = all[index] ?? '';
    const hidden = step % 3 === 0;
    const url = `${origin}/${hidden ? 'private' : 'page'}/${process.pid}-${loop}-${step}`;
    const started = Date.now();
    const clock = performance.now();
    const allowed = await robots.isAllowed(url);
    checks.push([started, performance.now() - clock, index]);
    if (hidden) {
      if (allowed) failOpen.push(started);
      continue;
    }
    if (!allowed) {
      wrong.push(started);
      continue;
    }
    try {
      await robots.acquire(url);
    } catch {
      pacingErrors++;
      continue;
    }
    if (Date.now() >= run.endAt) break;
    await fetch(url)
      .then((response) => response.text())
      .catch(() => {});
  }
}

await Promise.all(Array.from({ length: settings.loops }, (_, loop) => crawl(loop)));
await new Promise((resolve) =>
  process.send?.(
    {
      pid: process.pid,
      checks,
      wrong,
      failOpen,
      pacingErrors,
      storeFailures,
      stats: robots.stats,
    },
    resolve,
  ),
);
await redis.close().catch(() => {});
process.exit(0);
