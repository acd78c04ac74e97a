/**
 * The shapes of lint results: typed diagnostics with a stable code, a severity and a position.
 */

import type { ParseOptions, RobotsTxt, VerdictChange } from '../types.js';

/** How serious a diagnostic is: `error` changes what crawlers do against the author's intent. */
export type Severity = 'error' | 'warning' | 'info';

/** The stable id of a diagnostic (kebab-case); see {@link diagnosticCatalog}. */
export type DiagnosticCode =
  | 'html-content'
  | 'binary-content'
  | 'content-past-limit'
  | 'byte-order-mark'
  | 'partial-byte-order-mark'
  | 'stray-byte-order-mark'
  | 'invalid-utf8'
  | 'nul-byte'
  | 'utf16-encoding'
  | 'line-too-long'
  | 'ignored-line'
  | 'missing-colon'
  | 'space-in-key'
  | 'accepted-typo'
  | 'nonstandard-key'
  | 'unsupported-directive'
  | 'unknown-directive'
  | 'reading-wildcard'
  | 'reading-first-match'
  | 'reading-grouping'
  | 'reading-agent-selection'
  | 'reading-encoding'
  | 'reading-match-length'
  | 'reading-differs'
  | 'rule-outside-group'
  | 'pattern-never-matches'
  | 'literal-dollar'
  | 'query-as-path'
  | 'directive-in-value'
  | 'unencoded-character'
  | 'regex-syntax'
  | 'host-in-path'
  | 'long-crawl-delay'
  | 'blocked-resources'
  | 'blocked-images'
  | 'whole-site-disallowed'
  | 'empty-user-agent'
  | 'user-agent-no-token'
  | 'user-agent-truncated'
  | 'user-agent-version'
  | 'user-agent-typo'
  | 'user-agent-without-rules'
  | 'merged-group'
  | 'crawl-delay-merged'
  | 'duplicate-rule'
  | 'shadowed-rule'
  | 'allow-disallow-tie'
  | 'equal-length-overlap'
  | 'relative-sitemap'
  | 'content-usage-outside-group'
  | 'content-usage-syntax'
  | 'content-usage-value'
  | 'content-usage-label'
  | 'content-signal-syntax'
  | 'content-signal-outside-group'
  | 'usage-on-disallowed-path';

/** What a diagnostic code means, independent of any file. */
export interface DiagnosticDescription {
  /** The severity diagnostics with this code have (a few are demoted where they are harmless). */
  readonly severity: Severity;
  /** One sentence: what is reported. */
  readonly summary: string;
}

/** Another place a diagnostic refers to, such as the rule that shadows the reported one. */
export interface RelatedLocation {
  /** 1-based line number. */
  readonly line: number;
  /** What is there, e.g. `Allow: /` on line 3. */
  readonly message: string;
}

/** One finding of {@link lintRobotsTxt}. */
export interface Diagnostic {
  /** Stable kebab-case id, e.g. `unsupported-directive`. */
  readonly code: DiagnosticCode;
  /** `error`, `warning` or `info`. */
  readonly severity: Severity;
  /** One or two sentences: what the reference parser does with the line and why it matters. */
  readonly message: string;
  /** 1-based line number (as the reference numbers lines: every physical line counts). */
  readonly line: number;
  /** 1-based column in UTF-16 code units of the line's UTF-8 decoding. */
  readonly column: number;
  /** 1-based column just past the flagged text, when it is a span. */
  readonly endColumn?: number;
  /** Lines the diagnostic refers to. */
  readonly related?: readonly RelatedLocation[];
  /**
   * A fix lint applied to a copy of the file and verified (see {@link LintFix}); absent when the
   * diagnostic has none or its proposal was refused (the message then says what to do instead).
   */
  readonly fix?: LintFix;
}

/**
 * One change to the bytes of a file: the bytes `[start, end)` are replaced by `text`. Offsets
 * count bytes, not characters (a robots.txt need not be UTF-8), from the first byte of the file
 * (a byte order mark included).
 */
export interface FixEdit {
  /** Byte offset where the replaced bytes start (0-based). */
  readonly start: number;
  /** Byte offset just past the replaced bytes; equal to `start` for an insertion. */
  readonly end: number;
  /** What is written in their place, encoded as UTF-8; empty for a deletion. */
  readonly text: string;
}

/**
 * A fix as a lint family proposes it with its finding. Lint shows it (as a {@link LintFix}) only
 * after applying it to a copy of the file and comparing verdicts, over every path derived from
 * the changed lines and the rules they interact with, for every crawler the file names and `*`:
 * the fix may turn allowed into disallowed only on paths the original line already targeted (the
 * line's own pattern as Google reads it, or one of {@link ProposedFix.targets}), and never on `/`
 * for the crawlers the file does not name. A fix that does more is not offered; the diagnostic's message then ends with {@link ProposedFix.otherwise}.
 */
