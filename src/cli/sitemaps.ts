/**
 * `robotstxt sitemaps`: the sitemaps a site's robots.txt lists, read as a crawler reads them, with
 * counts per file and, with `--check`, every listed URL the robots.txt disallows, every URL out
 * of the protocol's scope, and every sitemap that could not be read.
 */

import type { Command } from 'commander';
import {
  readSitemaps,
  type SitemapFileRecord,
  type SitemapRecord,
  type SitemapUrlEntry,
} from 'robots-rep/sitemaps';
import { paint } from '../util/ansi.js';
import { terminalSafe } from '../util/terminal.js';
import { warnAboutAgents } from './agents.js';
import { type CliContext, CliError, EXIT, useColor, write } from './context.js';
import {
  addOutputOptions,
  type CommonFlags,
  collect,
  parsePositiveInteger,
  parseTimeout,
} from './options.js';
import { createProgress } from './progress.js';
import { urlArgument } from './urls.js';

interface SitemapsFlags extends CommonFlags {
  readonly agent?: readonly string[];
  readonly check?: boolean;
  readonly json?: boolean;
  readonly tryCommonNames?: boolean;
  readonly maxSitemaps?: number;
  readonly totalTimeout?: number;
}

/** What a run found, for the summary and the exit code. */
interface Tally {
  sitemaps: number;
  unread: number;
  urls: number;
  disallowed: number;
  outOfScope: number;
  /** Set when the run's time limit stopped the reading. */
  stopped?: string;
}

/** Adds `sitemaps` to the program. */
export function registerSitemaps(
  program: Command,
  context: CliContext,
  done: (code: number) => void,
): void {
  const command = program
    .command('sitemaps')
    .summary("read a site's sitemaps; with --check, the listed URLs robots.txt disallows")
    .description(
      "Fetches the robots.txt of SITE, reads every sitemap its Sitemap: lines list (XML,\nindexes, gzip, text, RSS, Atom) and prints each with its count of URLs, or why it\ncould not be read. With --check, also every listed URL the robots.txt disallows\nfor the named crawlers (with the deciding line) and every URL outside the\nsitemap's scope (sitemaps.org). The host you type may be private; sitemaps on\nother private hosts are refused.",
    )
    .argument('<site>', "any URL of the site, or its robots.txt's")
    .option(
      '-a, --agent <token>',
      'a crawler to check the URLs for (repeatable; default *)',
      collect,
    )
    .option('--check', 'list disallowed and out-of-scope URLs too')
    .option('--json', 'print JSON lines: the robots.txt, each sitemap, each finding, a summary')
    .option('--try-common-names', 'with no Sitemap: line, try /sitemap.xml and /sitemap.txt')
    .option('--max-sitemaps <n>', 'sitemap files read at most (default 1000)', parsePositiveInteger)
    .option(
      '--timeout <ms>',
      'milliseconds one sitemap may take, body included (default 30000)',
      parseTimeout,
    )
    .option(
      '--total-timeout <ms>',
      'milliseconds the whole run may take; then reading stops (default 600000)',
      parseTimeout,
    )
    .option('--user-agent <header>', 'User-Agent header sent when fetching (name your crawler)');
  addOutputOptions(command, true);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt sitemaps https://example.com/
  robotstxt sitemaps --check -a Googlebot -a Bingbot https://example.com/robots.txt
  robotstxt sitemaps --check --json https://example.com/ | jq 'select(.type == "url")'

Exit status: 0 clean, 1 a sitemap could not be read (--total-timeout reached
included) or (--check) a listed URL is disallowed, 2 usage error or unreadable
robots.txt.`,
  );
  command.action(async (site: string, flags: SitemapsFlags) => {
    if (site.startsWith('/')) {
      throw new CliError(`"${terminalSafe(site)}" is a path: sitemaps needs the site's URL`);
    }
    urlArgument(site);
    const url = new URL(site);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CliError(`"${terminalSafe(site)}" is not an http(s) URL`);
    }
    const agents = flags.agent ?? (flags.check ? ['*'] : []);
    warnAboutAgents(agents, context);
    done(await runSitemaps(url, agents, flags, context));
  });
}

async function runSitemaps(
  url: URL,
  agents: readonly string[],
  flags: SitemapsFlags,
  context: CliContext,
): Promise<number> {
  const color = useColor(context.stdout, context.env, flags.color);
  const progress = createProgress(context.stderr, {
    enabled: flags.progress !== false,
    label: 'sitemap URLs read',
    ...(context.now ? { now: context.now } : {}),
  });
  const tally: Tally = { sitemaps: 0, unread: 0, urls: 0, disallowed: 0, outOfScope: 0 };
  const typedHost = url.hostname;
  const records = readSitemaps(url.href, {
    agents,
    includeOutOfScope: flags.check === true,
    tryCommonNames: flags.tryCommonNames === true,
    // As `robotstxt fetch`: the host typed may be private, no other private host.
    allowPrivateAddresses: (_address, target) => target.hostname === typedHost,
    ...(flags.timeout === undefined ? {} : { timeout: flags.timeout }),
    ...(flags.userAgent === undefined ? {} : { userAgent: flags.userAgent }),
    ...(flags.maxSitemaps === undefined ? {} : { maxSitemaps: flags.maxSitemaps }),
    ...(flags.totalTimeout === undefined ? {} : { totalTimeout: flags.totalTimeout }),
  });
  try {
    for await (const record of records) {
      const line = lineOf(record, flags, tally, color);
      if (record.type === 'url') progress.update(tally.urls);
      if (record.type === 'robots-txt' && record.status === 'unreachable') {
        progress.end();
        if (flags.json) await write(context.stdout, `${JSON.stringify(record)}\n`);
        throw new CliError(record.message);
      }
      if (line !== undefined) {
        progress.end();
        await write(context.stdout, line);
      }
    }
  } finally {
    progress.end();
  }
  await write(context.stdout, summary(tally, flags));
  const found = tally.unread > 0 || (flags.check === true && tally.disallowed > 0);
  return found ? EXIT.fail : EXIT.ok;
}

