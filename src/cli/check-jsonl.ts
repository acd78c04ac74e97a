/**
 * `robotstxt check --jsonl`: JSON lines in, one JSON result per line out, in constant memory.
 * Parsed files are reused through a small LRU keyed by the body (or the file name).
 */

import { createInterface } from 'node:readline';
import { parseRobotsTxt, type RobotsTxt } from '../index.js';
import { createLru, type Lru } from '../util/lru.js';
import { type CliContext, EXIT, messageOf, readBodyFile, write } from './shared.js';

/** Options of {@link runCheckJsonl}. */
export interface CheckJsonlOptions {
  /** Agents used when a request has no `useragent`. */
  readonly agents: readonly string[];
  /** File used when a request has neither `robotstxt` nor `robots_file`. */
  readonly robots?: string;
}

const CACHE_SIZE = 64;
const PROGRESS_EVERY = 10_000;

/** Parsed files by body or file name, least recently used dropped first. */
type ParsedCache = Lru<RobotsTxt>;

async function cached(
  cache: ParsedCache,
  key: string,
  load: () => Promise<RobotsTxt> | RobotsTxt,
): Promise<RobotsTxt> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = await load();
  cache.set(key, value);
  return value;
}

/** Reads requests from stdin and writes one result line per request; returns the exit code. */
export async function runCheckJsonl(
  context: CliContext,
  options: CheckJsonlOptions,
): Promise<number> {
  const cache: ParsedCache = createLru(CACHE_SIZE);
  const progress = context.stderr.isTTY === true;
  let count = 0;
  let disallowed = false;
  let invalid = false;
  const lines = createInterface({ input: context.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    count++;
    let output: Record<string, unknown>;
    try {
      const result = await checkOne(line, cache, options);
      if (!result.allowed) disallowed = true;
      output = result;
    } catch (error) {
      invalid = true;
      output = {
        error: `line ${count}: ${messageOf(error)}`,
      };
    }
    const pending = write(context.stdout, `${JSON.stringify(output)}\n`);
    if (pending !== undefined) await pending;
    if (progress && count % PROGRESS_EVERY === 0) context.stderr.write(`\r${count} lines checked`);
  }
  if (progress && count >= PROGRESS_EVERY) context.stderr.write(`\r${count} lines checked\n`);
  if (invalid) return EXIT.usage;
  return disallowed ? EXIT.fail : EXIT.ok;
}

async function checkOne(
  line: string,
  cache: ParsedCache,
  options: CheckJsonlOptions,
): Promise<{ allowed: boolean; line: number; id?: unknown }> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    throw new Error('not valid JSON');
  }
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    throw new Error('expected a JSON object');
  }
  const r = request as Record<string, unknown>;
  const url = r['url'];
  if (typeof url !== 'string') throw new Error('"url" must be a string');
  const agent = r['useragent'] ?? (options.agents.length > 0 ? options.agents : undefined);
  const isAgentQuery =
    typeof agent === 'string' ||
    (Array.isArray(agent) && agent.every((a) => typeof a === 'string'));
  if (!isAgentQuery) throw new Error('"useragent" must be a string or an array of strings');
  let robots: RobotsTxt;
  const body = r['robotstxt'];
  const file = r['robots_file'] ?? options.robots;
  if (typeof body === 'string') {
    robots = await cached(cache, `b:${body}`, () => parseRobotsTxt(body));
  } else if (typeof file === 'string') {
    // The same reading (and refusal of binary files) as `check --robots`.
    robots = await cached(cache, `f:${file}`, async () => parseRobotsTxt(await readBodyFile(file)));
  } else {
    throw new Error('needs "robotstxt" (the body) or "robots_file" (a path)');
  }
  // Not explain(): batch runs need the verdict and the line only, without building the reason.
  return {
    ...('id' in r ? { id: r['id'] } : {}),
    allowed: robots.isAllowed(url, agent),
    line: robots.matchingLine(url, agent),
  };
}