export interface ProposedFix {
  /** What the fix does, in words a site owner follows (`Write "Disallow: /private/"`). */
  readonly description: string;
  /** The edits, in byte offsets of the file, in file order and not overlapping. */
  readonly edits: readonly FixEdit[];
  /**
   * Patterns (rule values, `/private/`) whose paths the line was written to reach, when Google
   * reads it as reaching none or others (`Disallow: private/` targets `/private/`).
   * @default []
   */
  readonly targets?: readonly string[];
  /** What to do when the fix is refused, as a sentence (`Write the paths to block by hand.`). */
  readonly otherwise: string;
  /**
   * When the verified fix changes no verdict, the finding harms no crawler as written: it is then
   * an info, and this sentence (`Nothing is lost: …`) comes before the fix's.
   */
  readonly whenUnchanged?: string;
  /**
   * Patterns the line targets for one crawler only (`User-agent: admantx Disallow: /`, whose
   * line breaks were lost, targets `/` for admantx): blocking those paths for that crawler is
   * what the line says.
   * @default []
   */
  readonly crawlerTargets?: readonly CrawlerTargets[];
  /**
   * Names the finding says no crawler has (`Googelbot`, a misspelt token): verdicts that change
   * only for them are left out of the comparison, since they change for no crawler.
   * @default []
   */
  readonly notCrawlers?: readonly string[];
  /**
   * Allow lines the owner wrote as exceptions that the fix must keep deciding (an Allow-only
   * group's `Allow: *.js`, judge T 1386): a fix under which a path one of them allowed becomes
   * disallowed (a repeated rule longer than the Allow) is not offered.
   * @default []
   */
  readonly keeps?: readonly number[];
}

/** Patterns one crawler's line targets ({@link ProposedFix.crawlerTargets}). */
export interface CrawlerTargets {
  /** The product token as Google reads it (`AddThis` for `AddThis.com`), or `*`. */
  readonly agent: string;
  /** Rule patterns, as {@link ProposedFix.targets}. */
  readonly patterns: readonly string[];
}

/** A verified fix, as a {@link Diagnostic} carries it and the JSON and SARIF outputs show it. */
export interface LintFix {
  /** What the fix does, invisible and control characters escaped (`\u00A0`). */
  readonly description: string;
  /** The edits, in byte offsets of the file, in file order and not overlapping. */
  readonly edits: readonly FixEdit[];
  /**
   * Every verdict the fix changes, over every path derived from the changed lines and the rules
   * they interact with, for every crawler the file names and `*` (empty: none changes).
   */
  readonly verdicts: readonly VerdictChange[];
}

/**
 * Options of {@link lintRobotsTxt}. Disable comments in the file work too:
 * `# robotstxt-disable-next-line CODE, CODE` (or `robotstxt-disable-line` at the end of a line;
 * without codes, every code).
 */
export interface LintOptions {
  /**
   * Bytes a crawler reads; content past it is reported. Google reads 500 KiB.
   * @default 512000
   */
  readonly maxBytes?: ParseOptions['maxBytes'];
  /**
   * Also report rules whose verdicts differ between Google's reading and the others (the 1996
   * draft, Python's robotparser before and after its RFC 9309 rewrite), on URLs derived from the
   * file, each with why (`reading-wildcard`, `reading-first-match`, `reading-grouping`,
   * `reading-agent-selection`, `reading-encoding`, `reading-match-length`, `reading-differs`).
   * @default false
   */
  readonly readings?: boolean;
  /**
   * Codes not to report (a `TypeError` names one that is not a code).
   * @default []
   */
  readonly ignore?: readonly DiagnosticCode[];
  /**
   * The least severity reported: `'warning'` drops infos, `'error'` drops warnings too.
   * @default 'info'
   */
  readonly minSeverity?: Severity;
  /**
   * At most this many diagnostics of one code: the most severe first, then by line; the rest are
   * counted in {@link LintResult.omitted} and {@link LintResult.omittedBySeverity}.
   * @default Infinity
   */
  readonly maxPerCode?: number;
  /**
   * Reads a Content-Usage statement (an RFC 9651 dictionary): pass `readStatement` from
   * `robots-rep/ai-preferences` to check the statements (`content-usage-syntax`, `-value`,
   * `-label`). The package entry has no structured-field parser, so without it they are not read.
   * @default undefined
   */
  readonly readStatement?: StatementReader;
}

/** What lint needs of a read Content-Usage statement (`readStatement` gives more). */
export interface LintStatement {
  /** False when the statement is not an RFC 9651 dictionary. */
  readonly parsed: boolean;
  readonly error?: string;
  /** The dictionary's members: key, value type (`token`, `string`, …) and value. */
  readonly members: readonly {
    readonly key: string;
    readonly type: string;
    readonly value: string;
  }[];
}

/** Reads a Content-Usage statement: `readStatement` of `robots-rep/ai-preferences`. */
export type StatementReader = (text: string) => LintStatement;

/** What {@link lintRobotsTxt} returns. */
export interface LintResult {
  /** Diagnostics sorted by line, then column. */
  readonly diagnostics: readonly Diagnostic[];
  /** Number of `error` diagnostics. */
  readonly errorCount: number;
  /** Number of `warning` diagnostics. */
  readonly warningCount: number;
  /** Number of `info` diagnostics. */
  readonly infoCount: number;
  /** Per code, the diagnostics left out by `maxPerCode` (not counted above). */
  readonly omitted: Readonly<Partial<Record<DiagnosticCode, number>>>;
  /**
   * The same, per code and severity (the severity before a verified fix turns a harmless one
   * into an info): `{ 'pattern-never-matches': { error: 1, info: 2 } }`.
   */
  readonly omittedBySeverity: Readonly<
    Partial<Record<DiagnosticCode, Readonly<Partial<Record<Severity, number>>>>>
  >;
  /**
   * Diagnostics whose fix was not verified, so not offered: verifying a fix parses a fixed copy
   * of the file, and one lint reads at most 32 MiB of copies (64 fixes of a 500 KiB file). Their
   * messages say so; apply the fixes offered and lint again.
   */
  readonly fixesNotVerified: number;
  /** The body as parsed (with the reference's defaults), for further checks. */
  readonly robots: RobotsTxt;
}
