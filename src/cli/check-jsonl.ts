/**
 * `robotstxt check --jsonl`: JSON request lines in, one JSON result line out per request, in
 * constant memory. Lines are read with a length cap, decoded as strict UTF-8, and answered in
 * order; a bad line gets an error result on its own line (with its `id` and its input line number,
 * blank lines counted) and the run goes on. Parsed files are reused through a cache bounded in
 * bytes.
 */

import { combineUsage, parseContentUsageHeader, usage } from 'robots-rep/ai-preferences';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT, parseRobotsTxt, type RobotsTxt } from '../index.js';
import { type CliContext, EXIT, messageOf, write } from './context.js';
import { allowedFile, readFileBounded } from './input.js';
import { createProgress } from './progress.js';
import { usageJson } from './usage.js';

/** Options of {@link runCheckJsonl}. */
export interface CheckJsonlOptions {
  /** Agents used when a request has no `useragent`. */
  readonly agents: readonly string[];
  /** File used when a request has neither a body nor `robots_file`. */
  readonly robots?: string;
  /** The folder `robots_file` paths must lie under (default: the working directory). */
  readonly filesFrom?: string;
  /** The longest request line read; longer lines get an error result. @default 8 MiB */
  readonly maxLineBytes?: number;
  /** Show progress on a terminal. */
  readonly progress: boolean;
  /**
   * Add each URL's AI usage preferences (`usage`); a request's `content_usage` (a header value or
   * an array of field lines) is combined in, and asks for them on its own.
   */
  readonly usage?: boolean;
}

/** A request line's longest accepted length: a 500 KiB body, JSON-escaped, with room to spare. */
export const DEFAULT_MAX_LINE_BYTES: number = 8 * 1024 * 1024;
/** Bytes of request bodies the parsed-file cache keeps (keys are the bodies). */
const CACHE_BYTES = 32 * 1024 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A least-recently-used cache of parsed files, bounded by the total length of its keys (bodies). */
function createParsedCache(budget: number): {
  get(key: string): RobotsTxt | undefined;
  set(key: string, robots: RobotsTxt): void;
} {
  const entries = new Map<string, RobotsTxt>();
  let bytes = 0;
  return {
    get(key) {
      const robots = entries.get(key);
      if (robots !== undefined) {
        entries.delete(key);
        entries.set(key, robots);
      }
      return robots;
    },
    set(key, robots) {
      if (key.length > budget || entries.has(key)) return;
      entries.set(key, robots);
      bytes += key.length;
      for (const old of entries.keys()) {
        if (bytes <= budget) break;
        entries.delete(old);
        bytes -= old.length;
      }
    },
  };
}

/** Request lines of a byte stream: strict UTF-8, at most `max` bytes each, line numbers kept. */
async function* requestLines(
  input: NodeJS.ReadableStream,
  max: number,
): AsyncGenerator<{ line: number; text?: string; error?: string }> {
  let parts: Buffer[] = [];
  let size = 0;
  let overflow = false;
  let line = 0;
  const finish = (): { line: number; text?: string; error?: string } => {
    line++;
    const result = overflow
      ? { line, error: `line longer than ${max} bytes (--max-line-bytes)` }
      : (() => {
          let bytes = Buffer.concat(parts);
          if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, -1);
          try {
            return { line, text: strictUtf8.decode(bytes) };
          } catch {
            return {
              line,
              error: 'not valid UTF-8 (send bodies that are not UTF-8 as robotstxt_hex)',
            };
          }
        })();
    parts = [];
    size = 0;
    overflow = false;
    return result;
  };
  for await (const chunk of input) {
    let buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    for (;;) {
      const newline = buffer.indexOf(0x0a);
      const piece = newline < 0 ? buffer : buffer.subarray(0, newline);
      if (!overflow) {
        if (size + piece.length > max) {
          overflow = true;
          parts = [];
        } else {
          parts.push(Buffer.from(piece));
          size += piece.length;
        }
      }
      if (newline < 0) break;
      yield finish();
      buffer = buffer.subarray(newline + 1);
    }
  }
  if (size > 0 || overflow) yield finish();
}

