/**
 * robots-rep: a robots.txt (RFC 9309) parser and matcher that agrees with Google's reference
 * parser, plus fetching, caching, explanations and lint.
 */

import { bodyToByteString, parseByteString, resolveOptions } from './parse.js';
import { ParsedRobotsTxt } from './robots.js';
import type { ParseOptions, RobotsTxt } from './types.js';

/**
 * Parses a robots.txt body once; the result answers any number of checks.
 *
 * A string body is read as its UTF-8 encoding, a `Uint8Array` (or `ArrayBuffer`) as raw bytes.
 * Never throws on any content: what is not a directive is skipped and recorded in `lines`.
 * Throws a `TypeError` only for an argument of the wrong type.
 *
 * @example
 * const robots = parseRobotsTxt('User-agent: *\nDisallow: /private\n');
 * robots.isAllowed('https://example.com/private/x', 'ExampleBot'); // false
 * robots.explain('https://example.com/private/x', 'ExampleBot').line; // 2
 */
export function parseRobotsTxt(
  body: string | Uint8Array | ArrayBuffer,
  options?: ParseOptions,
): RobotsTxt {
  const resolved = resolveOptions(options);
  return new ParsedRobotsTxt(parseByteString(bodyToByteString(body), resolved));
}

export { extractProductToken, isGlobalAgent } from './agent.js';
export { bodyToByteString } from './parse.js';
export { escapePattern, matchesPattern } from './pattern.js';
export { allowAll, disallowAll } from './policy.js';
export { formatRule } from './robots.js';
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
  Rule,
  RuleType,
  Selection,
  SitemapLine,
} from './types.js';
export { getPathParamsQuery } from './url.js';
