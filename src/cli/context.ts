/**
 * What every command of the `robotstxt` CLI shares: the process streams and environment it runs
 * with, exit codes, usage errors, colour, and writing with back-pressure.
 */

/** Exit codes, as the reference's `robots_main`: 0 allowed / clean, 1 disallowed / errors found. */
export const EXIT = { ok: 0, fail: 1, usage: 2 } as const;

/** A writable stream as the CLI uses it (a TTY has `isTTY` and `columns`). */
export type CliStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/** The process streams and environment a command runs with (tests pass their own). */
export interface CliContext {
  readonly stdout: CliStream;
  readonly stderr: CliStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly version: string;
  /** The working directory, for relative file names and the files a request may name. */
  readonly cwd?: string;
  /** Milliseconds since some fixed point (progress rates); default `performance.now`. */
  readonly now?: () => number;
}

/** A bad command line or unreadable input: printed as one line on stderr, exit code 2. */
export class CliError extends Error {
  override name = 'CliError' as const;
}

/** `--color` values. */
export type ColorMode = 'auto' | 'always' | 'never';

/**
 * Whether to colour output on `stream`: `always` and `never` say so; `auto` colours a terminal
 * unless `NO_COLOR` is set to a non-empty value.
 */
export function useColor(
  stream: { isTTY?: boolean },
  env: CliContext['env'],
  mode: ColorMode = 'auto',
): boolean {
  if (mode !== 'auto') return mode === 'always';
  const noColor = env['NO_COLOR'];
  return stream.isTTY === true && (noColor === undefined || noColor === '');
}

/** Writes text, waiting for the stream to drain when its buffer is full (constant memory). */
export function write(stream: NodeJS.WritableStream, text: string): Promise<void> | undefined {
  const writable = stream as NodeJS.WritableStream & { destroyed?: boolean };
  if (writable.destroyed === true) return undefined;
  if (stream.write(text)) return undefined;
  // A stream that closes (a pipe whose reader left) never drains.
  return new Promise((resolve) => {
    const done = (): void => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      stream.removeListener('error', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}

/** The message of anything thrown, on one line. */
export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n').join(' ');
}
