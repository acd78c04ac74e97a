/**
 * robots-rep: a robots.txt (RFC 9309) parser and matcher that agrees with Google's reference
 * parser, plus fetching, caching, explanations and lint.
 */

export { extractProductToken, isGlobalAgent } from './agent.js';
export {
  type AuditOptions,
  type AuditResult,
  type AuditRow,
  type AuditVerdict,
  auditRobotsTxt,
  type FormatAuditOptions,
  formatAuditTable,
} from './audit.js';
export {
  type CachedCopy,
  type CacheEntry,
  type CacheLock,
  type CacheStore,
  isCacheEntry,
} from './cache.js';
export {
  createRobotsClient,
  type LookupSource,
  type RobotsClient,
  type RobotsClientOptions,
  type RobotsLookup,
  type StoreOperation,
  type StoreStatus,
} from './client.js';
export { type Crawler, type CrawlerPurpose, crawlers } from './crawlers.js';
export {
  isRobotsTxtError,
  RobotsTxtError,
  type RobotsTxtErrorCode,
  type RobotsTxtErrorOptions,
} from './errors.js';
export {
  type FetchFunction,
  type FetchRobotsTxtOk,
  type FetchRobotsTxtOptions,
  type FetchRobotsTxtResult,
  type FetchRobotsTxtResultBase,
  type FetchRobotsTxtUnavailable,
  type FetchRobotsTxtUnreachable,
  type FetchStatus,
  fetchRobotsTxt,
} from './fetch.js';
export { type DiagnosticDescription, diagnosticCatalog } from './lint/catalog.js';
export { type FormatLintTextOptions, formatLintText } from './lint/format.js';
export { lintRobotsTxt } from './lint/lint.js';
export {
  type SarifInput,
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
  Diagnostic,
  DiagnosticCode,
  LintOptions,
  LintResult,
  RelatedLocation,
  Severity,
} from './lint/types.js';
export { bodyToByteString } from './parse.js';
export { escapePattern, matchesPattern } from './pattern.js';
export { allowAll, disallowAll } from './policy.js';
export { formatRule, parseRobotsTxt } from './robots.js';
export { type RobotsTxtLocation, robotsTxtLocation, robotsTxtUrl } from './robots-url.js';
export { createMemoryStore, type MemoryStoreOptions } from './stores/memory.js';
export {
  DEFAULT_MAX_BYTES,
  type DirectiveKind,
  LineFlag,
  MAX_LINE_LENGTH,
  type TokenizeHandler,
  type TokenizeSummary,
  tokenize,
} from './tokenize.js';
export type {
  AgentLine,
  Explanation,
  Group,
  LineMetadata,
  MatchedRule,
  OtherDirective,
  ParseOptions,
  RobotsPolicy,
  RobotsTxt,
  RobotsTxtData,
  Rule,
  RuleType,
  Selection,
  SitemapLine,
} from './types.js';
export { getPathParamsQuery } from './url.js';
