#!/usr/bin/env node
/**
 * The `robotstxt` bin: wires the process to `runCli`.
 */

import { readFileSync } from 'node:fs';
import { runCli } from './run.js';

function packageVersion(): string {
  try {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A closed pipe (`robotstxt check --jsonl | head`) is not an error of ours: the command stops
  // writing and its exit status reflects what it had written.
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  version: packageVersion(),
  cwd: process.cwd(),
});
