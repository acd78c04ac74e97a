/**
 * The Redis clients the store drives, as they are: node-redis v5 (`createClient`, `createCluster`,
 * `createSentinel`) and ioredis (`new Redis()`, with or without sentinels, and `new Cluster()`).
 * Each shape sends commands its own way; anything else is refused when the store is created.
 */

import { argumentError } from '../../errors.js';

/** The part of a node-redis v5 client (`createClient()` from `redis`) the store uses. */
export interface NodeRedisCommandClient {
  sendCommand(args: string[], options?: { timeout?: number }): Promise<unknown>;
}

/** The part of a node-redis v5 cluster (`createCluster()` from `redis`) the store uses. */
export interface NodeRedisClusterClient {
  sendCommand(
    firstKey: string | undefined,
    isReadonly: boolean | undefined,
    args: string[],
    options?: { timeout?: number },
  ): Promise<unknown>;
  /** The masters, to read each one's `maxmemory-policy`. */
  readonly masters: readonly object[];
  nodeClient(node: object): Promise<NodeRedisCommandClient>;
}

/** The part of a node-redis v5 sentinel client (`createSentinel()` from `redis`) the store uses. */
export interface NodeRedisSentinelClient {
  sendCommand(
    isReadonly: boolean | undefined,
    args: string[],
    options?: { timeout?: number },
  ): Promise<unknown>;
  getMasterNode(): unknown;
}

/**
 * The part of an ioredis client the store uses: `new Redis()` (also with `sentinels`) or
 * `new Cluster()` from `ioredis`.
 */
export interface IoRedisCommandClient {
  call(command: string, ...args: string[]): Promise<unknown>;
}

/** A Redis client the store can use: node-redis v5 or ioredis, as they are. */
export type RedisCommandClient =
  | NodeRedisCommandClient
  | NodeRedisClusterClient
  | NodeRedisSentinelClient
  | IoRedisCommandClient;

/** Sends one command; `key` is the key it touches (a cluster routes by it). */
export type CommandRunner = (
  args: string[],
  key: string | undefined,
  timeout: number,
) => Promise<unknown>;

/** How the store reaches a client's server(s). */
export interface RedisAccess {
  readonly run: CommandRunner;
  /** One runner per master (one for a single server or a sentinel's master). */
  masters(): Promise<
    { readonly name: string; readonly run: (args: string[]) => Promise<unknown> }[]
  >;
}

const supported =
  'a connected Redis client: node-redis v5 createClient(), createCluster() or createSentinel(), ' +
  'or ioredis new Redis() (also with sentinels) or new Cluster()';

const has = (value: unknown, name: string): boolean =>
  typeof value === 'object' && value !== null && name in value;
const method = (value: unknown, name: string): boolean =>
  has(value, name) && typeof (value as Record<string, unknown>)[name] === 'function';

/** How commands are sent with `client`, or a TypeError naming the supported clients. */
export function accessOf(client: RedisCommandClient): RedisAccess {
  // ioredis has both, and its `sendCommand` takes a Command object: `call` first.
  if (method(client, 'call')) {
    const io = client as IoRedisCommandClient & {
      nodes?: (role: string) => IoRedisCommandClient[];
    };
    const single = async () => [
      { name: 'redis', run: (args: string[]) => io.call(args[0]!, ...args.slice(1)) },
    ];
    return {
      run: (args) => io.call(args[0]!, ...args.slice(1)),
      masters:
        typeof io.nodes === 'function'
          ? async () =>
              (io.nodes?.('master') ?? []).map((node, index) => ({
                name: describeNode(node, index),
                run: (args: string[]) => node.call(args[0]!, ...args.slice(1)),
              }))
          : single,
    };
  }
  if (method(client, 'sendCommand') && method(client, 'nodeClient') && has(client, 'masters')) {
    const cluster = client as NodeRedisClusterClient;
    return {
      run: (args, key, timeout) => cluster.sendCommand(key, false, args, { timeout }),
      masters: async () =>
        Promise.all(
          cluster.masters.map(async (master, index) => {
            const node = await cluster.nodeClient(master);
            return {
              name: describeNode(master, index),
              run: (args: string[]) => node.sendCommand(args),
            };
          }),
        ),
    };
  }
  if (method(client, 'sendCommand') && method(client, 'getMasterNode')) {
    const sentinel = client as NodeRedisSentinelClient;
    const run: CommandRunner = (args, _key, timeout) =>
      sentinel.sendCommand(false, args, { timeout });
    return {
      run,
      masters: async () => [
        { name: 'sentinel master', run: (args) => sentinel.sendCommand(false, args) },
      ],
    };
  }
  if (method(client, 'sendCommand')) {
    const node = client as NodeRedisCommandClient;
    const run: CommandRunner = (args, _key, timeout) => node.sendCommand(args, { timeout });
    return { run, masters: async () => [{ name: 'redis', run: (args) => node.sendCommand(args) }] };
  }
  throw argumentError('createRedisStore', 'options.client', supported, client);
}

/** `host:port` of a cluster node, as either client describes it, else its position. */
function describeNode(node: unknown, index: number): string {
  const fields = (typeof node === 'object' && node !== null ? node : {}) as Record<string, unknown>;
  const options = (fields['options'] ?? {}) as Record<string, unknown>;
  const host = fields['host'] ?? options['host'];
  const port = fields['port'] ?? options['port'];
  return host !== undefined && port !== undefined
    ? `${String(host)}:${String(port)}`
    : `master ${index + 1}`;
}