/** Not reading a sitemap listed twice is no finding; every other skip or failure is. */
function unread(record: SitemapFileRecord): boolean {
  return record.status !== 'ok' && record.problem !== 'duplicate';
}

/** The line a record prints (JSON or text), counting it; undefined when it prints nothing. */
function lineOf(
  record: SitemapRecord,
  flags: SitemapsFlags,
  tally: Tally,
  color: boolean,
): string | undefined {
  if (record.type === 'robots-txt') {
    return flags.json
      ? `${JSON.stringify(record)}\n`
      : `${paint(color, 'bold', 'robots.txt')} ${terminalSafe(record.url)}: ${terminalSafe(record.message)}\n`;
  }
  if (record.type === 'sitemap') {
    tally.sitemaps += 1;
    if (unread(record)) tally.unread += 1;
    if (record.problem === 'total-timeout') tally.stopped ??= record.error ?? record.problem;
    return flags.json ? `${JSON.stringify(record)}\n` : sitemapLine(record, color);
  }
  tally.urls += 1;
  if (!record.inScope) tally.outOfScope += 1;
  const blocked = record.verdicts?.filter((v) => !v.allowed) ?? [];
  if (blocked.length > 0) tally.disallowed += 1;
  if (flags.check !== true || (record.inScope && blocked.length === 0)) return undefined;
  return flags.json ? `${JSON.stringify(record)}\n` : findingLine(record, color);
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function sitemapLine(record: SitemapFileRecord, color: boolean): string {
  const indent = '  '.repeat(record.depth);
  const name = `${indent}${paint(color, 'bold', 'sitemap')} ${terminalSafe(record.url)}`;
  const what = [
    record.format === undefined ? undefined : `${record.format}${record.gzip ? ' (gzip)' : ''}`,
    record.children > 0 ? count(record.children, 'sitemap') : undefined,
    record.format !== undefined && record.format !== 'sitemapindex'
      ? count(record.urls, 'URL')
      : undefined,
    record.outOfScope > 0 ? `${count(record.outOfScope, 'URL')} out of scope` : undefined,
    record.invalid > 0 ? `${count(record.invalid, 'invalid entry', 'invalid entries')}` : undefined,
  ].filter((part) => part !== undefined);
  if (record.problem === undefined) return `${name}: ${what.join(', ')}\n`;
  const status = record.problem === 'duplicate' ? 'skipped' : paint(color, 'red', record.status);
  const reason = `${status}: ${record.problem} (${record.error ?? ''})`;
  return `${name}: ${[reason, ...what].join(', ')}\n`;
}

function findingLine(record: SitemapUrlEntry, color: boolean): string {
  const url = terminalSafe(record.loc);
  if (!record.inScope) {
    return `${paint(color, 'yellow', 'out of scope')} ${url} (listed in ${terminalSafe(record.sitemap)})\n`;
  }
  const why = (record.verdicts ?? [])
    .filter((v) => !v.allowed)
    .map((v) => `${v.agent}: ${v.line === 0 ? v.reason : `line ${v.line} "${v.rule ?? ''}"`}`)
    .join('; ');
  return `${paint(color, 'red', 'disallowed')} ${url} (${terminalSafe(why)})\n`;
}

function summary(tally: Tally, flags: SitemapsFlags): string {
  if (flags.json) {
    const { disallowed, outOfScope, stopped, ...read } = tally;
    const found = flags.check ? { disallowed, outOfScope } : {};
    const stop = stopped === undefined ? {} : { stopped };
    return `${JSON.stringify({ type: 'summary', ...read, ...found, ...stop })}\n`;
  }
  const parts = [
    `${count(tally.sitemaps, 'sitemap')}${tally.unread > 0 ? ` (${tally.unread} not read)` : ''}`,
    count(tally.urls, 'URL'),
  ];
  if (flags.check) {
    parts.push(`${tally.disallowed.toLocaleString('en-US')} disallowed`);
    parts.push(`${tally.outOfScope.toLocaleString('en-US')} out of scope`);
  }
  const stopped = tally.stopped === undefined ? '' : `stopped: ${tally.stopped}\n`;
  return `\n${stopped}${parts.join(', ')}\n`;
}
