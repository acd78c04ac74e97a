/**
 * What every command of the `robotstxt` CLI shares: streams, colour, exit codes, usage errors and
 * reading a robots.txt from a file, stdin or a URL.
 */

import { readFile } from 'node:fs/promises';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import {
  DEFAULT_TIMEOUT,
  type FetchRobotsTxtResult,
  fetchRobotsTxt,
  parseRobotsTxt,
  type RobotsPolicy,
} from '../index.js';

/** Exit codes, as the reference's `robots_main`: 0 allowed / clean, 1 disallowed / errors found. */
export const EXIT = { ok: 0, fail: 1, usage: 2 } as const;

/** The process streams and environment a command runs with. */
export interface CliContext {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stdin: NodeJS.ReadableStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly version: string;
}

/** A bad command line or unreadable input: printed as one line on stderr, exit code 2. */
export class CliError extends Error {
  override name = 'CliError' as const;
}

/** Colour only on a terminal, and never when `NO_COLOR` is set to a non-empty value. */
export function useColor(stream: { isTTY?: boolean }, env: CliContext['env']): boolean {
  const noColor = env['NO_COLOR'];
  return stream.isTTY === true && (noColor === undefined || noColor === '');
}

/** `parseArgs` with strict checking; unknown options become a {@link CliError}. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: readonly string[],
  options: T,
): ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
> {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${messageOf(error).split('\n')[0]} (see "robotstxt ${command} --help")`);
  }
}

/** Whether a source names a URL (fetched) rather than a file. */
export function isUrl(source: string): boolean {
  // Any `scheme://`, not only http(s): `ftp://…` must be fetched (or refused), never read as a
  // file. A one-letter scheme would be a Windows drive (`C://x`), so schemes have two or more.
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(source);
}

/** Reads a file (`-` for stdin), refusing binary files with a {@link CliError}. */
async function readLocalBody(source: string, context: CliContext): Promise<Uint8Array> {
  if (source !== '-') return readBodyFile(source);
  const chunks: Buffer[] = [];
  for await (const chunk of context.stdin) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return notBinary(Buffer.concat(chunks), 'stdin');
}

/** Reads a robots.txt file, refusing binary files; a {@link CliError} says what went wrong. */
export async function readBodyFile(path: string): Promise<Uint8Array> {
  let body: Uint8Array;
  try {
    body = await readFile(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : messageOf(error);
    throw new CliError(`cannot read ${path}: ${why}`);
  }
  return notBinary(body, path);
}

function notBinary(body: Uint8Array, name: string): Uint8Array {
  if (looksBinary(body)) {
    throw new CliError(`${name} looks like a binary file (it has NUL bytes), not a robots.txt`);
  }
  return body;
}

/** Git's heuristic: a NUL byte in the first 8000 bytes. */
function looksBinary(body: Uint8Array): boolean {
  return body.subarray(0, 8000).includes(0);
}

/** Fetch options shared by the commands that take URLs. */
export const fetchOptionsConfig = {
  timeout: { type: 'string' },
  'user-agent': { type: 'string' },
} as const;

/** The help lines of {@link fetchOptionsConfig}, as each command lists them. */
export const fetchOptionsHelp: string = `      --timeout MS     fetch timeout (default ${DEFAULT_TIMEOUT})
      --user-agent UA  User-Agent header sent when fetching`;

/** Fetches the robots.txt governing `url`; a URL without robots.txt is a {@link CliError}. */
export async function fetchFor(
  url: string,
  values: { timeout?: string | undefined; 'user-agent'?: string | undefined },
  context: CliContext,
): Promise<FetchRobotsTxtResult> {
  const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new CliError(
      `--timeout must be a positive number of milliseconds, got ${values.timeout}`,
    );
  }
  try {
    return await fetchRobotsTxt(url, {
      timeout,
      userAgent: values['user-agent'] ?? `robots-rep/${context.version} (robotstxt CLI)`,
    });
  } catch (error) {
    throw new CliError(messageOf(error));
  }
}

/** A robots.txt as the commands read it: fetched for a URL, or read from a file or stdin. */
export type LoadedSource =
  | { readonly kind: 'url'; readonly name: string; readonly fetched: FetchRobotsTxtResult }
  | { readonly kind: 'file'; readonly name: string; readonly body: Uint8Array };

/** Fetches a URL source, reads a file (`-` for stdin); named by robots.txt URL, path or `stdin`. */
export async function loadSource(
  source: string,
  values: Parameters<typeof fetchFor>[1],
  context: CliContext,
): Promise<LoadedSource> {
  if (isUrl(source)) {
    const fetched = await fetchFor(source, values, context);
    return { kind: 'url', name: fetched.url, fetched };
  }
  const body = await readLocalBody(source, context);
  return { kind: 'file', name: source === '-' ? 'stdin' : source, body };
}

/** The verdicts of a source: its rules, or the fetch outcome (4xx allow-all, 5xx disallow-all). */
export function policyOf(source: LoadedSource): RobotsPolicy {
  return source.kind === 'url' ? source.fetched.robots : parseRobotsTxt(source.body);
}

/** The body of a source, or undefined for a URL whose fetch gave none (not `ok`). */
export function bodyOf(source: LoadedSource): Uint8Array | undefined {
  if (source.kind === 'file') return source.body;
  return source.fetched.status === 'ok' ? source.fetched.body : undefined;
}

/** Where the rules came from, for text output: the name, and the fetch outcome for a URL. */
export function describeSource(source: LoadedSource): string {
  return source.kind === 'file'
    ? source.name
    : `${source.name}: ${describeOutcome(source.fetched)}`;
}

/** Where the rules came from, for `--json`: the name, and the fetch status for a URL. */
export function sourceJson(source: LoadedSource): Record<string, unknown> {
  if (source.kind === 'file') return { source: source.name };
  const { status, httpStatus } = source.fetched;
  return { source: source.name, status, ...(httpStatus === undefined ? {} : { httpStatus }) };
}

/** Writes text, waiting for the stream to drain when its buffer is full (constant memory). */
export function write(stream: NodeJS.WritableStream, text: string): Promise<void> | undefined {
  if (stream.write(text)) return undefined;
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `ok (HTTP 200)`, `unreachable (HTTP 503)`, `unreachable (fetch failed …)`. */
export function describeOutcome(result: FetchRobotsTxtResult): string {
  if (result.httpStatus !== undefined) return `${result.status} (HTTP ${result.httpStatus})`;
  return result.status === 'unreachable' ? `${result.status} (${result.error})` : result.status;
}
