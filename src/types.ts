/**
 * Shared data shapes of robots-rep: the parsed model of a robots.txt file, per-line metadata and
 * the result of a check. Plain data, no logic.
 */

/** The kind of a rule line. */
export type RuleType = 'allow' | 'disallow';

/** An allow or disallow line of a robots.txt file. */
export interface Rule {
  /** `allow` or `disallow` (typos such as `Dissallow` are already folded). */
  readonly type: RuleType;
  /** 1-based line number in the body. */
  readonly line: number;
  /** The value as written, after trimming and comment removal (non-ASCII bytes decoded as UTF-8). */
  readonly value: string;
  /**
   * The pattern as matched: non-ASCII bytes as `%XX`, `%xx` upper-cased (Google's escaping); with
   * `percentEncoding: 'rfc9309'` also percent-encoded unreserved characters decoded.
   */
  readonly pattern: string;
  /** The rule's priority when it matches: the byte length of `pattern` (RFC 9309 §2.2.2). */
  readonly priority: number;
}

/** One `User-agent` line of a group. */
export interface AgentLine {
  /** 1-based line number. */
  readonly line: number;
  /** The value as written, after trimming and comment removal. */
  readonly value: string;
  /** True for `*` (or `*` followed by whitespace and anything): the line names every crawler. */
  readonly global: boolean;
  /**
   * The product token the line names, as the reference reads it: the leading run of ASCII letters,
   * `-` and `_` (`FooBot/2.1` → `FooBot`, `MJ12bot` → `MJ`). Empty for a global line.
   */
  readonly token: string;
}

/** A group: a run of `User-agent` lines and the rules that follow them (RFC 9309 §2.1). */
export interface Group {
  /** 0-based index of the group in file order. */
  readonly index: number;
  readonly agents: readonly AgentLine[];
  readonly rules: readonly Rule[];
}

/** A line with a key other than user-agent, allow, disallow and sitemap (e.g. `Crawl-delay`). */
export interface OtherDirective {
  /** 1-based line number. */
  readonly line: number;
  /** The key as written (original case). */
  readonly key: string;
  /** The value, escaped like a rule's pattern (as the reference reports it). */
  readonly value: string;
  /**
   * The value as written, after trimming and comment removal (non-ASCII bytes decoded as UTF-8),
   * like a rule's `value`: what extension readers parse (`readExtensions`).
   */
  readonly text: string;
  /** Index of the group the line stands in, or -1 before the first `User-agent` line. */
  readonly group: number;
}

/** A `Sitemap` line. */
export interface SitemapLine {
  readonly line: number;
  /** The URL as written (not escaped, not resolved). */
  readonly url: string;
}

/** Per-line metadata, as the reference parser's `LineMetadata`. */
export interface LineMetadata {
  /** 1-based line number. */
  readonly line: number;
  /** Nothing but whitespace. */
  readonly isEmpty: boolean;
  /** Has a `#` comment. */
  readonly hasComment: boolean;
  /** Nothing but a comment (and whitespace). */
  readonly isComment: boolean;
  /** Has a key and a value that the parser handed on (a known or an unknown directive). */
  readonly hasDirective: boolean;
  /** The key is a typo the reference accepts (`Dissallow`, `useragent`, `site-map`, …). */
  readonly isAcceptableTypo: boolean;
  /** Longer than 16,663 bytes: the rest of the line was dropped. */
  readonly isLineTooLong: boolean;
  /** Key and value separated by whitespace instead of a colon (`Disallow /x`). */
  readonly isMissingColonSeparator: boolean;
}

/** What Google read a line as. */
export type ReportTag = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unused' | 'unknown';

/** One line of the report: the parsed model's line metadata, with the tag Google read. */
export interface ReportLine extends LineMetadata {
  /**
   * `user-agent`, `allow`, `disallow`, `sitemap`; `unused` for a key Google recognises but does
   * not support (`Crawl-delay`, `Host`, …: see `UNSUPPORTED_TAGS`); `unknown` for every
   * other line (an unknown key, or a line with no directive).
   */
  readonly tag: ReportTag;
  /** The key was accepted only as a typo (`Dissallow`): equals `isAcceptableTypo`. */
  readonly typo: boolean;
}

/** Google's report of a file. */
export interface RobotsTxtReport {
  /** The number of lines: line ends + 1 (the text after the last line end is a line, even empty). */
  readonly lastLine: number;
  /** Lines tagged `user-agent`, `allow`, `disallow` or `sitemap`. */
  readonly validDirectives: number;
  /** Directive lines with any other key: `unused` and `unknown` directives alike. */
  readonly unusedDirectives: number;
  /** One record for every line, 1 to `lastLine`. */
  readonly lines: readonly ReportLine[];
}

