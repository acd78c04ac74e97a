/** Runs the `robotstxt` command in process, with a fake context: streams, environment, stdin. */

import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../../src/cli/run.js';

/** What a run printed, and its exit code. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A stream that collects what is written, optionally posing as a terminal. */
export function collector(tty = false): PassThrough & { isTTY?: boolean; text(): string } {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean; text(): string };
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  if (tty) stream.isTTY = true;
  stream.text = () => Buffer.concat(chunks).toString('utf8');
  return stream;
}

/** Runs `robotstxt args…` with `input` on stdin (none: an empty stdin). */
export async function runRobotstxt(
  args: readonly string[],
  input?: string | Uint8Array | NodeJS.ReadableStream,
  env: Record<string, string> = {},
  options: { cwd?: string; stderrTty?: boolean; now?: () => number } = {},
): Promise<CliRun> {
  const stdout = collector();
  const stderr = collector(options.stderrTty === true);
  const stdin =
    input === undefined || typeof input === 'string' || input instanceof Uint8Array
      ? Readable.from(
          input === undefined
            ? []
            : [typeof input === 'string' ? Buffer.from(input) : Buffer.from(input)],
        )
      : input;
  const code = await runCli(args, {
    stdout,
    stderr,
    stdin,
    env: { NO_COLOR: '', ...env },
    version: '0.0.0-test',
    cwd: options.cwd ?? process.cwd(),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
