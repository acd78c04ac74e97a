/**
 * A Redis {@link CacheStore}, so that many crawler processes on many machines share one copy of
 * each origin's robots.txt, one fetch per origin per expiry and one request pace per origin.
 * Exported as `robots-rep/redis`.
 */

import { argumentError } from '../../errors.js';
import { type CacheLock, type CacheStore, isCacheEntry, type SlotReply } from '../store.js';
import { accessOf, type RedisCommandClient } from './redis-client.js';
import { originKeys } from './redis-keys.js';
import {
  claimScript,
  lockScript,
  releaseScript,
  renewScript,
  reserveScript,
} from './redis-scripts.js';

export type {
  IoRedisCommandClient,
  NodeRedisClusterClient,
  NodeRedisCommandClient,
  NodeRedisSentinelClient,
  RedisCommandClient,
} from './redis-client.js';

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * A connected client: node-redis v5 (`createClient`, `createCluster`, `createSentinel`) or
   * ioredis (`new Redis()`, also with `sentinels`, or `new Cluster()`); anything else is refused
   * with a TypeError. Create it so that commands fail at once while Redis is down (node-redis:
   * `disableOfflineQueue: true`; ioredis: `enableOfflineQueue: false`): checks then work from
   * memory and `acquire` waits for Redis (see the client's `fleetSize`).
   */
  readonly client: RedisCommandClient;
  /**
   * Prefix of every key; the entry of an origin is `prefix + origin`, its lock
   * `prefix + 'lock:' + origin`, its next request slot `prefix + '{n}pace:' + origin` and the
   * start of its last request `prefix + '{n}started:' + origin`, where `{n}` is the hash tag of
   * the origin's pacing bucket (0–1023), whose marker `prefix + '{n}pacing-state'` says since when
   * the bucket's pacing state is whole.
   * @default 'robots-rep:v2:'
   */
  readonly prefix?: string;
  /**
   * Milliseconds a command may take before the store gives up on it (it then rejects: checks
   * carry on from memory, `acquire` waits and tries again).
   * @default 1000
   */
  readonly commandTimeout?: number;
  /**
   * Receives the store's one-time warnings: a server whose `maxmemory-policy` evicts keys, or
   * whose policy could not be read.
   * @default console.warn
   */
  readonly onWarning?: (message: string) => void;
}

/** What {@link RedisStore.checkEvictionPolicy} found on each master. */
export interface EvictionPolicyReport {
  /** Master (`host:port` where the client says) → its `maxmemory-policy`, or undefined. */
  readonly policies: Readonly<Record<string, string | undefined>>;
  /** Masters whose policy evicts keys (anything but `noeviction`). */
  readonly evicting: readonly string[];
  /** Masters whose policy could not be read (`CONFIG GET` refused, as on managed Redis). */
  readonly unknown: readonly string[];
}

/** The Redis store: a {@link CacheStore} that also reports its servers' eviction policy. */
export interface RedisStore extends CacheStore {
  /**
   * Reads `maxmemory-policy` on every master. Done once by itself on the store's first command,
   * which warns (through `onWarning`) about a policy that evicts or could not be read.
   */
  checkEvictionPolicy(): Promise<EvictionPolicyReport>;
}

