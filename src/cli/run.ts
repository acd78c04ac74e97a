/**
 * The `robotstxt` command: a commander program with one file per command. Every error is one line
 * on stderr (`robotstxt: …`, with a suggestion for a mistyped command or option) and exit code 2.
 */

import { Command, CommanderError } from 'commander';
import { terminalSafe } from '../util/terminal.js';
import { registerAudit } from './audit.js';
import { registerCheck } from './check.js';
import { registerCompletion } from './completion.js';
import { type CliContext, CliError, EXIT, messageOf } from './context.js';
import { registerDiff } from './diff.js';
import { registerFetch } from './fetch.js';
import { registerLint } from './lint.js';
import { registerReport } from './report.js';
import { registerServe } from './serve.js';
import { registerSitemaps } from './sitemaps.js';
import { registerTest } from './test.js';

export type { CliContext } from './context.js';

/** Builds the program; `done` receives the exit code of the command that ran. */
export function createProgram(context: CliContext, done: (code: number) => void): Command {
  const program = new Command('robotstxt')
    .description(
      "robots.txt (RFC 9309) as Google's reference parser reads it: check URLs, lint,\nfetch, audit crawlers, and a tester page.",
    )
    .version(context.version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help (also: robotstxt help COMMAND)')
    .showSuggestionAfterError(true)
    // Descriptions are paragraphs: commander wraps them to the terminal, so a single newline in
    // the source text is a space (else a wrapped line leaves one word on a line of its own).
    .configureHelp({ commandDescription: (cmd) => reflow(cmd.description()) })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
      // Errors are printed by runCli, on one line.
      outputError: () => {},
    })
    .addHelpText(
      'after',
      `
Examples:
  robotstxt check -a Googlebot -r robots.txt /private/x
  robotstxt lint https://example.com/
  robotstxt help check

Every command takes --json (or --format). Exit status: 0 ok, 1 disallowed /
errors found, 2 usage error.`,
    );
  registerCheck(program, context, done);
  registerLint(program, context, done);
  registerFetch(program, context, done);
  registerAudit(program, context, done);
  registerReport(program, context, done);
  registerDiff(program, context, done);
  registerTest(program, context, done);
  registerSitemaps(program, context, done);
  registerServe(program, context);
  registerCompletion(program, context, done);
  return program;
}

/** Joins the lines of each paragraph (paragraphs are separated by a blank line). */
function reflow(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' '))
    .join('\n\n');
}

/** A commander error as one line: `unknown option '--agnet' (did you mean --agent?)`. */
function commanderMessage(error: CommanderError, args: readonly string[]): string {
  const text = error.message
    .replace(/^error: /, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ')
    .replace('(Did you mean', '(did you mean')
    .replace(/ is invalid\. /, ' is invalid: ');
  const command = args.find((a) => !a.startsWith('-'));
  const known = command !== undefined && error.code !== 'commander.unknownCommand';
  const help = known ? `robotstxt ${command} --help` : 'robotstxt --help';
  return `${text} (see "${help}")`;
}

/** Runs the command line `args` (without node and script); resolves to the exit code. */
export async function runCli(args: readonly string[], context: CliContext): Promise<number> {
  let code: number = EXIT.ok;
  const program = createProgram(context, (exit) => {
    code = exit;
  });
  if (args.length === 0) {
    context.stdout.write(program.helpInformation());
    return EXIT.usage;
  }
  try {
    await program.parseAsync([...args], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version')
        return EXIT.ok;
      // `robotstxt help COMMAND` exits 0; commander says so in the error.
      if (error.code === 'commander.help') return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      context.stderr.write(`robotstxt: ${terminalSafe(commanderMessage(error, args))}\n`);
      return EXIT.usage;
    }
    context.stderr.write(`robotstxt: ${terminalSafe(messageOf(error))}\n`);
    if (!(error instanceof CliError) && context.env['ROBOTSTXT_DEBUG'] && error instanceof Error) {
      context.stderr.write(`${error.stack}\n`);
    }
    return EXIT.usage;
  }
}
