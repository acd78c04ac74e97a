/**
 * The `Content-Usage` HTTP response header (draft-ietf-aipref-attach-05 §2): the same RFC 9651
 * dictionary as the robots.txt rule, stating preferences for the content of that response.
 */

import { argumentError } from '../errors.js';
import { readStatement, type UsageStatement } from './statement.js';

/**
 * Reads a `Content-Usage` response header. Several field lines (an array, as `Headers` gives them
 * apart or a framework collects them) are combined with `, ` as RFC 9651 §4.2 parses them. An
 * absent header (null, undefined, no lines) states nothing: every category `unknown`. A value that
 * is not a dictionary makes every category `unknown` (vocab-08 §6.5.1), with `parsed: false` and
 * the `error`. Never throws on content; a `TypeError` for a value of the wrong type.
 *
 * @example
 * parseContentUsageHeader('train-ai=n, search=y').preferences['train-ai']; // 'disallowed'
 * parseContentUsageHeader(response.headers.get('content-usage'));
 */
export function parseContentUsageHeader(
  value: string | readonly string[] | null | undefined,
): UsageStatement {
  if (value === null || value === undefined) return readStatement('');
  if (typeof value === 'string') return readStatement(value);
  if (Array.isArray(value) && value.every((line) => typeof line === 'string')) {
    return readStatement(value.join(', '));
  }
  throw argumentError(
    'parseContentUsageHeader',
    'value',
    'a string, an array of strings or null',
    value,
  );
}