/**
 * A {@link CacheStore} on Redis: entries as JSON strings with a TTL (`SET … PX`), a lease per
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
export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const {
    client,
    prefix = 'robots-rep:v2:',
    commandTimeout = 1000,
    onWarning = (message: string) => console.warn(message),
  } = options;
  const access = accessOf(client);
  if (!(commandTimeout > 0)) {
    throw argumentError(
      'createRedisStore',
      'options.commandTimeout',
      'a positive number',
      commandTimeout,
    );
  }
  // The policy is read once, on the first command (again later if Redis could not be reached).
  let policyChecked = false;

  function send(args: string[], key: string | undefined): Promise<unknown> {
    if (!policyChecked) {
      policyChecked = true;
      checkEvictionPolicy(true).catch(() => {});
    }
    return timed(access.run(args, key, commandTimeout), args[0]!);
  }

  function timed(command: Promise<unknown>, name: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Redis ${name} timed out after ${commandTimeout} ms`)),
        commandTimeout,
      );
      command.then(
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

  const script = (source: string, keys: readonly [string, ...string[]], ...args: string[]) =>
    send(['EVAL', source, String(keys.length), ...keys, ...args], keys[0]);

  async function checkEvictionPolicy(warn = false): Promise<EvictionPolicyReport> {
    const policies: Record<string, string | undefined> = {};
    const reasons: string[] = [];
    let unreachable = false;
    try {
      for (const master of await access.masters()) {
        try {
          const reply = await timed(master.run(['CONFIG', 'GET', 'maxmemory-policy']), 'CONFIG');
          policies[master.name] = policyOf(reply);
        } catch (error) {
          policies[master.name] = undefined;
          reasons.push(String(error instanceof Error ? error.message : error));
          // A reply error (NOPERM, ERR unknown command…) is a refusal; anything else is Redis
          // out of reach, and the policy is read again on a later command.
          unreachable ||= !isReplyError(error);
        }
      }
    } catch (error) {
      policies['redis'] = undefined;
      reasons.push(String(error instanceof Error ? error.message : error));
      unreachable = true;
    }
    if (unreachable && warn) {
      policyChecked = false;
      return { policies, evicting: [], unknown: Object.keys(policies) };
    }
    const names = Object.keys(policies);
    const evicting = names.filter((name) => (policies[name] ?? 'noeviction') !== 'noeviction');
    const unknown = names.filter((name) => policies[name] === undefined);
    if (warn && evicting.length > 0) {
      onWarning(
        `robots-rep: Redis evicts keys (maxmemory-policy ${evicting.map((name) => `${policies[name]} on ${name}`).join(', ')}): ` +
          'every key of the store has a TTL, so allkeys-* and volatile-* policies both evict them; ' +
          'an evicted pacing key makes acquires wait a full spacing, an evicted entry or lock costs a ' +
          'refetch. Set maxmemory-policy noeviction (the keys expire by themselves) or give the store ' +
          'a Redis of its own.',
      );
    }
    if (warn && unknown.length > 0) {
      onWarning(
        `robots-rep: could not read Redis's maxmemory-policy on ${unknown.join(', ')} (${reasons[0] ?? 'no reply'}): ` +
          'if it evicts keys (allkeys-* or volatile-*), pacing keys lost to eviction make acquires ' +
          'wait a full spacing and entries are refetched; make sure it is noeviction.',
      );
    }
    return { policies, evicting, unknown };
  }

  return {
    async get(key) {
      const value = await send(['GET', prefix + key], prefix + key);
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
      await send(['SET', prefix + key, JSON.stringify(entry), ...expiry(ttl)], prefix + key);
    },
    async delete(key) {
      await send(['DEL', prefix + key], prefix + key);
    },
    async reserve(key, interval, slot = {}) {
      const { limit = Number.POSITIVE_INFINITY, floor = 0, hold = false } = slot;
      const reply = await script(
        reserveScript,
        [originKeys(prefix, key).pace],
        wholeMs(interval),
        Number.isFinite(limit) ? wholeMs(limit) : '-1',
        wholeMs(floor),
        hold ? '1' : '0',
      );
      return replyOf(reply, 'reserve');
    },
    async claim(key, interval, slot = {}) {
      const { limit = Number.POSITIVE_INFINITY } = slot;
      const keys = originKeys(prefix, key);
      const reply = await script(
        claimScript,
        [keys.started, keys.pacingState],
        wholeMs(interval),
        Number.isFinite(limit) ? wholeMs(limit) : '-1',
      );
      return replyOf(reply, 'claim');
    },
    async lock(key, ttl) {
      const lockKey: [string] = [originKeys(prefix, key).lock];
      const token = crypto.randomUUID();
      const release = async (): Promise<void> => {
        await script(releaseScript, lockKey, token);
      };
      let reply: unknown;
      try {
        // A lock always lapses: its TTL is a whole number of ms ≥ 1, even for an infinite ttl.
        reply = await script(lockScript, lockKey, token, String(lockMs(ttl)));
      } catch (error) {
        // The command may still run after we gave up on it: take back whatever it took, so no
        // orphan lock holds the others off (the release runs after it on the same connection).
        release().catch(() => {});
        throw error;
      }
      if (Number(reply) !== 1) return undefined;
      const lock: CacheLock = {
        release,
        async renew(extension) {
          return Number(await script(renewScript, lockKey, token, String(lockMs(extension)))) === 1;
        },
      };
      return lock;
    },
    checkEvictionPolicy: () => checkEvictionPolicy(false),
  };
}

/** A script's reply as a {@link SlotReply}; anything else is an error (a store fault). */
function replyOf(reply: unknown, operation: string): SlotReply {
  const [wait, repaired, lost] = Array.isArray(reply) ? reply.map(Number) : [Number.NaN];
  if (wait === undefined || !Number.isFinite(wait) || wait < 0) {
    throw new Error(`Redis ${operation} replied ${String(reply)}, not a wait in ms`);
  }
  return {
    wait,
    ...(repaired === 1 ? { repaired: true } : {}),
    ...(lost === 1 ? { lost: true } : {}),
  };
}

/** Whether `error` is Redis's reply to a command (as both clients name it), not a lost connection. */
function isReplyError(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  return (
    name === 'ReplyError' || name === 'ErrorReply' || /^(ERR|NOPERM|WRONGTYPE)\b/.test(message)
  );
}

/** `CONFIG GET`'s reply (a [name, value] list, or a map with RESP3) → the value. */
function policyOf(reply: unknown): string | undefined {
  if (Array.isArray(reply)) return reply[1] === undefined ? undefined : String(reply[1]);
  if (reply instanceof Map) return reply.get('maxmemory-policy');
  if (typeof reply === 'object' && reply !== null) {
    const value = (reply as Record<string, unknown>)['maxmemory-policy'];
    return value === undefined ? undefined : String(value);
  }
  return undefined;
}

/** A duration as whole ms for a script argument (never negative). */
function wholeMs(value: number): string {
  return String(Math.max(0, Math.ceil(value)));
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
