/** `robotstxt audit`: which well-known crawlers may fetch which paths. */

import path from 'node:path';
import type { Command } from 'commander';
import { auditUsage, formatUsageAuditTable } from 'robots-rep/ai-preferences';
import {
  auditRobotsTxt,
  CRAWLER_PURPOSES,
  type Crawler,
  type CrawlerPurpose,
  combineCrawlers,
  crawlers,
  formatAuditTable,
  isRobotsTxtError,
  MAX_CRAWLER_LIST_BYTES,
  parseCrawlerList,
  parseReadings,
} from '../index.js';
import { terminalSafe } from '../util/terminal.js';
import { type CliContext, CliError, EXIT, useColor } from './context.js';
import { readFileBounded } from './input.js';
import {
  addFetchOptions,
  addOutputOptions,
  type CommonFlags,
  collect,
  fetchFlags,
} from './options.js';
import {
  bodyOf,
  describeSource,
  htmlWarning,
  loadSource,
  sourceJson,
  verdictsOf,
} from './sources.js';

/** What --purpose accepts. */
const PURPOSES: readonly CrawlerPurpose[] = CRAWLER_PURPOSES;

// Entries of a loaded list named in the warning about skipped ones; the rest are counted.
const SKIPPED_SHOWN = 5;

interface AuditFlags extends CommonFlags {
  readonly path?: readonly string[];
  readonly purpose?: string;
  readonly json?: boolean;
  readonly readings?: boolean;
  readonly usage?: boolean;
  readonly crawlers?: string;
}

/** Adds `audit` to the program. */
export function registerAudit(
  program: Command,
  context: CliContext,
  done: (code: number) => void,
): void {
  const command = program
    .command('audit')
    .summary('which well-known crawlers may fetch which paths')
    .description(
      "Shows which well-known crawlers (search engines, AI crawlers, SEO tools) may\nfetch / and each given path. A URL's origin's /robots.txt is fetched.",
    )
    .argument('<source>', 'a URL, a file, or - for stdin')
    .option('-p, --path <path>', 'a path to check besides / (repeatable)', collect)
    .option(
      '--purpose <purpose>',
      `only crawlers whose fetches serve this purpose: ${PURPOSES.join(', ')}`,
    )
    .option(
      '--crawlers <file>',
      "add the crawlers of a list in the ai-robots-txt project's robots.json format (the package's row stays where both name a token)",
    )
    .option('--json', 'print JSON')
    .option(
      '--usage',
      'one row per crawler and path, with a column per purpose (search, AI input, AI training): crawler blocks and Content-Usage/Content-Signal preferences combined',
    )
    .option(
      '--readings',
      'add a "read by" column: where the 1996 draft or Python\'s robotparser answer differently',
    );
  addFetchOptions(command);
  addOutputOptions(command);
  command.addHelpText(
    'after',
    `
Examples:
  robotstxt audit https://example.com/
  robotstxt audit robots.txt --path /private/x --path /blog/
  robotstxt audit robots.txt --purpose ai-training --json
  robotstxt audit robots.txt --purpose archiving
  robotstxt audit https://example.com/ --usage --path /blog/
  robotstxt audit robots.txt --crawlers robots.json --purpose ai-training

Exit status: 0 report printed, 2 usage error or unreadable input.`,
  );
  command.action(async (name: string, flags: AuditFlags) => {
    const purpose = flags.purpose;
    const paths = flags.path ?? [];
    if (purpose !== undefined && !PURPOSES.includes(purpose as CrawlerPurpose)) {
      throw new CliError(
        `--purpose must be one of ${PURPOSES.join(', ')}, got "${terminalSafe(purpose)}"`,
      );
    }
    for (const path of paths) {
      if (!path.startsWith('/'))
        throw new CliError(`--path must start with "/", got "${terminalSafe(path)}"`);
    }
    const known =
      flags.crawlers === undefined
        ? crawlers
        : combineCrawlers(crawlers, await loadCrawlerList(flags.crawlers, context));
    const source = await loadSource(name, fetchFlags(flags), context);
    if (source.kind === 'url') {
      const warning = htmlWarning(source.fetched);
      if (warning !== undefined) context.stderr.write(`robotstxt: ${warning}\n`);
    }
    const selected =
      purpose === undefined
        ? known
        : known.filter((c) => c.purposes.includes(purpose as CrawlerPurpose));
    if (flags.usage && flags.readings) {
      throw new CliError('--usage and --readings are separate tables: give one of them');
    }
    if (flags.usage) {
      const audit = auditUsage(verdictsOf(source), { paths, crawlers: selected });
      if (flags.json) {
        context.stdout.write(
          `${JSON.stringify({ robots: sourceJson(source), ...audit }, null, 2)}\n`,
        );
      } else {
        const color = useColor(context.stdout, context.env, flags.color);
        context.stdout.write(
          `# ${describeSource(source)}\n${formatUsageAuditTable(audit, { color })}`,
        );
      }
      done(EXIT.ok);
      return;
    }
    const body = flags.readings ? bodyOf(source) : undefined;
    const audit = auditRobotsTxt(verdictsOf(source), {
      paths,
      crawlers: selected,
      ...(body === undefined ? {} : { readings: parseReadings(body) }),
    });
    if (flags.json) {
      context.stdout.write(
        `${JSON.stringify({ robots: sourceJson(source), ...audit }, null, 2)}\n`,
      );
    } else {
      const color = useColor(context.stdout, context.env, flags.color);
      context.stdout.write(`# ${describeSource(source)}\n${formatAuditTable(audit, { color })}`);
    }
    done(EXIT.ok);
  });
}

/**
 * The rows of a crawler list file (`--crawlers`): read up to its cap, parsed by
 * `parseCrawlerList`; a list that cannot be read is a usage error, skipped entries a warning.
 */
async function loadCrawlerList(file: string, context: CliContext): Promise<readonly Crawler[]> {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) {
    throw new CliError('--crawlers takes a file (download the list first), not a URL');
  }
  const read = await readFileBounded(
    path.resolve(context.cwd ?? '.', file),
    { maxBytes: MAX_CRAWLER_LIST_BYTES, timeout: 10_000 },
    terminalSafe(file),
  );
  if (read.truncated) {
    throw new CliError(`${terminalSafe(file)} is larger than ${MAX_CRAWLER_LIST_BYTES} bytes`);
  }
  let list: ReturnType<typeof parseCrawlerList>;
  try {
    list = parseCrawlerList(read.bytes, { source: file });
  } catch (error) {
    if (isRobotsTxtError(error)) throw new CliError(error.message);
    throw error;
  }
  const { skipped } = list;
  if (skipped.length > 0) {
    const named = skipped
      .slice(0, SKIPPED_SHOWN)
      .map((s) => `"${s.key}" (${s.reason})`)
      .join('; ');
    const more =
      skipped.length > SKIPPED_SHOWN ? `; and ${skipped.length - SKIPPED_SHOWN} more` : '';
    context.stderr.write(
      `robotstxt: warning: ${terminalSafe(file)}: ${skipped.length} ${skipped.length === 1 ? 'entry' : 'entries'} left out: ${named}${more}\n`,
    );
  }
  return list.crawlers;
}
