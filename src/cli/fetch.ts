/**
 * `robotstxt fetch`: the fetch outcome of a URL's robots.txt (status, redirects, size, cache
 * lifetime) and its body.
 */

import type { FetchRobotsTxtResult } from '../index.js';
import { decodeBytes } from '../util/bytes.js';
import {
  type CliContext,
  CliError,
  describeOutcome,
  EXIT,
  fetchFor,
  fetchOptionsConfig,
  fetchOptionsHelp,
  parseCommandArgs,
} from './shared.js';

/** Help text of `robotstxt fetch`. */
export const fetchHelp: string = `Usage: robotstxt fetch [--json] URL

Fetches the robots.txt that governs URL (its origin's /robots.txt) as a crawler
does (RFC 9309 §2.3.1) and prints the outcome, then the body.

Options:
      --json           print JSON (the body as a UTF-8 string)
      --no-body        print the outcome only
${fetchOptionsHelp}
  -h, --help           show this help

Exit status: 0 fetched (2xx), 1 unavailable (4xx: all allowed) or unreachable
(5xx, network: all disallowed), 2 usage error.
`;

const options = {
  json: { type: 'boolean' },
  'no-body': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...fetchOptionsConfig,
} as const;

/** Runs `robotstxt fetch`; returns the exit code. */
export async function runFetch(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('fetch', args, options);
  if (values.help) {
    context.stdout.write(fetchHelp);
    return EXIT.ok;
  }
  if (positionals.length !== 1)
    throw new CliError('fetch takes exactly one URL (see "robotstxt fetch --help")');
  const result = await fetchFor(positionals[0]!, values, context);
  const body =
    result.status === 'ok' ? decodeBytes(result.body.subarray(0, result.bytesRead)) : undefined;
  if (values.json) {
    context.stdout.write(
      `${JSON.stringify(fetchSummary(result, values['no-body'] === true ? undefined : body), null, 2)}\n`,
    );
  } else {
    context.stdout.write(formatOutcome(result));
    if (body !== undefined && values['no-body'] !== true)
      context.stdout.write(`\n${body}${body.endsWith('\n') || body === '' ? '' : '\n'}`);
  }
  return result.status === 'ok' ? EXIT.ok : EXIT.fail;
}

function fetchSummary(
  result: FetchRobotsTxtResult,
  body: string | undefined,
): Record<string, unknown> {
  return {
    url: result.url,
    status: result.status,
    ...(result.httpStatus === undefined ? {} : { httpStatus: result.httpStatus }),
    finalUrl: result.finalUrl,
    redirects: result.redirects,
    bytesRead: result.bytesRead,
    truncated: result.truncated,
    ...(result.maxAge === undefined ? {} : { maxAge: result.maxAge }),
    ...(result.retryAfter === undefined ? {} : { retryAfter: result.retryAfter }),
    ...(result.status === 'unreachable' ? { error: result.error } : {}),
    elapsed: Math.round(result.elapsed),
    reason: result.reason,
    ...(body === undefined ? {} : { body }),
  };
}

function formatOutcome(result: FetchRobotsTxtResult): string {
  const rows: [string, string][] = [
    ['url', result.url],
    ['status', describeOutcome(result)],
  ];
  if (result.finalUrl !== result.url) rows.push(['final url', result.finalUrl]);
  rows.push(['redirects', result.redirects.length === 0 ? 'none' : result.redirects.join(' → ')]);
  rows.push([
    'size',
    `${result.bytesRead} bytes${result.truncated ? ' (truncated: the rest is ignored)' : ''}`,
  ]);
  rows.push([
    'cache',
    result.maxAge === undefined ? 'no lifetime given' : `max-age ${result.maxAge} s`,
  ]);
  if (result.retryAfter !== undefined) rows.push(['retry after', `${result.retryAfter} s`]);
  rows.push(['elapsed', `${Math.round(result.elapsed)} ms`]);
  rows.push(['meaning', result.reason]);
  return rows.map(([k, v]) => `${`${k}:`.padEnd(13)}${v}\n`).join('');
}
