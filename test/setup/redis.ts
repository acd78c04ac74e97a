/**
 * Vitest global setup: one redis-server on 127.0.0.1 for the whole run, stopped at the end. When
 * the binary is missing only the Redis tests fail, with a message saying how to install it.
 */

import type { TestProject } from 'vitest/node';
import { type RedisServer, startRedisServer } from '../helpers/redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `redis://127.0.0.1:PORT`, or '' when no server could be started. */
    redisUrl: string;
    /** Why no server could be started ('' when it runs). */
    redisError: string;
  }
}

let server: RedisServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  try {
    server = await startRedisServer();
    project.provide('redisUrl', server.url);
    project.provide('redisError', '');
  } catch (error) {
    project.provide('redisUrl', '');
    project.provide('redisError', error instanceof Error ? error.message : String(error));
  }
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
