/**
 * Crawler lists kept outside the package: the ai-robots-txt project's `robots.json`
 * (github.com/ai-robots-txt/ai.robots.txt), a JSON object from each crawler's token to what is
 * known of it — `{ operator, respect, function, frequency, description }`, free text that may hold
 * Markdown links — read into catalog rows, so an audit can follow a list that changes monthly.
 * Bad input is a {@link CrawlerListError}; an entry whose key cannot be a token is skipped and
 * said why.
 */

import { RobotsTxtError } from '../errors.js';
import {
  CRAWLER_PURPOSES,
  type Crawler,
  type CrawlerPurpose,
  crawlerTokenProblem,
} from '../readings/crawler.js';
import { terminalSafe } from '../util/terminal.js';

/** The largest list read: 4 MiB (the ai-robots-txt list is under 100 KiB). */
export const MAX_CRAWLER_LIST_BYTES: number = 4 * 1024 * 1024;

/** The most entries a list may have. */
export const MAX_CRAWLER_LIST_ENTRIES = 10_000;

/** The fields of an entry, as the ai-robots-txt project documents them; each optional text. */
const FIELDS = ['operator', 'respect', 'function', 'frequency', 'description'] as const;

/** A list that cannot be read: not JSON, the wrong shape, or too large. */
export class CrawlerListError extends RobotsTxtError {
  /** Where the list came from, as given in `source`. */
  readonly source: string;

  constructor(message: string, source: string) {
    super(message, { code: 'ERR_CRAWLER_LIST', input: source });
    this.source = source;
  }
}

/** Options of {@link parseCrawlerList}. */
export interface CrawlerListOptions {
  /**
   * Where the list came from (a file name or URL): named in errors, and the `docs` of a row whose
   * entry links no page of its own.
   * @default 'robots.json'
   */
  readonly source?: string;
}

/** An entry left out of the rows, and why. */
export interface SkippedCrawler {
  /** The entry's key, with control characters escaped. */
  readonly key: string;
  readonly reason: string;
}

/** What {@link parseCrawlerList} read. */
export interface CrawlerList {
  /** One row per entry whose key is a token (`checked` is empty: the list states no dates). */
  readonly crawlers: readonly Crawler[];
  /** The entries left out: keys no `User-agent` line can name, tokens repeated in any case. */
  readonly skipped: readonly SkippedCrawler[];
}

/**
 * Reads a crawler list in the ai-robots-txt project's `robots.json` format into catalog rows: the
 * key is the token (a `name/version` key gives `name`; checked by `crawlerTokenProblem`, as the
 * catalog's are; an entry repeating a token in any case is skipped), `operator` the
 * operator (Markdown links as their text), `function` the purposes (training, AI search, AI
 * assistants by its words; `other` when it names none), `description` and a "does not respect
 * robots.txt" from `respect` the remark, the first link the `docs`. Text is kept with control
 * characters escaped. Throws a {@link CrawlerListError} for bytes that are not UTF-8, text that is
 * not JSON, a value that is not an object of text fields, more than 4 MiB or 10,000 entries, or
 * nesting deeper than 8 levels.
 *
 * @example
 * const list = parseCrawlerList('{"ExampleBot": {"operator": "Example", "function": "AI Search Crawlers"}}');
 * list.crawlers[0]?.purposes; // ['ai-search']
 */
export function parseCrawlerList(
  input: string | Uint8Array,
  options: CrawlerListOptions = {},
): CrawlerList {
  const source = terminalSafe(options.source ?? 'robots.json');
  const fail = (why: string): never => {
    throw new CrawlerListError(`${source} is not a crawler list: ${why}`, source);
  };
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > MAX_CRAWLER_LIST_BYTES) fail(`it is larger than ${MAX_CRAWLER_LIST_BYTES} bytes`);
  let text = input;
  if (typeof text !== 'string') {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(text);
    } catch {
      fail('it is not UTF-8 text');
    }
  }
  // A list nests two levels; a deeper one is refused before JSON.parse spends seconds on it.
  if (depthOf(text as string) > MAX_DEPTH) fail(`it nests deeper than ${MAX_DEPTH} levels`);
  let json: unknown;
  try {
    json = JSON.parse((text as string).replace(/^\ufeff/, ''));
  } catch (error) {
    fail(`not JSON (${terminalSafe(error instanceof Error ? error.message : String(error))})`);
  }
  if (!isObject(json)) {
    fail(`it must be a JSON object from each token to its entry, got ${kindOf(json)}`);
  }
  const entries = Object.entries(json as Record<string, unknown>);
  if (entries.length > MAX_CRAWLER_LIST_ENTRIES) {
    fail(`it has ${entries.length} entries, more than ${MAX_CRAWLER_LIST_ENTRIES}`);
  }
  const crawlers: Crawler[] = [];
  const skipped: SkippedCrawler[] = [];
  const seen = new Map<string, string>();
  for (const [key, value] of entries) {
    const shown = cut(terminalSafe(key), 80);
    if (!isObject(value)) fail(`the entry "${shown}" must be an object, got ${kindOf(value)}`);
    const entry = value as Record<string, unknown>;
    for (const field of FIELDS) {
      const v = entry[field];
      if (v !== undefined && typeof v !== 'string') {
        fail(`"${field}" of the entry "${shown}" must be text, got ${kindOf(v)}`);
      }
    }
    // A product and its version (`iaskspider/2.0`, RFC 9110 §10.1.5): robots.txt names the product.
    const token = /^[^/\s]+\/[^/\s]+$/.test(key) ? key.slice(0, key.indexOf('/')) : key;
    const problem = crawlerTokenProblem(token);
    if (problem !== undefined) {
      skipped.push({ key: shown, reason: `the key ${problem}` });
      continue;
    }
    const earlier = seen.get(token.toLowerCase());
    if (earlier !== undefined) {
      skipped.push({ key: shown, reason: `repeats the token of the entry "${earlier}"` });
      continue;
    }
    seen.set(token.toLowerCase(), shown);
    crawlers.push(rowOf(token, entry as Entry, source));
  }
  return { crawlers, skipped };
}

