/**
 * One crawler process of the fleet test (test/cache/pacer-fleet.test.ts), bundled and run with
 * `node`: it asks the shared pacer for a slot before each request, as a crawler would.
 * Arguments: redis URL, key prefix ('' for a store of its own), origin, request count, and the
 * time (epoch ms) at which the fleet starts together.
 */

import { createClient } from 'redis';
import { createRobotsClient } from '../../src/cache/client.js';
import { createRedisStore } from '../../src/cache/stores/redis.js';

const [redisUrl = '', prefix = '', origin = '', count = '0', startAt = '0'] = process.argv.slice(2);
const redis =
  prefix === ''
    ? undefined
    : await createClient({ url: redisUrl, disableOfflineQueue: true }).connect();
const robots = createRobotsClient({
  agent: 'FooBot',
  lockPollInterval: 10,
  ...(redis === undefined ? {} : { store: createRedisStore({ client: redis, prefix }) }),
});
// A crawler's HTTP client is warm: the first `fetch` of a process loads its HTTP stack.
await (await fetch(`${origin}/warm-up`)).text();
await robots.get(origin);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
for (let index = 0; index < Number(count); index++) {
  const url = `${origin}/page/${process.pid}/${index}`;
  if (!(await robots.isAllowed(url))) throw new Error(`disallowed: ${url}`);
  await robots.acquire(url);
  await (await fetch(url)).text();
}
await redis?.close();
