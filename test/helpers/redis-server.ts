/** Starts a throwaway redis-server on 127.0.0.1 for the Redis store tests. */

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closedPort } from './servers.js';

/** A running redis-server. */
export interface RedisServer {
  /** `redis://127.0.0.1:PORT`. */
  readonly url: string;
  stop(): Promise<void>;
}

/** Why no server could be started when the binary is missing. */
const missingRedisMessage: string =
  'redis-server is not installed: the Redis store tests need it. Install the Debian package ' +
  '(`apt-get install redis-server`); .ci/run does this.';

/** Starts redis-server on a free loopback port, without persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined) throw new Error(missingRedisMessage);
  let lastError: unknown;
  // A port found free can be taken before redis binds it: try a few.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await closedPort();
    try {
      const child = await spawnReady(port);
      return { url: `redis://127.0.0.1:${port}`, stop: () => stop(child) };
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`could not start redis-server: ${String(lastError)}`);
}

function spawnReady(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
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
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server not ready after 10 s:\n${output}`));
    }, 10_000);
    const onData = (data: Buffer): void => {
      output += data.toString();
      if (output.includes('Ready to accept connections')) {
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
