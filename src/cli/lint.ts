/** `robotstxt lint`: what Google's parser reads differently from how a person reads the file. */

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { readStatement } from 'robots-rep/ai-preferences';
import {
  type DiagnosticCode,
  diagnosticCatalog,
  formatDiffText,
  formatLintText,
  type LintOptions,
  type LintResult,
  lintRobotsTxt,
  type Severity,
  toSarif,
} from '../index.js';
import { paint } from '../util/ansi.js';
import { terminalSafe } from '../util/terminal.js';
import { type CliContext, CliError, EXIT, messageOf, useColor } from './context.js';
import { fixBody, formatLineDiff } from './lint-fix.js';
import {
  addFetchOptions,
  addOutputOptions,
  type CommonFlags,
  fetchFlags,
  parsePositiveInteger,
} from './options.js';
import { createProgress } from './progress.js';
import { bodyOf, describeSource, htmlWarning, type LoadedSource, loadSource } from './sources.js';

interface LintFlags extends CommonFlags {
  readonly format: 'text' | 'json' | 'sarif';
  readonly json?: boolean;
  readonly readings?: boolean;
  readonly ignore?: readonly DiagnosticCode[];
  readonly minSeverity?: Severity;
  readonly maxPerCode?: number;
  readonly fix?: boolean;
  readonly fixDryRun?: boolean;
}

// Lint reads a file whole (up to this), as lintRobotsTxt does, so that it reports what lies past
// the 500 KiB crawlers read (`content-past-limit`) and `--fix` writes the whole file back.
const LINT_MAX_BYTES = 64 * 1024 * 1024;

/** `--ignore a,b --ignore c`: diagnostic codes, each checked. */
function collectCodes(
  value: string,
  previous: readonly DiagnosticCode[] | undefined,
): DiagnosticCode[] {
  const codes = value
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  for (const code of codes) {
    if (!Object.hasOwn(diagnosticCatalog, code)) {
      throw new InvalidArgumentError(
        `"${terminalSafe(code)}" is not a diagnostic code (see docs/lint-codes.md)`,
      );
    }
  }
  return [...(previous ?? []), ...(codes as DiagnosticCode[])];
}

