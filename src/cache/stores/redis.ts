/**
 * A Redis {@link CacheStore}, so that many crawler processes on many machines share one copy of
 * each origin's robots.txt and one fetch per origin per expiry. Exported as `robots-rep/redis`.
 */

import { argumentError } from '../../errors.js';
import { type CacheLock, type CacheStore, isCacheEntry } from '../store.js';

/** The part of a node-redis v5 client (`createClient()` from `redis`) the store uses. */
export interface NodeRedisCommandClient {
  sendCommand(args: string[], options?: { timeout?: number }): Promise<unknown>;
}

/** The part of an ioredis client (`new Redis()` from `ioredis`) the store uses. */
export interface IoRedisCommandClient {
  call(command: string, ...args: string[]): Promise<unknown>;
}

/** A Redis client the store can use: node-redis v5 or ioredis, as they are. */
export type RedisCommandClient = NodeRedisCommandClient | IoRedisCommandClient;

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * A connected client, node-redis or ioredis. Create it so that commands fail at once while
   * Redis is down (node-redis: `disableOfflineQueue: true`; ioredis: `enableOfflineQueue: false`),
   * and the robots client then works from memory.
   */
  readonly client: RedisCommandClient;
  /**
   * Prefix of every key; the entry of an origin is `prefix + origin`, its lock
   * `prefix + 'lock:' + origin`, its next request slot `prefix + 'pace:' + origin` and the start
   * of its last request `prefix + 'started:' + origin`.
   * @default 'robots-rep:v1:'
   */
  readonly prefix?: string;
  /**
   * Milliseconds a command may take before the store gives up on it (it then rejects, and the
   * robots client carries on from memory).
   * @default 1000
   */
  readonly commandTimeout?: number;
}

/** Deletes the lock only if it still holds our token (a lapsed lock may belong to another). */
const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Takes the lock (KEYS[1]) for token ARGV[1] for ARGV[2] ms. A lock that is held but has no TTL,
 * or more of it left than a lock of ours would ever have, was not taken by this protocol (or was
 * planted): it is taken over instead of waited for.
 */
const lockScript = `
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
local left = redis.call('pttl', KEYS[1])
if left == -1 or left > tonumber(ARGV[2]) then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

/**
 * Reserves the next request slot of KEYS[1] (see `CacheStore.reserve`) in one atomic step, on
 * Redis's clock (`TIME`), so that processes on machines with different clocks agree: the slot
 * starts at the later of now and the stored next free time, which moves to slot + ARGV[1] ms.
 * Times are kept to the microsecond; the reply, the ms to wait, is rounded up. The key lapses a minute after the last slot it gave.
 */
const reserveScript = `
local now = redis.call('time')
local ms = tonumber(now[1]) * 1000 + tonumber(now[2]) / 1000
local free = tonumber(redis.call('get', KEYS[1]) or '0') or 0
local start = math.max(ms, free)
local nextFree = start + tonumber(ARGV[1])
redis.call('set', KEYS[1], string.format('%.3f', nextFree), 'PX', string.format('%d', math.ceil(nextFree - ms) + 60000))
return math.ceil(start - ms)`;

/**
 * Claims the start of a request to KEYS[1] (see `CacheStore.claim`): 0 and now recorded, unless
 * the last start was less than ARGV[1] ms ago; then the ms left.
 */
const claimScript = `
local now = redis.call('time')
local ms = tonumber(now[1]) * 1000 + tonumber(now[2]) / 1000
local last = tonumber(redis.call('get', KEYS[1]) or '')
local interval = tonumber(ARGV[1])
if last and ms < last + interval then return math.ceil(last + interval - ms) end
redis.call('set', KEYS[1], string.format('%.3f', ms), 'PX', string.format('%d', interval + 60000))
return 0`;

/**
 * A {@link CacheStore} on Redis: entries as JSON strings with a TTL (`SET … PX`), a lock per
 * origin so that one process fetches while the others wait for its entry, and an atomic
 * next-slot reservation per origin (a Lua script) so that the fleet shares one request pace.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createRobotsClient } from 'robots-rep/node';
 * import { createRedisStore } from 'robots-rep/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true })
 *   .on('error', (error) => log.warn(error))
 *   .connect();
 * const robots = createRobotsClient({ store: createRedisStore({ client: redis }), userAgent });
 * // or, with ioredis: createRedisStore({ client: new Redis(url, { enableOfflineQueue: false }) })
 * ```
 */
