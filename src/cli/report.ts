/** `robotstxt report`: Google's per-line robots.txt report, as Search Console computes it. */

import type { Command } from 'commander';
import { type ReportLine, reportRobotsTxt } from '../index.js';
import { paint } from '../util/ansi.js';
import { decodeBytes } from '../util/bytes.js';
import { terminalSafe } from '../util/terminal.js';
import { type CliContext, CliError, EXIT, useColor } from './context.js';
import { addFetchOptions, addOutputOptions, type CommonFlags, fetchFlags } from './options.js';
import { bodyOf, describeSource, htmlWarning, isUtf16, loadSource, sourceJson } from './sources.js';

interface ReportFlags extends CommonFlags {
  readonly json?: boolean;
  readonly all?: boolean;
}

/** What each tag means, as a site owner reads it. */
const TAG_TEXT: Readonly<Record<ReportLine['tag'], string>> = {
  'user-agent': 'user-agent',
  allow: 'allow',
  disallow: 'disallow',
  sitemap: 'sitemap',
  unused: 'recognised, not supported',
  unknown: 'unknown',
};

function flagsOf(line: ReportLine): string[] {
  const flags: string[] = [];
  if (line.typo) flags.push('typo accepted');
  if (line.isMissingColonSeparator) flags.push('missing colon');
  if (line.isLineTooLong) flags.push('too long: cut');
  if (line.isComment) flags.push('comment');
  else if (line.hasComment) flags.push('has comment');
  if (line.isEmpty) flags.push('empty');
  return flags;
}

/** The body without the (part of a) UTF-8 byte order mark Google skips at its start. */
function withoutLeadingBom(body: Uint8Array): Uint8Array {
  let skip = 0;
  while (skip < 3 && body[skip] === [0xef, 0xbb, 0xbf][skip]) skip++;
  return body.subarray(skip);
}

/** Adds `report` to the program. */
export function registerReport(
  program: Command,
  context: CliContext,
  done: (code: number) => void,
): void {
  const command = program
    .command('report')
    .summary("Google's per-line report of a robots.txt (Search Console's)")
    .description(
      "Prints, for every line, what Google's parser read (user-agent, allow, disallow,\nsitemap, recognised-but-unsupported, unknown) and its flags (typo accepted, missing\ncolon, too long, comment, empty), then the totals — exactly as Google's reporting\nmodule, behind Search Console's robots.txt report, computes them.",
    )
    .argument('<source>', 'a file, a URL (its origin’s /robots.txt is fetched), or - for stdin')
    .option('--all', 'also list empty lines and comments')
    .option('--json', 'print JSON: { lastLine, validDirectives, unusedDirectives, lines }');
  addFetchOptions(command);
  addOutputOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt report public/robots.txt
  robotstxt report https://example.com/
  robotstxt report --json robots.txt | jq '.lines[] | select(.tag == "unknown")'

Exit status: 0 report printed, 2 usage error or unreadable input.`,
  );
  command.action(async (name: string, flags: ReportFlags) => {
    // Google reports on whatever bytes a server sends, NULs included (each cuts its line).
    const source = await loadSource(name, fetchFlags(flags), context, 'accept');
    const body = bodyOf(source);
    if (body === undefined) throw new CliError(`${describeSource(source)}; no file to report on`);
    const report = reportRobotsTxt(body);
    if (flags.json) {
      context.stdout.write(
        `${JSON.stringify({ robots: sourceJson(source), ...report }, null, 2)}\n`,
      );
      done(EXIT.ok);
      return;
    }
    if (source.kind === 'url') {
      const warning = htmlWarning(source.fetched);
      if (warning !== undefined) context.stderr.write(`robotstxt: ${warning}\n`);
    }
    if (isUtf16(body)) {
      context.stderr.write(
        'robotstxt: the file is UTF-16 text: Google reads no directive of it (NUL bytes cut every line); save it as UTF-8\n',
      );
    }
    const color = useColor(context.stdout, context.env, flags.color);
    const texts = decodeBytes(withoutLeadingBom(body)).split(/\r\n|\r|\n/);
    const out: string[] = [`# ${describeSource(source)}`];
    const width = String(report.lastLine).length;
    for (const line of report.lines) {
      const quiet =
        line.tag === 'unknown' && !line.hasDirective && (line.isEmpty || line.isComment);
      if (quiet && !flags.all) continue;
      const tag = TAG_TEXT[line.tag].padEnd(25);
      const style = line.tag === 'unknown' ? 'yellow' : line.tag === 'unused' ? 'dim' : 'green';
      const flagText = flagsOf(line);
      const text = (texts[line.line - 1] ?? '').slice(0, 80);
      out.push(
        `${String(line.line).padStart(width)}  ${paint(color, style, tag)}  ${terminalSafe(text)}${flagText.length > 0 ? paint(color, 'dim', `  (${flagText.join(', ')})`) : ''}`,
      );
    }
    const counts = new Map<string, number>();
    for (const line of report.lines)
      if (line.hasDirective) counts.set(line.tag, (counts.get(line.tag) ?? 0) + 1);
    out.push(
      '',
      `${report.lastLine} lines: ${report.validDirectives} valid directives, ${report.unusedDirectives} not used by Google (${counts.get('unused') ?? 0} recognised but unsupported, ${counts.get('unknown') ?? 0} unknown).`,
    );
    context.stdout.write(`${out.join('\n')}\n`);
    done(EXIT.ok);
  });
}