/**
 * The rows of `base`, then those of `added` whose token `base` does not have (tokens compare
 * case-insensitively): a loaded list extends the catalog, and where both have a crawler the
 * catalog's row stays — it was compared with the operator's documentation and carries what the
 * audit needs (control tokens, user-initiated fetchers).
 *
 * @example
 * const rows = combineCrawlers(crawlers, parseCrawlerList(text).crawlers);
 * auditRobotsTxt(robots, { crawlers: rows });
 */
export function combineCrawlers(base: readonly Crawler[], added: readonly Crawler[]): Crawler[] {
  const tokens = new Set(base.map((c) => c.token.toLowerCase()));
  const rows = [...base];
  for (const crawler of added) {
    const token = crawler.token.toLowerCase();
    if (tokens.has(token)) continue;
    tokens.add(token);
    rows.push(crawler);
  }
  return rows;
}

type Entry = Partial<Record<(typeof FIELDS)[number], string>>;

function rowOf(token: string, entry: Entry, source: string): Crawler {
  const purposes = purposesOf(entry.function ?? '');
  const operator = plain(entry.operator ?? '');
  const respect = plain(entry.respect ?? '');
  const description = plain(entry.description ?? '');
  const refuses = /^no\b/i.test(respect);
  const remark = [
    refuses ? 'The list says it does not respect robots.txt.' : '',
    cut(description, 300),
  ]
    .filter((t) => t !== '')
    .join(' ');
  return {
    name: token,
    token,
    operator: operator === '' || UNKNOWN.test(operator) ? 'unknown' : cut(operator, 60),
    purpose: purposes[0]!,
    purposes,
    ...(remark === '' ? {} : { remark }),
    docs: linkOf(entry) ?? source,
    checked: '',
  };
}

const UNKNOWN = /^(unclear|no information|unknown|n\/a)/i;

// What an entry's `function` says its fetches are for, by its words.
const PURPOSE_WORDS: readonly [CrawlerPurpose, RegExp][] = [
  ['ai-training', /train|llm|dataset|data scrap|scrape|data provider|machine learning/i],
  ['ai-search', /search|index|answer/i],
  ['ai-assistant', /assistant|agent|on behalf|user quer|prompt/i],
];

function purposesOf(text: string): CrawlerPurpose[] {
  const found = new Set(PURPOSE_WORDS.filter(([, words]) => words.test(text)).map(([p]) => p));
  const purposes = CRAWLER_PURPOSES.filter((p) => found.has(p));
  return purposes.length > 0 ? purposes : ['other'];
}

const LINK = /\[([^\]]*)\]\(([^)\s]*)\)/g;

/** Text as shown: Markdown links as their text, spaces collapsed, controls escaped. */
function plain(text: string): string {
  return terminalSafe(text.replace(LINK, '$1').replace(/\s+/g, ' ').trim());
}

/** The first http(s) link of `respect`, `operator`, then `description` (Markdown or bare). */
function linkOf(entry: Entry): string | undefined {
  for (const field of ['respect', 'operator', 'description'] as const) {
    const text = entry[field] ?? '';
    const markdown = [...text.matchAll(LINK)].map((m) => m[2]!);
    const bare = text.match(/https?:\/\/[^\s)\]]+/g) ?? [];
    for (const url of [...markdown, ...bare]) {
      if (/^https?:\/\/[!-~]+$/.test(url) && url.length <= 300) return url.replace(/[.,;]+$/, '');
    }
  }
  return undefined;
}

// How deep a list may nest: 2 in the format, some room for fields the format may add.
const MAX_DEPTH = 8;

/** The deepest nesting of `[` and `{` in JSON text, strings skipped (one pass). */
function depthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
