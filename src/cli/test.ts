/** `robotstxt test`: an expectations file as a unit test for a robots.txt. */

import path from 'node:path';
import type { Command } from 'commander';
import {
  formatTestText,
  parseExpectations,
  testResultToSarif,
  testRobotsTxt,
  toJUnit,
} from '../index.js';
import { terminalSafe } from '../util/terminal.js';
import { type CliContext, CliError, EXIT } from './context.js';
import { readFileBounded, readStreamBounded } from './input.js';
import { addFetchOptions, type CommonFlags, fetchFlags } from './options.js';
import { describeSource, loadSource, verdictsOf } from './sources.js';
import { isUrl } from './urls.js';

interface TestFlags extends CommonFlags {
  readonly robots: string;
  readonly format: string;
  readonly json?: boolean;
}

const MAX_EXPECTATIONS = 8 * 1024 * 1024;

/** Adds `test` to the program. */
export function registerTest(
  program: Command,
  context: CliContext,
  done: (code: number) => void,
): void {
  const command = program
    .command('test')
    .summary('check a robots.txt against an expectations file (JUnit, SARIF)')
    .description(
      'Checks a robots.txt against an expectations file: one "allow AGENT /path" or\n"disallow AGENT /path" per line (a URL works too; # starts a comment; * is any crawler\nno group names). A unit test for robots.txt, to run before deploying: each failure shows\nthe line that decided.',
    )
    .argument('<expectations>', 'the expectations file, or - for stdin')
    .option('-r, --robots <source>', 'the robots.txt: a file, a URL, or - for stdin', 'robots.txt')
    .option('-f, --format <format>', 'text, json, junit or sarif', 'text')
    .option('--json', 'same as --format json');
  addFetchOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt test robots.expect --robots public/robots.txt
  robotstxt test robots.expect --robots https://example.com/ --format junit > junit.xml
  robotstxt test robots.expect --format sarif > robots-test.sarif

Exit status: 0 every expectation holds, 1 one fails (or a line cannot be read), 2 usage
error or unreadable input.`,
  );
  command.action(async (file: string, flags: TestFlags) => {
    const format = flags.json ? 'json' : flags.format;
    if (!['text', 'json', 'junit', 'sarif'].includes(format)) {
      throw new CliError(
        `--format must be text, json, junit or sarif, got "${terminalSafe(String(format))}"`,
      );
    }
    if (file === '-' && flags.robots === '-') {
      throw new CliError('only one of EXPECTATIONS and --robots can be -');
    }
    if (isUrl(file)) throw new CliError('the expectations are read from a file, not a URL');
    const limits = { maxBytes: MAX_EXPECTATIONS, timeout: flags.timeout ?? 10_000 };
    const read =
      file === '-'
        ? await readStreamBounded(context.stdin, 'stdin', limits)
        : await readFileBounded(path.resolve(context.cwd ?? '.', file), limits, file);
    if (read.truncated) throw new CliError(`${file} is longer than ${MAX_EXPECTATIONS} bytes`);
    const parsed = parseExpectations(new TextDecoder().decode(read.bytes));
    if (parsed.expectations.length === 0 && parsed.errors.length === 0) {
      throw new CliError(`${file} has no expectation: write lines like "allow Googlebot /"`);
    }
    const source = await loadSource(flags.robots, fetchFlags(flags), context);
    const result = testRobotsTxt(verdictsOf(source), parsed.expectations);
    const full = {
      ...result,
      errors: parsed.errors,
      failed: result.failed + parsed.errors.length,
    };
    const names = { expectations: file === '-' ? 'stdin' : file, robots: source.name };
    if (format === 'json') {
      context.stdout.write(`${JSON.stringify({ ...names, ...full }, null, 2)}\n`);
    } else if (format === 'junit') {
      context.stdout.write(toJUnit(full, names));
    } else if (format === 'sarif') {
      const log = testResultToSarif(full, { ...names, toolVersion: context.version });
      context.stdout.write(`${JSON.stringify(log, null, 2)}\n`);
    } else {
      context.stdout.write(`# ${describeSource(source)}\n${formatTestText(full, names)}`);
    }
    done(full.failed > 0 ? EXIT.fail : EXIT.ok);
  });
}
