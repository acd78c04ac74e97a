/**
 * `robots-rep/ai-preferences`: AI usage preferences per URL — IETF AIPREF `Content-Usage`
 * (robots.txt rule and HTTP header) and Cloudflare's `Content-Signal`.
 *
 * A subpath of its own because a `Content-Usage` statement is an RFC 9651 structured-field
 * dictionary, parsed here by the `structured-headers` package: the package entry (`robots-rep`)
 * stays free of dependencies. Everything here runs unchanged in a browser.
 */

export {
  CONTENT_SIGNAL_VOCABULARY,
  CONTENT_USAGE_VOCABULARY,
  type ContentSignalCategory,
  type ContentUsageCategory,
  type ContentUseLevel,
  type Preference,
  USAGE_PURPOSES,
  type UsagePurpose,
} from '../extensions/vocabulary.js';
export {
  auditUsage,
  formatPurposeCell,
  formatUsageAuditTable,
  type UsageAuditResult,
  type UsageAuditRow,
  type UsageAuditVerdict,
} from './audit.js';
export { parseContentUsageHeader } from './header.js';
export {
  type MemberType,
  readStatement,
  type StatementMember,
  type UsageStatement,
} from './statement.js';
export {
  type AppliedRule,
  combineUsage,
  type PreferenceDecision,
  type PurposeDecision,
  type UsageResult,
  usage,
} from './usage.js';
