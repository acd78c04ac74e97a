/**
 * Every diagnostic code with its fixed severity and a one-line summary, e.g. for SARIF rule
 * metadata or documentation.
 */

import type { DiagnosticCode, Severity } from './types.js';

/** What a diagnostic code means, independent of any file. */
export interface DiagnosticDescription {
  /** The severity every diagnostic with this code has. */
  readonly severity: Severity;
  /** One sentence: what is reported. */
  readonly summary: string;
}

/** All diagnostic codes of {@link lintRobotsTxt}, in a stable order. */
export const diagnosticCatalog: Readonly<Record<DiagnosticCode, DiagnosticDescription>> = {
  'html-content': {
    severity: 'error',
    summary: 'The body is an HTML page, not a robots.txt file.',
  },
  'content-past-limit': {
    severity: 'error',
    summary: 'Content past the 500 KiB that Google reads is ignored.',
  },
  'byte-order-mark': {
    severity: 'info',
    summary: 'The file starts with a UTF-8 byte order mark, which Google skips.',
  },
  'partial-byte-order-mark': {
    severity: 'warning',
    summary: 'The file starts with part of a UTF-8 byte order mark.',
  },
  'stray-byte-order-mark': {
    severity: 'error',
    summary: 'A byte order mark inside the file makes its line an unknown directive.',
  },
  'invalid-utf8': {
    severity: 'warning',
    summary: 'A line has bytes that are not valid UTF-8 (RFC 9309 requires UTF-8).',
  },
  'nul-byte': {
    severity: 'warning',
    summary: 'A NUL byte ends the usable part of a line.',
  },
  'line-too-long': {
    severity: 'warning',
    summary: 'A line longer than 16,663 bytes is cut; the rest is ignored.',
  },
  'ignored-line': {
    severity: 'warning',
    summary: 'A line that is neither a directive, a comment nor blank is ignored.',
  },
  'missing-colon': {
    severity: 'warning',
    summary: 'Key and value are separated by whitespace instead of a colon.',
  },
  'space-in-key': {
    severity: 'warning',
    summary: 'The key contains whitespace: a later colon made part of the value the key.',
  },
  'accepted-typo': {
    severity: 'warning',
    summary: 'A misspelt key that Google accepts but other parsers may not.',
  },
  'nonstandard-key': {
    severity: 'info',
    summary: 'A key that Google reads by its prefix (e.g. `Disallowed`).',
  },
  'unsupported-directive': {
    severity: 'warning',
    summary:
      "A key Google's report calls recognised but unsupported (Crawl-delay, Noindex, Host, Content-Signal, …): Google ignores it.",
  },
  'unknown-directive': {
    severity: 'warning',
    summary: "A key Google's report calls unknown: no crawler following RFC 9309 uses it.",
  },
  'rule-outside-group': {
    severity: 'error',
    summary: 'An Allow or Disallow line before any User-agent line is ignored.',
  },
  'pattern-never-matches': {
    severity: 'error',
    summary: 'A pattern that does not start with `/` or `*` never matches.',
  },
  'literal-dollar': {
    severity: 'warning',
    summary: 'A `$` that is not the last character is a literal dollar sign.',
  },
  'empty-user-agent': {
    severity: 'error',
    summary: 'A User-agent line without a value names no crawler.',
  },
  'user-agent-no-token': {
    severity: 'error',
    summary: 'A User-agent value with no product token names no crawler.',
  },
  'user-agent-truncated': {
    severity: 'warning',
    summary: 'Google reads a shorter product token than written (`MJ12bot` → `MJ`).',
  },
  'user-agent-version': {
    severity: 'info',
    summary: 'Only the product token of a User-agent value counts (`Googlebot/2.1` → `Googlebot`).',
  },
  'user-agent-without-rules': {
    severity: 'warning',
    summary: 'A group without rules: its crawlers may crawl everything and skip the `*` rules.',
  },
  'duplicate-rule': {
    severity: 'warning',
    summary: 'A rule identical to an earlier one in the same group.',
  },
  'shadowed-rule': {
    severity: 'warning',
    summary: 'A rule that never decides: another rule of its group always outranks it.',
  },
  'allow-disallow-tie': {
    severity: 'warning',
    summary: 'A Disallow that never blocks: an Allow of equal length matches all its paths.',
  },
  'equal-length-overlap': {
    severity: 'info',
    summary: 'An Allow and a Disallow of equal length match some paths alike; the Allow wins.',
  },
  'reading-differs': {
    severity: 'info',
    summary:
      "A rule whose verdict differs between Google's reading and the 1996 draft's or Python's robotparser's (asked for with readings: true).",
  },
  'relative-sitemap': {
    severity: 'error',
    summary: 'A Sitemap value that is not an absolute http(s) URL is ignored.',
  },
};
