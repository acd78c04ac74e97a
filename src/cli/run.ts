/**
 * The `robotstxt` command: dispatches to one file per command and turns errors into one line on
 * stderr with exit code 2.
 */

import { runAudit } from './audit.js';
import { runCheck } from './check.js';
import { runFetch } from './fetch.js';
import { runLint } from './lint.js';
import { runServe } from './serve.js';
import { type CliContext, CliError, EXIT, messageOf } from './shared.js';

/** Help text of `robotstxt`. */
export const mainHelp: string = `Usage: robotstxt <command> [options]

Commands:
  check   verdicts for URLs, with the deciding line      (robotstxt check --help)
  lint    diagnostics for a robots.txt (text, json, sarif)
  fetch   fetch a robots.txt as a crawler does, show the outcome and body
  audit   which well-known crawlers may fetch which paths
  serve   the tester page on a local server

Options:
  -h, --help     show help (also after a command)
  -v, --version  show the version

Every command takes --json. Exit status: 0 ok, 1 disallowed / errors found, 2 usage error.
`;

const COMMANDS: Readonly<
  Record<string, (args: readonly string[], context: CliContext) => Promise<number>>
> = {
  check: runCheck,
  lint: runLint,
  fetch: runFetch,
  audit: runAudit,
  serve: runServe,
};

/** Runs the command line `args` (without node and script); resolves to the exit code. */
export async function runCli(args: readonly string[], context: CliContext): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    context.stdout.write(mainHelp);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === '-v' || command === '--version') {
    context.stdout.write(`${context.version}\n`);
    return EXIT.ok;
  }
  // Own properties only: `robotstxt constructor` must not reach Object.prototype.
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  try {
    if (run === undefined)
      throw new CliError(`unknown command "${command}" (see "robotstxt --help")`);
    return await run(rest, context);
  } catch (error) {
    context.stderr.write(`robotstxt: ${messageOf(error).split('\n')[0]}\n`);
    if (!(error instanceof CliError) && context.env['ROBOTSTXT_DEBUG'] && error instanceof Error) {
      context.stderr.write(`${error.stack}\n`);
    }
    return EXIT.usage;
  }
}
