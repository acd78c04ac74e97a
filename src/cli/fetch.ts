/** `robotstxt fetch`: the fetch outcome of a URL's robots.txt, and its body. */

import type { Command } from 'commander';
import type { FetchRobotsTxtResult } from '../index.js';
import { decodeBytes } from '../util/bytes.js';
import { terminalSafe, terminalSafeLines } from '../util/terminal.js';
import { type CliContext, CliError, EXIT } from './context.js';
import { addFetchOptions, addOutputOptions, type CommonFlags, fetchFlags } from './options.js';
import { describeStatus, fetchFor, htmlWarning, isHtml, outcomeLine } from './sources.js';
import { urlArgument } from './urls.js';

interface FetchFlagsOfCommand extends CommonFlags {
  readonly json?: boolean;
  readonly body: boolean;
}

/** Adds `fetch` to the program. */
export function registerFetch(
  program: Command,
  context: CliContext,
  done: (code: number) => void,
): void {
  const command = program
    .command('fetch')
    .summary('fetch a robots.txt as a crawler does; show the outcome and body')
    .description(
      "Fetches the robots.txt that governs URL (its origin's /robots.txt) as a crawler\ndoes (RFC 9309 §2.3.1) and prints the outcome, then the body (control characters\nshown as escapes). ftp:// is fetched with an anonymous login. The host you type\nmay be private (localhost, an intranet host); a redirect from it to another host\nin private address space is refused (unreachable).",
    )
    .argument('<url>', 'any URL of the site (http, https or ftp)')
    .option('--json', 'print JSON (the body as a UTF-8 string)')
    .option('--no-body', 'print the outcome only');
  addFetchOptions(command);
  addOutputOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt fetch https://example.com/
  robotstxt fetch --no-body https://example.com/some/page
  robotstxt fetch --json https://example.com/ | jq .status

Exit status: 0 fetched (2xx), 1 unavailable (4xx: all allowed) or unreachable
(5xx, network: all disallowed), 2 usage error.`,
  );
  command.action(async (url: string, flags: FetchFlagsOfCommand) => {
    if (url.startsWith('/'))
      throw new CliError(
        `"${terminalSafe(url)}" is a path: fetch needs an absolute http(s) or ftp URL`,
      );
    urlArgument(url);
    const result = await fetchFor(url, fetchFlags(flags), context);
    const body =
      result.status === 'ok' ? decodeBytes(result.body.subarray(0, result.bytesRead)) : undefined;
    if (flags.json) {
      context.stdout.write(
        `${JSON.stringify(fetchSummary(result, flags.body ? body : undefined), null, 2)}\n`,
      );
    } else {
      context.stdout.write(formatOutcome(result));
      const warning = htmlWarning(result);
      if (warning !== undefined) context.stderr.write(`robotstxt: ${warning}\n`);
      if (body !== undefined && flags.body) {
        const shown = terminalSafeLines(body);
        context.stdout.write(`\n${shown}${shown.endsWith('\n') || shown === '' ? '' : '\n'}`);
      }
    }
    done(result.status === 'ok' ? EXIT.ok : EXIT.fail);
  });
}

function fetchSummary(
  result: FetchRobotsTxtResult,
  body: string | undefined,
): Record<string, unknown> {
  return {
    url: result.url,
    status: result.status,
    ...(result.httpStatus === undefined ? {} : { httpStatus: result.httpStatus }),
    ...(result.ftpReply === undefined ? {} : { ftpReply: result.ftpReply }),
    ...(result.contentType === undefined ? {} : { contentType: result.contentType }),
    finalUrl: result.finalUrl,
    redirects: result.redirects,
    bytesRead: result.bytesRead,
    truncated: result.truncated,
    ...(isHtml(result) ? { html: true } : {}),
    ...(result.maxAge === undefined ? {} : { maxAge: result.maxAge }),
    ...(result.retryAfter === undefined ? {} : { retryAfter: result.retryAfter }),
    ...(result.status === 'unreachable' ? { error: result.error } : {}),
    ...(result.status === 'unreachable' && result.refused !== undefined
      ? { refused: result.refused }
      : {}),
    elapsed: Math.round(result.elapsed),
    reason: result.reason,
    ...(body === undefined ? {} : { body }),
  };
}

function formatOutcome(result: FetchRobotsTxtResult): string {
  const rows: [string, string][] = [
    ['url', result.url],
    ['status', describeStatus(result)],
  ];
  if (result.contentType !== undefined) rows.push(['type', result.contentType]);
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
  rows.push(['outcome', outcomeLine(result)]);
  return rows.map(([k, v]) => `${`${k}:`.padEnd(13)}${terminalSafe(v)}\n`).join('');
}
