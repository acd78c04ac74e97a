/**
 * `robotstxt audit`: well-known crawlers × paths, allowed or blocked.
 */

import { auditRobotsTxt, type CrawlerPurpose, crawlers, formatAuditTable } from '../index.js';
import {
  type CliContext,
  CliError,
  describeSource,
  EXIT,
  fetchOptionsConfig,
  fetchOptionsHelp,
  loadSource,
  parseCommandArgs,
  policyOf,
  sourceJson,
  useColor,
} from './shared.js';

/** The purposes the crawler list has, in its order: what --purpose accepts. */
const PURPOSES: readonly CrawlerPurpose[] = [...new Set(crawlers.map((c) => c.purpose))];

/** Help text of `robotstxt audit`. */
export const auditHelp: string = `Usage: robotstxt audit [--path P]... URL|FILE|-

Shows which well-known crawlers (search engines, AI crawlers, SEO tools) may
fetch / and each given path. A URL's origin's /robots.txt is fetched.

Options:
  -p, --path P         a path to check besides / (repeatable)
      --purpose P      only crawlers with this purpose:
                       ${PURPOSES.join(', ')}
      --json           print JSON
${fetchOptionsHelp}
  -h, --help           show this help

Exit status: 0 report printed, 2 usage error or unreadable input.
`;

const options = {
  path: { type: 'string', short: 'p', multiple: true },
  purpose: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...fetchOptionsConfig,
} as const;

/** Runs `robotstxt audit`; returns the exit code. */
export async function runAudit(args: readonly string[], context: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('audit', args, options);
  if (values.help) {
    context.stdout.write(auditHelp);
    return EXIT.ok;
  }
  if (positionals.length !== 1)
    throw new CliError('audit takes one URL or file (see "robotstxt audit --help")');
  const purpose = values.purpose;
  if (purpose !== undefined && !PURPOSES.includes(purpose as CrawlerPurpose)) {
    throw new CliError(`--purpose must be one of ${PURPOSES.join(', ')}, got ${purpose}`);
  }
  const paths = values.path ?? [];
  for (const path of paths) {
    if (!path.startsWith('/')) throw new CliError(`--path must start with "/", got ${path}`);
  }
  const source = await loadSource(positionals[0]!, values, context);
  const selected = purpose === undefined ? crawlers : crawlers.filter((c) => c.purpose === purpose);
  const audit = auditRobotsTxt(policyOf(source), { paths, crawlers: selected });
  if (values.json) {
    context.stdout.write(`${JSON.stringify({ robots: sourceJson(source), ...audit }, null, 2)}\n`);
  } else {
    context.stdout.write(
      `# ${describeSource(source)}\n${formatAuditTable(audit, { color: useColor(context.stdout, context.env) })}`,
    );
  }
  return EXIT.ok;
}
