/**
 * One crawler process of the fleet bench (bench/fleet.js): a slot from the shared pacer before
 * each request. Arguments: redis URL, key prefix, origin, request count, start time (epoch ms).
 */

import { createClient } from 'redis';
import { createRedisStore } from '../dist/cache/stores/redis.js';
import { createRobotsClient } from '../dist/index.js';

const [redisUrl = '', prefix = '', origin = '', count = '0', startAt = '0'] = process.argv.slice(2);
const redis = await createClient({ url: redisUrl, disableOfflineQueue: true }).connect();
const robots = createRobotsClient({
  agent: 'FooBot',
  lockPollInterval: 10,
  store: createRedisStore({ client: redis, prefix }),
});
// A crawler's HTTP client is warm: the first fetch of a process loads its HTTP stack.
await (await fetch(`${origin}/warm-up`)).text();
await robots.get(origin);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
for (let index = 0; index < Number(count); index++) {
  const url = `${origin}/page/${process.pid}/${index}`;
  if (!(await robots.isAllowed(url))) throw new Error(`disallowed: ${url}`);
  await robots.acquire(url);
  await (await fetch(url)).text();
}
await redis.close();