export function createRedisStore(options: RedisStoreOptions): CacheStore {
  const { client, prefix = 'robots-rep:v1:', commandTimeout = 1000 } = options;
  const run = commandRunner(client);
  if (!(commandTimeout > 0)) {
    throw argumentError(
      'createRedisStore',
      'options.commandTimeout',
      'a positive number',
      commandTimeout,
    );
  }

  function send(args: string[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Redis ${args[0]} timed out after ${commandTimeout} ms`)),
        commandTimeout,
      );
      run(args, commandTimeout).then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  return {
    async get(key) {
      const value = await send(['GET', prefix + key]);
      if (value === null || value === undefined) return undefined;
      let entry: unknown;
      try {
        entry = JSON.parse(String(value));
      } catch {
        return undefined;
      }
      // Another version (or something else) under our key: treat as missing, it is overwritten.
      return isCacheEntry(entry) ? entry : undefined;
    },
    async set(key, entry, ttl) {
      await send(['SET', prefix + key, JSON.stringify(entry), ...expiry(ttl)]);
    },
    async delete(key) {
      await send(['DEL', prefix + key]);
    },
    async reserve(key, interval) {
      const reply = await send([
        'EVAL',
        reserveScript,
        '1',
        `${prefix}pace:${key}`,
        String(Math.max(0, Math.ceil(interval))),
      ]);
      return waitOf(reply, 'reserve');
    },
    async claim(key, interval) {
      const reply = await send([
        'EVAL',
        claimScript,
        '1',
        `${prefix}started:${key}`,
        String(Math.max(0, Math.ceil(interval))),
      ]);
      return waitOf(reply, 'claim');
    },
    async lock(key, ttl) {
      const lockKey = `${prefix}lock:${key}`;
      const token = crypto.randomUUID();
      const release = async (): Promise<void> => {
        await send(['EVAL', releaseScript, '1', lockKey, token]);
      };
      let reply: unknown;
      try {
        // A lock always lapses: its TTL is a whole number of ms ≥ 1, even for an infinite ttl.
        reply = await send(['EVAL', lockScript, '1', lockKey, token, String(lockMs(ttl))]);
      } catch (error) {
        // The command may still run after we gave up on it: take back whatever it took, so no
        // orphan lock holds the others off (the release runs after it on the same connection).
        release().catch(() => {});
        throw error;
      }
      if (Number(reply) !== 1) return undefined;
      const lock: CacheLock = { release };
      return lock;
    },
  };
}

/** A script's reply as a wait in ms; anything else is an error (the client then paces alone). */
function waitOf(reply: unknown, operation: string): number {
  const wait = Number(reply);
  if (!Number.isFinite(wait) || wait < 0) {
    throw new Error(`Redis ${operation} replied ${String(reply)}, not a wait in ms`);
  }
  return wait;
}

/** How commands are sent with `client`: ioredis's `call`, or node-redis's `sendCommand`. */
function commandRunner(
  client: RedisCommandClient,
): (args: string[], timeout: number) => Promise<unknown> {
  // ioredis has both, and its `sendCommand` takes a Command object: `call` first.
  if (typeof (client as Partial<IoRedisCommandClient>)?.call === 'function') {
    const io = client as IoRedisCommandClient;
    return (args) => io.call(args[0]!, ...args.slice(1));
  }
  if (typeof (client as Partial<NodeRedisCommandClient>)?.sendCommand === 'function') {
    const node = client as NodeRedisCommandClient;
    return (args, timeout) => node.sendCommand(args, { timeout });
  }
  throw argumentError(
    'createRedisStore',
    'options.client',
    'a connected node-redis or ioredis client',
    client,
  );
}

/** A lock's TTL in whole milliseconds: at least 1, and finite (Redis takes no `Infinity`). */
function lockMs(ttl: number): number {
  return Number.isFinite(ttl) ? Math.max(1, Math.ceil(ttl)) : 60_000;
}

/**
 * `PX milliseconds` for a finite TTL, nothing (no expiry) for an infinite one: Redis rejects a
 * PX value that is not an integer, such as `Infinity`.
 */
function expiry(ttl: number): string[] {
  return Number.isFinite(ttl) ? ['PX', String(Math.max(1, Math.ceil(ttl)))] : [];
}
