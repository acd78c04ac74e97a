/**
 * A crawler process that checks one URL through a Redis store, for the lock tests
 * (test/cache/redis-locks.test.ts): it takes the origin's lock and fetches, and the test kills it
 * by pid while its fetch is running. Arguments: redis URL, key prefix, URL to check.
 */

import { createClient } from 'redis';
import { createRobotsClient } from '../../src/cache/client.js';
import { createRedisStore } from '../../src/cache/stores/redis.js';

const [redisUrl = '', prefix = '', url = ''] = process.argv.slice(2);
const redis = await createClient({ url: redisUrl, disableOfflineQueue: true }).connect();
const robots = createRobotsClient({ store: createRedisStore({ client: redis, prefix }) });
await robots.isAllowed(url, 'FooBot');
await redis.close();
