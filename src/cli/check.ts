/** `robotstxt check`: verdicts for URLs, with the deciding line. */

import type { Command } from 'commander';
import {
  combineUsage,
  parseContentUsageHeader,
  type UsageResult,
  usage,
} from 'robots-rep/ai-preferences';
import {
  compareReadings,
  type Explanation,
  formatRule,
  INTERPRETATIONS,
  type Interpretation,
  parseReadings,
  type Readings,
  type RobotsPolicy,
  robotsTxtUrl,
} from '../index.js';
import { paint } from '../util/ansi.js';
import { terminalSafe } from '../util/terminal.js';
import { warnAboutAgents } from './agents.js';
import { runCheckJsonl } from './check-jsonl.js';
import { type CliContext, CliError, EXIT, messageOf, useColor } from './context.js';
import {
  addFetchOptions,
  addOutputOptions,
  type CommonFlags,
  collect,
  fetchFlags,
  parsePositiveInteger,
} from './options.js';
import {
  bodyOf,
  describeSource,
  htmlWarning,
  type LoadedSource,
  loadSource,
  sourceJson,
  verdictsOf,
} from './sources.js';
import { isUrl, urlArgument } from './urls.js';
import { formatUsage, usageJson } from './usage.js';

interface CheckFlags extends CommonFlags {
  readonly agent?: readonly string[];
  readonly robots?: string;
  readonly explain?: boolean;
  readonly compare?: boolean;
  readonly jsonl?: boolean;
  readonly json?: boolean;
  readonly filesFrom?: string;
  readonly maxLineBytes?: number;
  readonly usage?: boolean;
  readonly usageHeader?: readonly string[];
}

interface Source {
  readonly loaded: LoadedSource;
  readonly policy: RobotsPolicy;
  /** Every reading of the body, with --compare (absent when the fetch outcome decides). */
  readonly readings?: Readings;
}