/** Options of {@link parseRobotsTxt}. */
export interface ParseOptions {
  /**
   * How many bytes of the body are read; the rest is ignored and `truncated` is set. RFC 9309 §2.5
   * requires at least 500 KiB, and Google reads exactly that much.
   * @default 512000
   */
  readonly maxBytes?: number;
  /**
   * `'reference'`: as Google's parser — rule values are escaped (non-ASCII → `%XX`, `%xx` → `%XX`)
   * and nothing is decoded, in rules or URLs. `'rfc9309'`: additionally, percent-encoded
   * unreserved characters (`%41` → `A`, `%7E` → `~`) are decoded in both rules and URL paths, `%xx`
   * is upper-cased in URL paths and non-ASCII characters of URL paths are percent-encoded
   * (RFC 9309 §2.2.2).
   * @default 'reference'
   */
  readonly percentEncoding?: 'reference' | 'rfc9309';
  /**
   * When true, ASCII digits count as product-token characters in `User-agent` lines, so
   * `User-agent: MJ12bot` names `MJ12bot` instead of `MJ` (the reference stops at the first digit).
   * @default false
   */
  readonly productTokenDigits?: boolean;
  /**
   * Whose reading of the file to apply:
   * - `'google'`: Google's reference parser (the default; RFC 9309 with Google's leniencies);
   * - `'rfc9309'`: the strict RFC readings, as `percentEncoding: 'rfc9309'` and
   *   `productTokenDigits: true` (which, given, still override it);
   * - `'draft-1996'`: the 1996 draft — records end at blank lines, the first matching rule in
   *   file order decides, no wildcards;
   * - `'python-urllib'`: CPython 3.11's `urllib.robotparser`, exactly (3.11–3.12, 3.13 before the
   *   RFC 9309 backport);
   * - `'python-urllib-rfc9309'`: CPython's `urllib.robotparser` after its RFC 9309 rewrite (main
   *   at 055a953f, 3.13 with the backport), exactly.
   * With `fetchRobotsTxt` and the client, a Python reading also maps failed fetches as Python's
   * `read()` does (docs/readings.md, "Fetch outcomes").
   * The model (`groups`, `lines`, `report()`) is always Google's reading of the file.
   * @default 'google'
   */
  readonly interpretation?: Interpretation;
  /**
   * The most work one check may do, counted in comparisons (characters of the path and of
   * patterns compared or scanned, estimated from above). A check that would do more stops and
   * answers **disallowed** (never allowed); `explain` says so (`budgetExceeded`) and
   * `exhaustedChecks` counts it. A check costs O(n log n + p) for a path of n characters and p
   * characters of the patterns it visits, whatever the file (see docs/performance.md); real files
   * stay far below 100,000. `createRobotsClient` sets 2,000,000, where hostile files arrive.
   * @default Infinity (no budget)
   */
  readonly workBudget?: number;
}

/** A reading of a robots.txt file: see {@link ParseOptions.interpretation}. */
export type Interpretation =
  | 'google'
  | 'rfc9309'
  | 'draft-1996'
  | 'python-urllib'
  | 'python-urllib-rfc9309';

/** A rule that matched a path, with the priority it matched at. */
export interface MatchedRule extends Rule {
  /** The group the rule belongs to. */
  readonly group: number;
  /**
   * True when the rule matched only through Google's `index.html` rewrite: `Allow: /d/index.html`
   * also allows `/d/` (as pattern `/d/$`, whose length is then the priority).
   */
  readonly indexRewrite: boolean;
  /**
   * The priority this match has (the length of `/d/$` for an index rewrite). The first-match
   * readings (`draft-1996`, `python-urllib`) have no priorities: there it is the pattern's length.
   * Under `python-urllib-rfc9309` it is the length of the (normalised) path the rule matched.
   */
  readonly matchPriority: number;
}

/** Which rule set decided a check. */
export type Selection =
  /** A `User-agent` line named one of the queried agents: only those groups' rules apply. */
  | 'specific'
  /** No line named a queried agent: the `*` groups' rules apply. */
  | 'global'
  /** No line named a queried agent and there is no `*` group: everything is allowed. */
  | 'none'
  /** The verdict came from the fetch outcome (robots.txt unavailable or unreachable), not rules. */
  | 'outcome';

