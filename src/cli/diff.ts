/** `robotstxt diff`: what changes for which crawlers and URLs between two versions of a file. */

import path from 'node:path';
import type { Command } from 'commander';
import { diffRobotsTxt, formatDiffText } from '../index.js';
import { paint } from '../util/ansi.js';
import { type CliContext, CliError, EXIT, useColor } from './context.js';
import { readFileBounded } from './input.js';
import {
  addFetchOptions,
  addOutputOptions,
  type CommonFlags,
  collect,
  fetchFlags,
} from './options.js';
import { describeSource, loadSource, sourceJson, verdictsOf } from './sources.js';
import { isUrl, urlArgument } from './urls.js';

interface DiffFlags extends CommonFlags {
  readonly agent?: readonly string[];
  readonly urls?: string;
  readonly json?: boolean;
}

// A URL list is read whole, up to this size.
const MAX_URL_FILE = 8 * 1024 * 1024;

/** Adds `diff` to the program. */
export function registerDiff(
  program: Command,
  context: CliContext,
  done: (code: number) => void,
): void {
  const command = program
    .command('diff')
    .summary('what changes for which crawlers between two robots.txt versions')
    .description(
      "Compares two versions of a robots.txt (files or URLs): the rules added and removed in\neach group, the sitemaps, and every URL × crawler whose verdict changes, with the\ndeciding line on each side. Without --urls, the URLs come from both files' rules; without\n--agent, the crawlers are those either file names, those that follow them (Applebot\nfollows Googlebot), and * (any other). Each crawler is read as audit reads it; a side\ndecided by another token's group says so (as Googlebot, * group, no group applies).",
    )
    .argument('<old>', 'the current robots.txt: a file, a URL, or - for stdin')
    .argument('<new>', 'the new robots.txt: a file, a URL, or - for stdin')
    .option('-a, --agent <agent>', 'a crawler to check (repeatable; * for any other)', collect)
    .option('--urls <file>', 'a file of URLs or paths to check, one per line')
    .option('--json', 'print JSON');
  addFetchOptions(command);
  addOutputOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt diff https://example.com/ public/robots.txt
  robotstxt diff old.txt new.txt --agent Googlebot --agent GPTBot
  robotstxt diff old.txt new.txt --urls urls.txt --json

Exit status: 0 no verdict changes, 1 a verdict changes, 2 usage error or unreadable input.`,
  );
  command.action(async (oldName: string, newName: string, flags: DiffFlags) => {
    if (oldName === '-' && newName === '-') throw new CliError('only one of OLD and NEW can be -');
    const urls = flags.urls === undefined ? undefined : await readUrls(flags.urls, context);
    const before = await loadSource(oldName, fetchFlags(flags), context);
    const after = await loadSource(newName, fetchFlags(flags), context);
    const diff = diffRobotsTxt(verdictsOf(before), verdictsOf(after), {
      ...(flags.agent === undefined ? {} : { agents: flags.agent }),
      ...(urls === undefined ? {} : { urls }),
    });
    if (flags.json) {
      context.stdout.write(
        `${JSON.stringify({ old: sourceJson(before), new: sourceJson(after), ...diff }, null, 2)}\n`,
      );
    } else {
      const color = useColor(context.stdout, context.env, flags.color);
      context.stdout.write(
        paint(color, 'dim', `--- ${describeSource(before)}\n+++ ${describeSource(after)}\n`),
      );
      context.stdout.write(formatDiffText(diff));
    }
    done(diff.verdictsChanged ? EXIT.fail : EXIT.ok);
  });
}

/** The URL list: one URL or path per line, `#` comments and blank lines skipped, each checked. */
async function readUrls(file: string, context: CliContext): Promise<string[]> {
  if (isUrl(file)) throw new CliError('--urls takes a file of URLs, not a URL');
  const read = await readFileBounded(
    path.resolve(context.cwd ?? '.', file),
    { maxBytes: MAX_URL_FILE, timeout: 10_000 },
    file,
  );
  if (read.truncated) throw new CliError(`${file} is longer than ${MAX_URL_FILE} bytes`);
  const urls: string[] = [];
  for (const line of new TextDecoder().decode(read.bytes).split(/\r\n|\r|\n/)) {
    const value = line.replace(/#.*/, '').trim();
    if (value === '') continue;
    urlArgument(value);
    urls.push(value);
  }
  if (urls.length === 0) throw new CliError(`${file} has no URL to check`);
  return urls;
}
