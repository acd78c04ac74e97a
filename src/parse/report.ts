/**
 * Google's robots.txt report, line by line: what Search Console's report (the reference's
 * `RobotsParsingReporter`, `reporting_robots.cc`) records for every line of a file — the tag read,
 * whether a typo was accepted, and the reference's `LineMetadata` flags — with its totals.
 */

import { argumentError } from '../errors.js';
import type { ReportLine, ReportTag, RobotsTxtReport } from '../types.js';
import { asciiLowerCase } from '../util/bytes.js';
import { readBody } from './body.js';
import { DEFAULT_MAX_BYTES, type DirectiveKind, LineFlag, tokenize } from './tokenize.js';
import { UNSUPPORTED_TAGS } from './unsupported-tags.js';

/** Options of {@link reportRobotsTxt}. */
export interface ReportOptions {
  /**
   * Bytes of the body the report reads, as Google fetches them (a line cut by the limit is still
   * reported, as the reporter sees it). RFC 9309 §2.5.
   * @default 512000
   */
  readonly maxBytes?: number;
}

const UNSUPPORTED = new Set(UNSUPPORTED_TAGS);

/**
 * The report of a body given as a byte string (one character per byte): every line is a record.
 * @internal the facade and {@link reportRobotsTxt} share it.
 */
export function reportByteString(text: string): RobotsTxtReport {
  const tags: ReportTag[] = [];
  const lines: ReportLine[] = [];
  let validDirectives = 0;
  let unusedDirectives = 0;
  const summary = tokenize(text, text.length, {
    directive(line: number, kind: DirectiveKind, keyStart: number, keyEnd: number) {
      if (kind !== 'unknown') {
        tags[line] = kind;
        validDirectives++;
        return;
      }
      unusedDirectives++;
      tags[line] = UNSUPPORTED.has(asciiLowerCase(text.slice(keyStart, keyEnd)))
        ? 'unused'
        : 'unknown';
    },
    line(line: number, flags: number) {
      const isAcceptableTypo = (flags & LineFlag.acceptableTypo) !== 0;
      lines.push({
        line,
        tag: tags[line] ?? 'unknown',
        typo: isAcceptableTypo,
        isEmpty: (flags & LineFlag.empty) !== 0,
        hasComment: (flags & LineFlag.hasComment) !== 0,
        isComment: (flags & LineFlag.isComment) !== 0,
        hasDirective: (flags & LineFlag.hasDirective) !== 0,
        isAcceptableTypo,
        isLineTooLong: (flags & LineFlag.tooLong) !== 0,
        isMissingColonSeparator: (flags & LineFlag.missingColon) !== 0,
      });
    },
  });
  return { lastLine: summary.lineCount, validDirectives, unusedDirectives, lines };
}

/**
 * Google's per-line report of a robots.txt body, as Search Console computes it: one record for
 * every line, with the tag Google read and the line's flags, and the totals. A string body is
 * read as its UTF-8 encoding, bytes as they are; at most `maxBytes` of them, as Google fetches.
 * Never throws on any content; throws a `TypeError` only for an argument of the wrong type.
 *
 * @example
 * const report = reportRobotsTxt('User-agent: *\nCrawl-delay: 5\nDisallow: /x\n');
 * report.lines[1]?.tag; // 'unused'
 * report.validDirectives; // 2
 * report.lastLine; // 4
 */
export function reportRobotsTxt(
  body: string | Uint8Array | ArrayBuffer,
  options: ReportOptions = {},
): RobotsTxtReport {
  const { text } = readBody(body, 0, 'reportRobotsTxt');
  if (options === null || typeof options !== 'object') {
    throw argumentError('reportRobotsTxt', 'options', 'an object', options);
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || Number.isNaN(maxBytes) || maxBytes < 0) {
    throw argumentError('reportRobotsTxt', 'options.maxBytes', 'a non-negative number', maxBytes);
  }
  return reportByteString(text.length > maxBytes ? text.slice(0, maxBytes) : text);
}
