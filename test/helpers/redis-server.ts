/**
 * Throwaway Redis servers on 127.0.0.1 for the Redis store tests: a single server (which a test
 * may kill -9 and restart on its port), a 3-master Redis Cluster and a Sentinel watching a
 * master. No persistence; `DEBUG` is enabled for local clients (`DEBUG SLEEP`), which Redis 7
 * refuses by default.
 */

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort } from './servers.js';

/** A running redis-server. */
export interface RedisServer {
  /** `redis://127.0.0.1:PORT`. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /** Kills the server with SIGKILL (its data is lost: no persistence). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
}

/** Why no server could be started when the binary is missing. */
const missingRedisMessage: string =
  'redis-server is not installed: the Redis store tests need it. Install the Debian package ' +
  '(`apt-get install redis-server`); .ci/run does this.';

const baseArgs = (port: number): string[] => [
  '--port',
  String(port),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
  '--daemonize',
  'no',
  '--enable-debug-command',
  'local',
];

function checkInstalled(): void {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined) throw new Error(missingRedisMessage);
}

/** Starts redis-server on a free loopback port, without persistence. */
export async function startRedisServer(extra: readonly string[] = []): Promise<RedisServer> {
  checkInstalled();
  let lastError: unknown;
  // A port found free can be taken before redis binds it: try a few.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await closedPort();
    try {
      let child = await spawnReady([...baseArgs(port), ...extra]);
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        stop: () => stop(child),
        kill: () => kill(child),
        async restart() {
          child = await spawnReady([...baseArgs(port), ...extra]);
        },
      };
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`could not start redis-server: ${String(lastError)}`);
}

/** A running 3-master Redis Cluster. */
export interface RedisCluster {
  /** One `{ url }` per master, as node-redis's `rootNodes` takes them. */
  readonly nodes: readonly { readonly url: string; readonly host: string; readonly port: number }[];
  stop(): Promise<void>;
}

/** Starts three `cluster-enabled` servers and joins them with `redis-cli --cluster create`. */
export async function startRedisCluster(): Promise<RedisCluster> {
  checkInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'robots-rep-cluster-'));
  const servers = await Promise.all(
    [0, 1, 2].map((index) =>
      startRedisServer([
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${index}.conf`),
        '--cluster-node-timeout',
        '5000',
        '--dir',
        dir,
      ]),
    ),
  );
  const addresses = servers.map((server) => `127.0.0.1:${server.port}`);
  const created = spawnSync(
    'redis-cli',
    ['--cluster', 'create', ...addresses, '--cluster-replicas', '0', '--cluster-yes'],
    { encoding: 'utf8', timeout: 30_000 },
  );
  if (created.status !== 0) {
    await Promise.all(servers.map((server) => server.stop()));
    throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
  }
  // Every node must agree that all slots are served before clients connect.
  for (let i = 0; i < 200; i++) {
    const states = servers.map(
      (server) =>
        spawnSync('redis-cli', ['-p', String(server.port), 'CLUSTER', 'INFO'], { encoding: 'utf8' })
          .stdout,
    );
    if (states.every((info) => info.includes('cluster_state:ok'))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    nodes: servers.map((server) => ({ url: server.url, host: '127.0.0.1', port: server.port })),
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A master and a Sentinel (`redis-server CONF --sentinel`) watching it as `name`. */
export interface RedisSentinel {
  readonly name: string;
  readonly master: RedisServer;
  readonly sentinel: { readonly host: string; readonly port: number };
  stop(): Promise<void>;
}

/** Starts a master and one Sentinel monitoring it (quorum 1). */
export async function startRedisSentinel(name = 'robots-rep'): Promise<RedisSentinel> {
  const master = await startRedisServer();
  const dir = mkdtempSync(join(tmpdir(), 'robots-rep-sentinel-'));
  const port = await closedPort();
  const config = join(dir, 'sentinel.conf');
  writeFileSync(
    config,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${name} 127.0.0.1 ${master.port} 1`,
      `sentinel down-after-milliseconds ${name} 60000`,
      '',
    ].join('\n'),
  );
  const child = await spawnReady([config, '--sentinel'], 'Sentinel ID is');
  return {
    name,
    master,
    sentinel: { host: '127.0.0.1', port },
    async stop() {
      await stop(child);
      await master.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function spawnReady(
  args: readonly string[],
  ready = 'Ready to accept connections',
): Promise<ChildProcess> {
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server not ready after 10 s:\n${output}`));
    }, 10_000);
    const onData = (data: Buffer): void => {
      output += data.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