/** Adds `check` to the program; `run` receives the exit code. */
export function registerCheck(
  program: Command,
  context: CliContext,
  done: (code: number) => void,
): void {
  const command = program
    .command('check')
    .summary('is this URL allowed? verdicts with the deciding line')
    .description(
      "Prints whether each URL may be crawled by the agent, and the line that decided it.\nWithout --robots, each URL's own /robots.txt is fetched (RFC 9309: 4xx allows\neverything, 5xx or a network failure disallows everything).\n\nA URL is an absolute http(s) or ftp URL, or a path starting with / (judged on the\nsite of --robots).",
    )
    .argument('[url...]', 'URLs to check')
    .option(
      '-a, --agent <token>',
      'product token of the crawler (repeat for several, checked as one set)',
      collect,
    )
    .option('-r, --robots <source>', 'the robots.txt to use: a file, - for stdin, or a URL')
    .option('-e, --explain', 'also print why, in a sentence')
    .option(
      '--compare',
      "also print the verdict under each reading: Google's, RFC 9309's, the 1996 draft's, Python's robotparser's",
    )
    .option(
      '--usage',
      'also print the AI usage preferences (Content-Usage, Content-Signal) for search, AI input and AI training',
    )
    .option(
      '--usage-header <value>',
      'a Content-Usage response header to combine with robots.txt (repeat for several field lines; implies --usage)',
      collect,
    )
    .option('--json', 'print JSON')
    .option('--jsonl', 'batch mode: JSON request lines on stdin, one result line each')
    .option(
      '--files-from <dir>',
      'with --jsonl: the folder robots_file paths may name (default: the working directory)',
    )
    .option(
      '--max-line-bytes <n>',
      'with --jsonl: longest request line read, in bytes (default 8 MiB)',
      parsePositiveInteger,
    );
  addFetchOptions(command);
  addOutputOptions(command, true);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt check -a Googlebot -r robots.txt /private/x /products/
  robotstxt check --compare -a MyBot -r robots.txt /docs/a.pdf
  robotstxt check --explain -a GPTBot https://example.com/blog/post
  robotstxt check --usage -a GPTBot https://example.com/blog/post
  robotstxt check --usage-header 'train-ai=n' -a MyBot -r robots.txt /article
  robotstxt check --jsonl -a Googlebot < requests.jsonl > verdicts.jsonl

Exit status: 0 all allowed, 1 some URL disallowed, 2 usage error or unreadable input.`,
  );
  command.action(async (urls: string[], flags: CheckFlags) =>
    done(await runCheck(urls, flags, context)),
  );
}

async function runCheck(
  urls: readonly string[],
  flags: CheckFlags,
  context: CliContext,
): Promise<number> {
  const agents = flags.agent ?? [];
  warnAboutAgents(agents, context);
  if (flags.jsonl) {
    if (urls.length > 0)
      throw new CliError('check --jsonl reads requests from stdin, not arguments');
    if (flags.robots !== undefined && (flags.robots === '-' || isUrl(flags.robots))) {
      throw new CliError('check --jsonl takes --robots FILE only (stdin carries the requests)');
    }
    if (flags.usageHeader !== undefined) {
      throw new CliError(
        'check --jsonl takes a Content-Usage header per request ("content_usage"), not --usage-header',
      );
    }
    return runCheckJsonl(context, {
      agents,
      usage: flags.usage === true,
      progress: flags.progress !== false,
      ...(flags.robots === undefined ? {} : { robots: flags.robots }),
      ...(flags.filesFrom === undefined ? {} : { filesFrom: flags.filesFrom }),
      ...(flags.maxLineBytes === undefined ? {} : { maxLineBytes: flags.maxLineBytes }),
    });
  }
  if (agents.length === 0) throw new CliError('missing --agent (see "robotstxt check --help")');
  if (urls.length === 0) throw new CliError('no URL to check (see "robotstxt check --help")');
  const color = useColor(context.stdout, context.env, flags.color);
  const headers =
    flags.usageHeader === undefined ? [] : [parseContentUsageHeader(flags.usageHeader)];
  for (const header of headers) {
    if (!header.parsed) {
      context.stderr.write(
        `robotstxt: --usage-header ${terminalSafe(JSON.stringify(header.text))} is not an RFC 9651 dictionary (${terminalSafe(header.error ?? '')}): every category reads as unknown\n`,
      );
    }
  }
  const withUsage = flags.usage === true || headers.length > 0;

  const load = async (name: string): Promise<Source> => {
    const loaded = await loadSource(name, fetchFlags(flags), context);
    if (loaded.kind === 'url') {
      if (!flags.json) context.stdout.write(paint(color, 'dim', `# ${describeSource(loaded)}\n`));
      const warning = htmlWarning(loaded.fetched);
      if (warning !== undefined) context.stderr.write(`robotstxt: ${warning}\n`);
    }
    const body = flags.compare ? bodyOf(loaded) : undefined;
    return {
      loaded,
      policy: verdictsOf(loaded),
      ...(body === undefined ? {} : { readings: parseReadings(body) }),
    };
  };

  // Every argument is checked before anything is fetched: a typo fails fast, with exit 2.
  const shared = flags.robots === undefined ? undefined : flags.robots;
  const base = shared !== undefined && isUrl(shared) ? new URL(shared).origin : undefined;
  const checked = urls.map((url) => {
    if (shared === undefined && url.startsWith('/')) {
      throw new CliError(`"${url}" is a path: give --robots to say which site's robots.txt to use`);
    }
    return urlArgument(url, base);
  });
  const sharedSource = shared === undefined ? undefined : await load(shared);
  const perOrigin = new Map<string, Source>();
  const results: {
    url: string;
    explanation: Explanation;
    source: Source;
    readings?: ReadingResult[];
    usage?: UsageResult;
  }[] = [];
  for (let i = 0; i < checked.length; i++) {
    const url = checked[i]!;
    let source = sharedSource;
    if (source === undefined) {
      let robotsUrl: string;
      try {
        robotsUrl = robotsTxtUrl(url);
      } catch (error) {
        throw new CliError(messageOf(error));
      }
      source = perOrigin.get(robotsUrl);
      if (source === undefined) {
        source = await load(robotsUrl);
        perOrigin.set(robotsUrl, source);
      }
    }
    const explanation = source.policy.explain(url, agents);
    const readings = flags.compare ? readingsOf(source, url, agents, explanation) : undefined;
    const preferences = withUsage
      ? combineUsage(usage(source.policy, url, agents), ...headers)
      : undefined;
    results.push({
      url: urls[i]!,
      explanation,
      source,
      ...(readings === undefined ? {} : { readings }),
      ...(preferences === undefined ? {} : { usage: preferences }),
    });
    if (!flags.json) {
      context.stdout.write(formatVerdict(urls[i]!, explanation, flags.explain === true, color));
      if (readings !== undefined) {
        context.stdout.write(formatReadings(readings, flags.explain === true, color));
      }
      if (preferences !== undefined) {
        context.stdout.write(formatUsage(preferences, flags.explain === true, color));
      }
    }
  }
  if (flags.json) {
    const json = results.map(({ url, explanation, source, readings, usage: preferences }) => ({
      url,
      allowed: explanation.allowed,
      line: explanation.line,
      ...(explanation.rule === undefined ? {} : { rule: formatRule(explanation.rule) }),
      path: explanation.path,
      agents: explanation.agents,
      selection: explanation.selection,
      reason: explanation.reason,
      robots: sourceJson(source.loaded),
      ...(readings === undefined
        ? {}
        : { readings: readings.map(({ reason: _, ...reading }) => reading) }),
      ...(preferences === undefined ? {} : { usage: usageJson(preferences) }),
    }));
    context.stdout.write(`${JSON.stringify({ results: json }, null, 2)}\n`);
  }
  return results.every((r) => r.explanation.allowed) ? EXIT.ok : EXIT.fail;
}

