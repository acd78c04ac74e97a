/**
 * `robotstxt lint`: diagnostics for robots.txt files or URLs, as text, JSON or SARIF 2.1.0.
 */

import { formatLintText, type LintResult, lintRobotsTxt, toSarif } from '../index.js';
import {
  bodyOf,
  type CliContext,
  CliError,
  describeSource,
  EXIT,
  fetchOptionsConfig,
  fetchOptionsHelp,
  loadSource,
  parseCommandArgs,
  useColor,
} from './shared.js';

/** Help text of `robotstxt lint`. */
export const lintHelp: string = `Usage: robotstxt lint [--format text|json|sarif] FILE|URL|-...

Reports what Google's parser reads differently from how a person reads the file:
unsupported directives, typos, missing colons, rules outside groups, patterns that
never match, shadowed rules, truncated user-agent tokens, size limits, encoding.
A URL's origin's /robots.txt is fetched.

Options:
  -f, --format FMT     text (default), json or sarif (SARIF 2.1.0, for CI)
      --json           same as --format json
${fetchOptionsHelp}
  -h, --help           show this help

Exit status: 0 no errors (warnings allowed), 1 errors found, 2 usage error or
unreadable input (including a robots.txt URL that is unavailable or unreachable).
`;

const options = {
  format: { type: 'string', short: 'f' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...fetchOptionsConfig,
} as const;

/** Runs `robotstxt lint`; returns the exit code. */
export async function runLint(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('lint', args, options);
  if (values.help) {
    context.stdout.write(lintHelp);
    return EXIT.ok;
  }
  const format = values.json ? 'json' : (values.format ?? 'text');
  if (format !== 'text' && format !== 'json' && format !== 'sarif') {
    throw new CliError(`--format must be text, json or sarif, got ${format}`);
  }
  if (positionals.length === 0)
    throw new CliError('no file or URL to lint (see "robotstxt lint --help")');

  const files: { source: string; result: LintResult }[] = [];
  for (const name of positionals) {
    const source = await loadSource(name, values, context);
    const body = bodyOf(source);
    if (body === undefined) throw new CliError(`${describeSource(source)}; nothing to lint`);
    files.push({ source: source.name, result: lintRobotsTxt(body) });
  }

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
      })),
      errorCount: sum('errorCount'),
      warningCount: sum('warningCount'),
      infoCount: sum('infoCount'),
    };
    context.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    const color = useColor(context.stdout, context.env);
    for (const f of files)
      context.stdout.write(formatLintText(f.result, { source: f.source, color }));
  }
  return files.some((f) => f.result.errorCount > 0) ? EXIT.fail : EXIT.ok;
}