/** Reads requests from stdin and writes one result line per request; returns the exit code. */
export async function runCheckJsonl(
  context: CliContext,
  options: CheckJsonlOptions,
): Promise<number> {
  const cache = createParsedCache(CACHE_BYTES);
  const progress = createProgress(context.stderr, {
    enabled: options.progress,
    label: 'requests',
    ...(context.now ? { now: context.now } : {}),
  });
  const filesFrom = options.filesFrom ?? context.cwd ?? process.cwd();
  let closed = false;
  const onError = (error: NodeJS.ErrnoException): void => {
    // A closed pipe (`| head`) ends the run; the status still reflects what was written.
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') closed = true;
  };
  context.stdout.on('error', onError);
  let count = 0;
  let disallowed = false;
  let invalid = false;
  try {
    for await (const request of requestLines(
      context.stdin,
      options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
    )) {
      if (closed || (context.stdout as { destroyed?: boolean }).destroyed === true) break;
      if (request.text !== undefined && request.text.trim() === '') continue;
      count++;
      let output: Record<string, unknown>;
      let id: unknown;
      try {
        if (request.error !== undefined) throw new Error(request.error);
        const parsed = parseRequest(request.text!);
        id = parsed['id'];
        const result = await checkOne(parsed, cache, options, filesFrom);
        output = { ...('id' in parsed ? { id } : {}), ...result };
      } catch (error) {
        output = {
          ...(id === undefined ? {} : { id }),
          line: request.line,
          error: messageOf(error),
        };
      }
      const pending = write(context.stdout, `${JSON.stringify(output)}\n`);
      if ('error' in output) invalid = true;
      else if (output['allowed'] === false) disallowed = true;
      if (pending !== undefined) await pending;
      if (closed || (context.stdout as { destroyed?: boolean }).destroyed === true) break;
      progress.update(count);
    }
  } finally {
    progress.end();
    context.stdout.removeListener('error', onError);
  }
  if (invalid) return EXIT.usage;
  return disallowed ? EXIT.fail : EXIT.ok;
}

function parseRequest(text: string): Record<string, unknown> {
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    throw new Error('not valid JSON');
  }
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    throw new Error('expected a JSON object');
  }
  return request as Record<string, unknown>;
}

function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex))
    throw new Error('"robotstxt_hex" must be pairs of hex digits');
  if (hex.length / 2 > DEFAULT_MAX_BYTES * 2)
    throw new Error('"robotstxt_hex" is longer than twice the 500 KiB limit');
  return Uint8Array.from({ length: hex.length / 2 }, (_, i) =>
    Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16),
  );
}

/** The parsed file under `key`, parsing (and keeping) it on a miss. */
async function cached(
  cache: ReturnType<typeof createParsedCache>,
  key: string,
  parse: () => Promise<RobotsTxt>,
): Promise<RobotsTxt> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const robots = await parse();
  cache.set(key, robots);
  return robots;
}

async function checkOne(
  r: Record<string, unknown>,
  cache: ReturnType<typeof createParsedCache>,
  options: CheckJsonlOptions,
  filesFrom: string,
): Promise<{ allowed: boolean; line: number; usage?: Record<string, unknown> }> {
  const url = r['url'];
  if (typeof url !== 'string') throw new Error('"url" must be a string');
  const agent = r['useragent'] ?? (options.agents.length > 0 ? options.agents : undefined);
  const isAgentQuery =
    typeof agent === 'string' ||
    (Array.isArray(agent) && agent.every((a) => typeof a === 'string'));
  if (!isAgentQuery) throw new Error('"useragent" must be a string or an array of strings');
  const body = r['robotstxt'];
  const hex = r['robotstxt_hex'];
  const requested = r['robots_file'];
  let robots: RobotsTxt;
  if (typeof body === 'string') {
    robots = await cached(cache, `b:${body}`, async () => parseRobotsTxt(body));
  } else if (typeof hex === 'string') {
    robots = await cached(cache, `x:${hex}`, async () => parseRobotsTxt(hexToBytes(hex)));
  } else if (requested !== undefined || options.robots !== undefined) {
    if (requested !== undefined && typeof requested !== 'string')
      throw new Error('"robots_file" must be a string');
    // A file named by a request must lie under --files-from; --robots is the operator's own.
    const file = requested ?? options.robots!;
    const path = requested === undefined ? file : await allowedFile(requested, filesFrom);
    robots = await cached(cache, `f:${path}`, async () => {
      const read = await readFileBounded(path, {
        maxBytes: DEFAULT_MAX_BYTES,
        timeout: DEFAULT_TIMEOUT,
      });
      if (read.bytes.subarray(0, 8000).includes(0))
        throw new Error(`${file} looks like a binary file, not a robots.txt`);
      return parseRobotsTxt(read.bytes);
    });
  } else {
    throw new Error(
      'needs "robotstxt" (the body), "robotstxt_hex" (its bytes) or "robots_file" (a path)',
    );
  }
  // Not explain(): batch runs need the verdict and the line only, without building the reason.
  const verdict = { allowed: robots.isAllowed(url, agent), line: robots.matchingLine(url, agent) };
  const header = r['content_usage'];
  if (options.usage !== true && header === undefined) return verdict;
  const isHeader =
    typeof header === 'string' ||
    (Array.isArray(header) && header.every((h) => typeof h === 'string'));
  if (header !== undefined && !isHeader)
    throw new Error('"content_usage" must be a string or an array of strings');
  const result = combineUsage(
    usage(robots, url, agent),
    ...(header === undefined ? [] : [parseContentUsageHeader(header as string | string[])]),
  );
  return { ...verdict, usage: usageJson(result) };
}
