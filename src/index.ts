/**
 * robots-rep: a robots.txt (RFC 9309) parser and matcher that agrees with Google's reference
 * parser, plus fetching, caching, explanations and lint.
 */

export {
  AUDIT_FOOTNOTES,
  type AuditNote,
  type AuditNoteKind,
  type AuditOptions,
  type AuditResult,
  type AuditRow,
  type AuditVerdict,
  auditRobotsTxt,
  type FormatAuditOptions,
  formatAuditTable,
} from './audit/audit.js';
export {
  type CrawlerList,
  CrawlerListError,
  type CrawlerListOptions,
  combineCrawlers,
  MAX_CRAWLER_LIST_BYTES,
  MAX_CRAWLER_LIST_ENTRIES,
  parseCrawlerList,
  type SkippedCrawler,
} from './audit/crawler-list.js';
export {
  type AgentQuery,
  type CallOptions,
  createRobotsClient,
  type LookupSource,
  type PacingStats,
  PacingUnavailableError,
  type ParsedCacheStats,
  type RetryAfter,
  type RobotsClient,
  type RobotsClientOptions,
  type RobotsClientStats,
  type RobotsLookup,
  type StoreOperation,
  type StoreStatus,
} from './cache/client.js';
export type {
  CachedCopy,
  CacheEntry,
  CacheLock,
  CacheStore,
  SlotOptions,
  SlotReply,
} from './cache/store.js';
export { createMemoryStore, type MemoryStoreOptions } from './cache/stores/memory.js';
export {
  isRobotsTxtError,
  RobotsTxtError,
  type RobotsTxtErrorCode,
  type RobotsTxtErrorOptions,
} from './errors.js';
export { formatRule } from './explain.js';
export {
  type ContentSignalEntry,
  type ContentSignalStatement,
  parseContentSignal,
} from './extensions/content-signal.js';
export type { PreferenceLine } from './extensions/preference-line.js';
export {
  type CleanParamRecord,
  type ContentSignalRecord,
  type ContentUsageRecord,
  type CrawlDelayRecord,
  type ExtensionRecord,
  type ExtensionRecordBase,
  type ExtensionType,
  type HostRecord,
  type LicenseRecord,
  type OtherExtensionRecord,
  type RequestRateRecord,
  readExtensions,
  type TimeWindow,
  type VisitTimeRecord,
} from './extensions/records.js';
export {
  CONTENT_SIGNAL_VOCABULARY,
  CONTENT_USAGE_VOCABULARY,
  type ContentSignalCategory,
  type ContentSignalVocabulary,
  type ContentUsageCategory,
  type ContentUsageVocabulary,
  type ContentUseLevel,
  type Preference,
  type RetiredLabel,
  USAGE_PURPOSES,
  type UsageCategoryDescription,
  type UsagePurpose,
} from './extensions/vocabulary.js';
export { fetchRobotsTxt } from './fetch/fetch.js';
export {
  DEFAULT_TIMEOUT,
  DEFAULT_USER_AGENT,
  type FetchFunction,
  type FetchRobotsTxtOptions,
} from './fetch/options.js';
export { allowAll, disallowAll } from './fetch/outcome-policy.js';
export type {
  FetchRefusal,
  FetchRobotsTxtOk,
  FetchRobotsTxtResult,
  FetchRobotsTxtResultBase,
  FetchRobotsTxtUnavailable,
  FetchRobotsTxtUnreachable,
  FetchStatus,
} from './fetch/result.js';
export { type RobotsTxtLocation, robotsTxtLocation, robotsTxtUrl } from './fetch/robots-url.js';
export { type DiagnosticDescription, diagnosticCatalog } from './lint/catalog.js';
export { type AppliedFixes, applyLintFixes, MAX_VERIFIED_BYTES } from './lint/fix.js';
export { type FormatLintTextOptions, formatLintText } from './lint/format.js';
export { lintRobotsTxt } from './lint/lint.js';
export {
  type SarifFix,
  type SarifInput,
  type SarifInvocation,
  type SarifLevel,
  type SarifLocation,
  type SarifLog,
  type SarifResult,
  type SarifRule,
  type SarifRun,
  type ToSarifOptions,
  toSarif,
} from './lint/sarif.js';
export type {
  CrawlerTargets,
  Diagnostic,
  DiagnosticCode,
  FixEdit,
  LintFix,
  LintOptions,
  LintResult,
  LintStatement,
  ProposedFix,
  RelatedLocation,
  Severity,
  StatementReader,
} from './lint/types.js';
export { getPathParamsQuery } from './match/path.js';
export { matchesPattern } from './match/pattern.js';
export {
  extractProductToken,
  isGlobalAgent,
  productTokenProblem,
  suggestProductToken,
} from './parse/agent.js';
export { INTERPRETATIONS } from './parse/body.js';
export { MAX_CRAWL_DELAY, parseCrawlDelay } from './parse/crawl-delay.js';
export { escapePattern } from './parse/escape.js';
export { type ReportOptions, reportRobotsTxt } from './parse/report.js';
export {
  DEFAULT_MAX_BYTES,
  type DirectiveKind,
  LineFlag,
  MAX_LINE_LENGTH,
  type TokenizeHandler,
  type TokenizeSummary,
  tokenize,
} from './parse/tokenize.js';
export { UNSUPPORTED_TAGS } from './parse/unsupported-tags.js';
export { compareReadings, READING_NAMES, readingsDisagree } from './readings/compare.js';
export {
  CRAWLER_RULES,
  type CrawlerGroup,
  type CrawlerRule,
  type CrawlerRuleKind,
  type CrawlerVerdict,
  checkAsCrawler,
  crawlerGroup,
  crawlerRuleOf,
} from './readings/crawler-model.js';
export {
  CRAWLER_PURPOSES,
  type Crawler,
  type CrawlerPurpose,
  crawlers,
  crawlerTokenProblem,
} from './readings/crawlers.js';
export { parseReadings, parseRobotsTxt } from './robots.js';
export type {
  AgentLine,
  Explanation,
  Group,
  Interpretation,
  LineMetadata,
  MatchedRule,
  OtherDirective,
  ParseOptions,
  Readings,
  ReadingVerdict,
  ReportLine,
  ReportTag,
  RequestRate,
  RobotsPolicy,
  RobotsTxt,
  RobotsTxtData,
  RobotsTxtReport,
  Rule,
  RuleType,
  Selection,
  SitemapLine,
} from './types.js';
export {
  type DiffOptions,
  type DiffRule,
  type DiffVerdict,
  diffRobotsTxt,
  type GroupChange,
  type RobotsDiff,
  type RobotsInput,
  type VerdictChange,
} from './verify/diff.js';
export {
  type Expectation,
  type ExpectationError,
  type ParsedExpectations,
  parseExpectations,
  type TestCase,
  type TestResult,
  testRobotsTxt,
} from './verify/expect.js';
export {
  type FormatTestOptions,
  formatDiffText,
  formatTestText,
  testResultToSarif,
  toJUnit,
} from './verify/format.js';
