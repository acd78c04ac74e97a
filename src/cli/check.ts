/**
 * `robotstxt check`: the verdict for each URL with the deciding line, from a given robots.txt or
 * from each URL's own robots.txt.
 */

import { type Explanation, formatRule, type RobotsPolicy, robotsTxtUrl } from '../index.js';
import { paint } from '../util/ansi.js';
import { runCheckJsonl } from './check-jsonl.js';
import {
  type CliContext,
  CliError,
  describeSource,
  EXIT,
  fetchOptionsConfig,
  fetchOptionsHelp,
  isUrl,
  type LoadedSource,
  loadSource,
  messageOf,
  parseCommandArgs,
  policyOf,
  sourceJson,
  useColor,
} from './shared.js';

/** Help text of `robotstxt check`. */
export const checkHelp: string = `Usage: robotstxt check --agent UA [--robots FILE|URL|-] URL...
       robotstxt check --jsonl [--agent UA] [--robots FILE] < requests.jsonl

Prints whether each URL may be crawled by the agent, and the line that decided it.
Without --robots, each URL's own /robots.txt is fetched (RFC 9309: 4xx allows
everything, 5xx or a network failure disallows everything).

Options:
  -a, --agent UA       product token of the crawler (repeat for several agents,
                       checked as one set as the reference does)
  -r, --robots SRC     robots.txt to use: a file, - for stdin, or a URL whose
                       origin's /robots.txt is fetched
  -e, --explain        also print why, in a sentence
      --jsonl          batch mode: JSON lines on stdin, one result per line
      --json           print JSON
${fetchOptionsHelp}
  -h, --help           show this help

Exit status: 0 all allowed, 1 some URL disallowed, 2 usage error or unreadable input.
`;

const options = {
  agent: { type: 'string', short: 'a', multiple: true },
  robots: { type: 'string', short: 'r' },
  explain: { type: 'boolean', short: 'e' },
  jsonl: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...fetchOptionsConfig,
} as const;

interface Source {
  readonly loaded: LoadedSource;
  readonly policy: RobotsPolicy;
}

/** Runs `robotstxt check`; returns the exit code. */
export async function runCheck(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('check', args, options);
  if (values.help) {
    context.stdout.write(checkHelp);
    return EXIT.ok;
  }
  const agents = values.agent ?? [];
  if (values.jsonl) {
    if (positionals.length > 0)
      throw new CliError('check --jsonl reads URLs from stdin, not arguments');
    if (values.robots !== undefined && (values.robots === '-' || isUrl(values.robots))) {
      throw new CliError('check --jsonl takes --robots FILE only (stdin carries the requests)');
    }
    return runCheckJsonl(context, {
      agents,
      ...(values.robots === undefined ? {} : { robots: values.robots }),
    });
  }
  if (agents.length === 0) throw new CliError('missing --agent (see "robotstxt check --help")');
  if (positionals.length === 0)
    throw new CliError('no URL to check (see "robotstxt check --help")');

  const color = useColor(context.stdout, context.env);
  /** Reads or fetches a robots.txt; a fetched one has its outcome printed first. */
  const load = async (name: string): Promise<Source> => {
    const loaded = await loadSource(name, values, context);
    if (!values.json && loaded.kind === 'url') {
      context.stdout.write(paint(color, 'dim', `# ${describeSource(loaded)}\n`));
    }
    return { loaded, policy: policyOf(loaded) };
  };
  const shared = values.robots === undefined ? undefined : await load(values.robots);
  const perOrigin = new Map<string, Source>();
  const results: { url: string; explanation: Explanation; source: Source }[] = [];
  for (const url of positionals) {
    let source = shared;
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
    results.push({ url, explanation, source });
    if (!values.json)
      context.stdout.write(formatVerdict(url, explanation, values.explain === true, color));
  }
  if (values.json) {
    const json = results.map(({ url, explanation, source }) => ({
      url,
      allowed: explanation.allowed,
      line: explanation.line,
      ...(explanation.rule === undefined ? {} : { rule: formatRule(explanation.rule) }),
      path: explanation.path,
      agents: explanation.agents,
      selection: explanation.selection,
      reason: explanation.reason,
      robots: sourceJson(source.loaded),
    }));
    context.stdout.write(`${JSON.stringify({ results: json }, null, 2)}\n`);
  }
  return results.every((r) => r.explanation.allowed) ? EXIT.ok : EXIT.fail;
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
  let out = `${verdict}  ${url}  ${paint(color, 'dim', decider)}\n`;
  if (explain) out += `            ${e.reason}\n`;
  return out;
}
