/**
 * The plain-data records the facade (`ParsedRobotsTxt`) builds on demand from a parse: a line's
 * metadata, the model's rule behind a matched entry, and the options as JSON carries them.
 */

import type { MatchedEntry } from './match/matcher.js';
import { LineFlag } from './parse/tokenize.js';
import type { Group, LineMetadata, MatchedRule, ParseOptions, RobotsTxtData } from './types.js';

/** The options as JSON can carry them: an infinite (absent) work budget left out. */
export function optionsAsData(options: Required<ParseOptions>): RobotsTxtData['options'] {
  if (Number.isFinite(options.workBudget)) return options;
  const { workBudget: _, ...rest } = options;
  return rest;
}

/** The model's rule behind an entry (rules are in line order), with how it matched. */
export function matchedRule(groups: readonly Group[], entry: MatchedEntry): MatchedRule {
  const rules = groups[entry.group]!.rules;
  let lo = 0;
  let hi = rules.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rules[mid]!.line < entry.line) lo = mid + 1;
    else hi = mid;
  }
  return {
    ...rules[lo]!,
    group: entry.group,
    indexRewrite: entry.indexRewrite,
    matchPriority: entry.priority,
  };
}

/** The metadata of line `line` from its tokenizer flags. */
export function lineMetadata(line: number, flags: number): LineMetadata {
  return {
    line,
    isEmpty: (flags & LineFlag.empty) !== 0,
    hasComment: (flags & LineFlag.hasComment) !== 0,
    isComment: (flags & LineFlag.isComment) !== 0,
    hasDirective: (flags & LineFlag.hasDirective) !== 0,
    isAcceptableTypo: (flags & LineFlag.acceptableTypo) !== 0,
    isLineTooLong: (flags & LineFlag.tooLong) !== 0,
    isMissingColonSeparator: (flags & LineFlag.missingColon) !== 0,
  };
}