/** Adds `lint` to the program. */
export function registerLint(
  program: Command,
  context: CliContext,
  done: (code: number) => void,
): void {
  const command = program
    .command('lint')
    .summary('diagnostics for a robots.txt (text, json, sarif)')
    .description(
      "Reports what Google's parser reads differently from how a person reads the file:\nunsupported directives, typos, missing colons, rules outside groups, patterns that\nnever match, shadowed rules, truncated user-agent tokens, size limits, encoding.\nA URL's origin's /robots.txt is fetched.",
    )
    .argument('<source...>', 'files, URLs, or - for stdin')
    .option('-f, --format <format>', 'text, json or sarif (SARIF 2.1.0, for CI)', 'text')
    .option('--json', 'same as --format json')
    .option(
      '--readings',
      "also report rules read differently by the 1996 draft or Python's robotparser",
    )
    .option('--ignore <codes>', 'codes not to report, comma-separated (repeatable)', collectCodes)
    .addOption(
      new Option('--min-severity <severity>', 'the least severity reported').choices([
        'error',
        'warning',
        'info',
      ]),
    )
    .option(
      '--max-per-code <n>',
      'at most n diagnostics of one code per file; the rest are counted',
      parsePositiveInteger,
    )
    .option('--fix', "write the file with lint's verified fixes applied, then report what is left")
    .option('--fix-dry-run', 'print the lines the fixes change and the verdicts they change');
  addFetchOptions(command);
  addOutputOptions(command, true);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt lint public/robots.txt
  robotstxt lint https://example.com/
  robotstxt lint --format sarif public/robots.txt > robots.sarif
  robotstxt lint --min-severity warning --ignore unsupported-directive robots.txt
  robotstxt lint --fix-dry-run public/robots.txt
  robotstxt lint --fix public/robots.txt

In the file, "# robotstxt-disable-next-line CODE, CODE" turns codes off for the next
line ("robotstxt-disable-line" for its own line; without codes, every code).

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage error or an
unreadable input (the other files are still linted).`,
  );
  command.action(async (sources: string[], flags: LintFlags) =>
    done(await runLint(sources, flags, context)),
  );
}

async function runLint(
  sources: readonly string[],
  flags: LintFlags,
  context: CliContext,
): Promise<number> {
  const format = flags.json ? 'json' : flags.format;
  if (format !== 'text' && format !== 'json' && format !== 'sarif') {
    throw new CliError(
      `--format must be text, json or sarif, got "${terminalSafe(String(format))}"`,
    );
  }
  const color = useColor(context.stdout, context.env, flags.color);
  const progress = createProgress(context.stderr, {
    enabled: flags.progress !== false && sources.length > 1,
    label: 'files',
    total: sources.length,
    ...(context.now ? { now: context.now } : {}),
  });
  const lintOptions: LintOptions = {
    readings: flags.readings === true,
    // Content-Usage statements are RFC 9651 dictionaries: the subpath's reader checks them.
    readStatement,
    ...(flags.ignore === undefined ? {} : { ignore: flags.ignore }),
    ...(flags.minSeverity === undefined ? {} : { minSeverity: flags.minSeverity }),
    ...(flags.maxPerCode === undefined ? {} : { maxPerCode: flags.maxPerCode }),
  };
  if (flags.fix && flags.fixDryRun) throw new CliError('use --fix or --fix-dry-run, not both');
  if (flags.fixDryRun && format !== 'text') throw new CliError('--fix-dry-run prints text');
  const files: { source: string; result: LintResult }[] = [];
  let unreadable = 0;
  for (const [index, name] of sources.entries()) {
    try {
      const source = await loadSource(name, fetchFlags(flags), context, 'refuse', LINT_MAX_BYTES);
      let body = bodyOf(source);
      if (body === undefined) throw new CliError(`${describeSource(source)}; nothing to lint`);
      if (flags.fix || flags.fixDryRun) {
        body = await fixSource(source, body, lintOptions, flags.fix === true, context);
        if (flags.fixDryRun) {
          progress.update(index + 1);
          continue;
        }
      }
      if (source.kind === 'url' && format === 'text') {
        context.stdout.write(paint(color, 'dim', `# ${describeSource(source)}\n`));
        const warning = htmlWarning(source.fetched);
        if (warning !== undefined) context.stderr.write(`robotstxt: ${warning}\n`);
      }
      files.push({
        source: source.name,
        result: lintRobotsTxt(body, lintOptions),
      });
    } catch (error) {
      // One unreadable input does not stop the others.
      unreadable++;
      context.stderr.write(`robotstxt: ${terminalSafe(messageOf(error))}\n`);
    }
    progress.update(index + 1);
  }
  progress.end();
  if (flags.fixDryRun) return unreadable > 0 ? EXIT.usage : EXIT.ok;

  if (format === 'sarif') {
    const log = toSarif(
      files.map((f) => ({ uri: f.source, result: f.result })),
      { toolVersion: context.version },
    );
    context.stdout.write(`${JSON.stringify(log, null, 2)}\n`);
  } else if (format === 'json') {
    const sum = (key: 'errorCount' | 'warningCount' | 'infoCount'): number =>
      files.reduce((n, f) => n + f.result[key], 0);
    const json = {
      files: files.map((f) => ({
        source: f.source,
        errorCount: f.result.errorCount,
        warningCount: f.result.warningCount,
        infoCount: f.result.infoCount,
        diagnostics: f.result.diagnostics,
        omitted: f.result.omitted,
        omittedBySeverity: f.result.omittedBySeverity,
        fixesNotVerified: f.result.fixesNotVerified,
      })),
      errorCount: sum('errorCount'),
      warningCount: sum('warningCount'),
      infoCount: sum('infoCount'),
    };
    context.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    for (const f of files)
      context.stdout.write(formatLintText(f.result, { source: f.source, color }));
    if (sources.length > 1) {
      const errors = files.reduce((n, f) => n + f.result.errorCount, 0);
      const warnings = files.reduce((n, f) => n + f.result.warningCount, 0);
      const clean = files.filter((f) => f.result.diagnostics.length === 0).length;
      context.stdout.write(
        `\n${files.length} of ${sources.length} files linted${unreadable > 0 ? ` (${unreadable} unreadable)` : ''}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}; ${clean} without problems.\n`,
      );
    }
  }
  if (unreadable > 0) return EXIT.usage;
  return files.some((f) => f.result.errorCount > 0) ? EXIT.fail : EXIT.ok;
}

/**
 * Applies the verified fixes of one source: writes the file (`--fix`) or prints the changed lines
 * and verdicts (`--fix-dry-run`); returns the body to report on.
 */
async function fixSource(
  source: LoadedSource,
  body: Uint8Array,
  options: LintOptions,
  write: boolean,
  context: CliContext,
): Promise<Uint8Array> {
  if (write && source.kind !== 'file')
    throw new CliError(`--fix writes files; ${source.name} is not one`);
  if (write && source.name === 'stdin') throw new CliError('--fix writes files; stdin is not one');
  if (source.kind === 'file' && source.truncated) {
    throw new CliError(`${source.name} is longer than ${LINT_MAX_BYTES} bytes: not fixed`);
  }
  const outcome = fixBody(body, options);
  const count = `${outcome.applied.length} fix${outcome.applied.length === 1 ? '' : 'es'}`;
  if (write) {
    if (outcome.applied.length > 0) {
      await writeFile(path.resolve(context.cwd ?? '.', source.name), outcome.body);
    }
    context.stderr.write(`robotstxt: ${terminalSafe(source.name)}: ${count} applied\n`);
    return outcome.body;
  }
  const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
  context.stdout.write(
    outcome.applied.length === 0
      ? `${terminalSafe(source.name)}: no fix to apply.\n`
      : `${formatLineDiff(decode(body), decode(outcome.body), source.name)}\n${count}.\n\n${formatDiffText(outcome.diff)}`,
  );
  return outcome.body;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