/** The answer of `explain`: the verdict, the deciding line and why. */
export interface Explanation {
  /** The verdict, always equal to `isAllowed` for the same arguments. */
  readonly allowed: boolean;
  /** 1-based line of the deciding rule, 0 when no applicable rule matched (the reference's `matching_line`). */
  readonly line: number;
  /** The deciding rule, absent when `line` is 0. */
  readonly rule?: MatchedRule;
  /** The best matching allow rule of the applicable set, if any. */
  readonly bestAllow?: MatchedRule;
  /** The best matching disallow rule of the applicable set, if any. */
  readonly bestDisallow?: MatchedRule;
  /** The path (with params and query) that was matched, as extracted from the URL. */
  readonly path: string;
  /** The queried agents, as given. */
  readonly agents: readonly string[];
  /** Which rule set applied. */
  readonly selection: Selection;
  /**
   * Indexes of the groups whose rules applied, in file order. Under a legacy reading
   * (`draft-1996`, `python-urllib`), the group of the model holding the first User-agent line of
   * the record that reading applied (none when its line numbers differ, as Python's can).
   */
  readonly groups: readonly number[];
  /** One sentence a person can read: why this verdict. */
  readonly reason: string;
  /** The reading that decided, when it is not Google's (`draft-1996`, `python-urllib`). */
  readonly interpretation?: Interpretation;
  /**
   * True when the check ran out of its `workBudget` before it could decide: the URL is then
   * disallowed (fail closed), with `line` 0.
   */
  readonly budgetExceeded?: true;
  /**
   * What a person should know about this answer beyond the verdict: a queried agent that is not
   * a product token (it names no group), an answer from a stale copy after a failed refresh.
   */
  readonly notes?: readonly string[];
}

/** What `isAllowed`/`explain` answer: a parsed file, or a fetch outcome that fixes the verdict. */
export interface RobotsPolicy {
  /**
   * Whether `url` may be crawled by a crawler that names itself with `agent` (or all of `agents`
   * as one set, as the reference's `AllowedByRobots` with a vector).
   */
  isAllowed(url: string | URL, agent: string | readonly string[]): boolean;
  /** The verdict with the deciding line and the reasons for it. */
  explain(url: string | URL, agent: string | readonly string[]): Explanation;
  /** Sitemap URLs in file order. */
  readonly sitemaps: readonly string[];
  /**
   * The `Crawl-delay` in seconds of the groups that apply to `agent`, or undefined (also when no
   * file applies). When several valid values apply (Google's grouping merges the groups of
   * `User-agent` lines with no rule between them, and every group naming an agent applies), the
   * slowest: merging never lowers a delay. `explainCrawlDelay` names the line. A valid value is a
   * plain decimal number (`10`, `0.5`; not `0x10`, `1e3` or `-1`), and at most `MAX_CRAWL_DELAY`
   * (86,400 s, a day) is returned. Google ignores Crawl-delay; Bing, Yandex and others honour it.
   */
  crawlDelay(agent: string | readonly string[]): number | undefined;
  /**
   * The `Request-rate` of the groups that apply to `agent`, or undefined; of several valid ones,
   * the slowest (the longest span per request). A non-standard extension Google ignores.
   */
  requestRate(agent: string | readonly string[]): RequestRate | undefined;
}

/** Where the delay of {@link RobotsTxt.crawlDelay} comes from, and why. */
export interface CrawlDelayExplanation {
  /** The delay in seconds: what `crawlDelay` returns. */
  readonly seconds: number;
  /** The line it came from (0 for a reading that does not say). */
  readonly line: number;
  /** Every valid Crawl-delay line that applies to the agent, in file order, `line` included. */
  readonly lines: readonly { readonly line: number; readonly seconds: number }[];
  /** Why this line, in words. */
  readonly reason: string;
}

/** A `Request-rate`: at most `requests` requests every `seconds` seconds. */
export interface RequestRate {
  readonly requests: number;
  readonly seconds: number;
}

/**
 * A parsed robots.txt file: the model as plain data, plus the checks. Parsing prepares what the
 * checks need; the model (`groups`, `rulesOutsideGroups`, `sitemapLines`, `sitemaps`,
 * `directives`, `lines`, `lineCount`) is read from the kept body on first access to any of it,
 * once, and is the same whenever it is read.
 */
