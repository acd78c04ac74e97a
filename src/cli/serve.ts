/**
 * `robotstxt serve`: the tester page on a local server, with live fetching through the library's
 * fetcher.
 */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fetchRobotsTxt } from '../index.js';
import { type CliContext, CliError, EXIT, parseCommandArgs } from './shared.js';
import { startWebServer } from './web-server.js';

const serveHelp = `Usage: robotstxt serve [--port N] [--host ADDRESS]

Serves the robots.txt tester page: a draft in an editor, many URLs × many
crawlers, lint inline, the audit, and share links. Everything runs in the
browser; only "Load live file" asks this server to fetch a robots.txt.

Options:
      --port N          port to listen on (default 8787; 0 picks a free one)
      --host ADDRESS    address to bind (default 127.0.0.1)
  -h, --help            show this help

Examples:
  robotstxt serve
  robotstxt serve --port 9000
`;

const options = {
  port: { type: 'string' },
  host: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Where the built page is: next to the built CLI (`dist/web`). */
function pageRoot(): string {
  return fileURLToPath(new URL('../web/', import.meta.url));
}

/** Runs `robotstxt serve` until the process is stopped; resolves once listening. */
export async function runServe(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('serve', args, options);
  if (values.help) {
    context.stdout.write(serveHelp);
    return EXIT.ok;
  }
  if (positionals.length > 0)
    throw new CliError('serve takes no arguments (see "robotstxt serve --help")');
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliError(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
  }
  const root = pageRoot();
  if (!existsSync(`${root}index.html`)) {
    throw new CliError(
      `the page is not built (${root}index.html is missing): run "npm run build:web"`,
    );
  }
  const server = await startWebServer({
    root,
    port,
    host: values.host ?? '127.0.0.1',
    fetchRobotsTxt,
  });
  context.stderr.write(`robotstxt: serving the tester page at ${server.url} (Ctrl+C to stop)\n`);
  return new Promise<number>(() => {});
}
