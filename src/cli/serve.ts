/** `robotstxt serve`: the tester page on a local server, with live fetching. */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { terminalSafe } from '../util/terminal.js';
import { fetchForPage, fetchWithPrivateHosts } from './access.js';
import { type CliContext, CliError } from './context.js';
import { addFetchOptions, type CommonFlags } from './options.js';
import { startWebServer } from './web-server.js';

interface ServeFlags extends CommonFlags {
  readonly port: string;
  readonly host: string;
  readonly allowPrivateHosts?: boolean;
}

/** Where the built page is: next to the built CLI (`dist/web`). */
function pageRoot(): string {
  return fileURLToPath(new URL('../web/', import.meta.url));
}

/** Adds `serve` to the program; the command runs until the process is stopped. */
export function registerServe(program: Command, context: CliContext): void {
  const command = program
    .command('serve')
    .summary('the tester page on a local server')
    .description(
      'Serves the robots.txt tester page: a draft in an editor, many URLs × many\ncrawlers, lint inline, the audit and share links. Everything runs in the browser;\nonly "Load live file" asks this server to fetch a robots.txt.',
    )
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8787')
    .option(
      '--host <address>',
      'address to bind (answers only requests for it or localhost)',
      '127.0.0.1',
    )
    .option(
      '--allow-private-hosts',
      '"Load live file" may fetch loopback, private and link-local addresses too (a staging host); off by default, and the page says when it is on',
    );
  addFetchOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt serve
  robotstxt serve --port 9000
  robotstxt serve --allow-private-hosts      # to test http://staging.internal/`,
  );
  command.action(async (flags: ServeFlags) => {
    const port = Number(flags.port);
    if (!/^\d+$/.test(flags.port) || port > 65535) {
      throw new CliError(
        `--port must be a whole number from 0 to 65535, got "${terminalSafe(flags.port)}"`,
      );
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
      host: flags.host,
      fetchRobotsTxt: flags.allowPrivateHosts === true ? fetchWithPrivateHosts : fetchForPage,
      privateHosts: flags.allowPrivateHosts === true,
      fetchOptions: {
        ...(flags.timeout === undefined ? {} : { timeout: flags.timeout }),
        userAgent: flags.userAgent ?? `robots-rep/${context.version} (robotstxt serve)`,
      },
    });
    context.stderr.write(`robotstxt: serving the tester page at ${server.url} (Ctrl+C to stop)\n`);
    if (flags.allowPrivateHosts === true) {
      context.stderr.write(
        'robotstxt: warning: --allow-private-hosts: the page may fetch loopback and private addresses\n',
      );
    }
    await new Promise<never>(() => {});
  });
}