export interface RobotsTxt extends RobotsPolicy {
  /**
   * Google's per-line report of the file, as Search Console computes it (see `reportRobotsTxt`):
   * the first `maxBytes` bytes, a line cut by the limit included.
   */
  report(): RobotsTxtReport;
  /** Groups in file order. */
  readonly groups: readonly Group[];
  /** Allow/disallow lines before the first `User-agent` line: never applied (RFC 9309 §2.1). */
  readonly rulesOutsideGroups: readonly Rule[];
  /** `Sitemap` lines in file order. */
  readonly sitemapLines: readonly SitemapLine[];
  /** Every other directive (`Crawl-delay`, `Host`, unknown keys, …) in file order. */
  readonly directives: readonly OtherDirective[];
  /** Number of lines (the text after the last line break counts as a line, even if empty). */
  readonly lineCount: number;
  /** Per-line metadata, one record per line. */
  readonly lines: readonly LineMetadata[];
  /** Size of the whole body in bytes. */
  readonly size: number;
  /**
   * Bytes the parser read: all of them, or at most `maxBytes`, stopping before a line the limit
   * cuts (a fetch's `bytesRead` counts the body bytes kept, cut line included).
   */
  readonly bytesParsed: number;
  /** True when the body was longer than `maxBytes` and only its start was read. */
  readonly truncated: boolean;
  /** The options the file was parsed with (defaults filled in). */
  readonly options: Required<ParseOptions>;
  /**
   * How many checks of this file ran out of `options.workBudget` and were answered disallowed
   * (0 without a budget).
   */
  readonly exhaustedChecks: number;
  /**
   * An estimate of the memory this object retains, in bytes: the body (kept once), the rule
   * table, the compiled rules of the agents checked so far, and the model once it is read. It
   * grows as agents are checked; `createRobotsClient` bounds its parsed files by it.
   */
  readonly retainedBytes: number;
  /**
   * The verdict for `url` and `agent` under every reading (`INTERPRETATIONS`, Google's first),
   * each with its deciding line and explanation: this file as parsed stands for its own reading,
   * the others are read from the same body with their defaults (and this file's `maxBytes`).
   * The other readings are parsed on the first call.
   *
   * @example
   * const robots = parseRobotsTxt('User-agent: *\nDisallow: /a\nAllow: /a/b\n');
   * robots.compare('https://e.com/a/b', 'Bot').map((v) => v.allowed); // [true, true, false, false]
   */
  compare(url: string | URL, agent: string | readonly string[]): ReadingVerdict[];
  /** The reference's `matching_line`: the deciding line, 0 when no applicable rule matched. */
  matchingLine(url: string | URL, agent: string | readonly string[]): number;
  /**
   * The line `crawlDelay(agent)` comes from, every valid Crawl-delay line that applies, and why
   * that one; undefined when `crawlDelay` is.
   *
   * @example
   * const robots = parseRobotsTxt('User-agent: a\nCrawl-delay: 0\nUser-agent: b\nCrawl-delay: 5\n');
   * robots.explainCrawlDelay('a')?.line; // 4
   */
  explainCrawlDelay(agent: string | readonly string[]): CrawlDelayExplanation | undefined;
  /**
   * The model as plain data, which `JSON.stringify(robots)` writes (the fields are accessors, so
   * spreading or `structuredClone` of the object itself does not copy them).
   */
  toJSON(): RobotsTxtData;
}

/** A parsed file's model as plain data (see {@link RobotsTxt.toJSON}). */
export interface RobotsTxtData {
  readonly groups: readonly Group[];
  readonly rulesOutsideGroups: readonly Rule[];
  readonly sitemapLines: readonly SitemapLine[];
  readonly sitemaps: readonly string[];
  readonly directives: readonly OtherDirective[];
  readonly size: number;
  readonly bytesParsed: number;
  readonly truncated: boolean;
  /** The options, defaults filled in; `workBudget` only when finite (JSON has no Infinity). */
  readonly options: Omit<Required<ParseOptions>, 'workBudget'> & { readonly workBudget?: number };
}

/** One reading's answer for a URL and agent (see {@link RobotsTxt.compare}). */
export interface ReadingVerdict {
  readonly interpretation: Interpretation;
  readonly allowed: boolean;
  /** The deciding line under that reading, 0 when no rule decided. */
  readonly line: number;
  /** That reading's explanation. */
  readonly explanation: Explanation;
}

/** A file parsed under every reading (see `parseReadings`). */
export type Readings = Readonly<Record<Interpretation, RobotsTxt>>;

/** One side of a changed verdict. */
export interface DiffVerdict {
  readonly allowed: boolean;
  /** The deciding line, 0 when no rule matched. */
  readonly line: number;
  /** The deciding rule (`Disallow: /`), absent when none matched. */
  readonly rule?: string;
  /**
   * The token whose group decided, by the crawler model (`crawlerGroup`): the crawler's own, the
   * one it follows (Applebot: `Googlebot`), `*`, or `` when no group applies (every URL allowed).
   * Set by `diffRobotsTxt`.
   */
  readonly decidedBy?: string;
}

/** A URL × crawler whose verdict differs between the files. */
export interface VerdictChange {
  readonly url: string;
  /** The crawler checked (`*`: a crawler no group names). */
  readonly agent: string;
  readonly before: DiffVerdict;
  readonly after: DiffVerdict;
}