interface ReadingResult {
  readonly interpretation: Interpretation;
  readonly allowed: boolean;
  readonly line: number;
  /** That reading's explanation (absent when a fetch outcome decided for all). */
  readonly reason?: string;
}

/** Each reading's verdict; a fetch outcome (4xx, 5xx) decides alike for all of them. */
function readingsOf(
  source: Source,
  url: string,
  agents: readonly string[],
  google: Explanation,
): ReadingResult[] {
  if (source.readings === undefined) {
    return INTERPRETATIONS.map((interpretation) => ({
      interpretation,
      allowed: google.allowed,
      line: google.line,
    }));
  }
  return compareReadings(source.readings, url, agents).map(
    ({ interpretation, allowed, line, explanation }) => ({
      interpretation,
      allowed,
      line,
      reason: explanation.reason,
    }),
  );
}

/**
 * `            readings differ: google DISALLOWED (line 2) · … · python-urllib allowed`; with
 * `--explain`, then why each reading that differs from Google's decides as it does.
 */
function formatReadings(
  readings: readonly ReadingResult[],
  explain: boolean,
  color: boolean,
): string {
  const google = readings[0];
  const differ = readings.some((r) => r.allowed !== google?.allowed);
  const parts = readings.map((r) => {
    const verdict = r.allowed ? 'allowed' : 'DISALLOWED';
    return `${r.interpretation} ${paint(color, r.allowed ? 'green' : 'red', verdict)}${r.line > 0 ? ` (line ${r.line})` : ''}`;
  });
  let out = `            ${differ ? 'readings differ' : 'all readings agree'}: ${parts.join(' · ')}\n`;
  if (explain) {
    for (const r of readings) {
      if (r.allowed === google?.allowed || r.reason === undefined) continue;
      out += `            ${r.interpretation}: ${terminalSafe(r.reason)}\n`;
    }
  }
  return out;
}

/** `DISALLOWED  https://…  line 4: Disallow: /private/`, plus the reason with `--explain`. */
function formatVerdict(url: string, e: Explanation, explain: boolean, color: boolean): string {
  const verdict = e.allowed
    ? paint(color, 'green', 'allowed   ')
    : paint(color, 'red', 'DISALLOWED');
  const decider =
    e.rule !== undefined
      ? `line ${e.line}: ${formatRule(e.rule)}`
      : e.selection === 'outcome'
        ? 'no rules: robots.txt fetch outcome'
        : 'no matching rule';
  let out = `${verdict}  ${terminalSafe(url)}  ${paint(color, 'dim', terminalSafe(decider))}\n`;
  if (explain) out += `            ${terminalSafe(e.reason)}\n`;
  return out;
}
