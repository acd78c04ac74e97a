/**
 * Lint family `ai-preferences`: Content-Usage (IETF AIPREF) and Content-Signal (Cloudflare) lines
 * that do not say what their writer meant — a preference that reads as unknown, a line no crawler
 * reads, a preference on a path no crawler may fetch.
 *
 * A Content-Usage statement is an RFC 9651 dictionary; the package entry has no structured-field
 * parser, so the checks of its statements run when `readStatement` (from
 * `robots-rep/ai-preferences`) is given in the options, as `robotstxt lint` does.
 */

import { type ExtensionRecord, readExtensions } from '../../extensions/records.js';
import {
  CONTENT_SIGNAL_VOCABULARY,
  CONTENT_USAGE_VOCABULARY,
} from '../../extensions/vocabulary.js';
import { matchesPattern } from '../../match/pattern.js';
import type { Group, Rule } from '../../types.js';
import { asciiLowerCase } from '../../util/bytes.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import type { ProposedFix, StatementReader } from '../types.js';

export const aiPreferences: LintFamily = {
  name: 'ai-preferences',
  codes: {
    'content-usage-outside-group': {
      severity: 'warning',
      summary:
        'A Content-Usage line before the first User-agent line belongs to no group: no crawler reads it.',
    },
    'content-usage-syntax': {
      severity: 'error',
      summary:
        'A Content-Usage statement that is not an RFC 9651 dictionary: every category reads as unknown.',
    },
    'content-usage-value': {
      severity: 'warning',
      summary:
        'A Content-Usage value other than the tokens y and n (`yes`, `"n"`, …) reads as unknown.',
    },
    'content-usage-label': {
      severity: 'warning',
      summary:
        'A Content-Usage label the vocabulary does not define (or an earlier draft dropped): ignored.',
    },
    'content-signal-syntax': {
      severity: 'warning',
      summary:
        'A Content-Signal pair that is not a known signal with `yes` or `no` (or `use=` with a known level).',
    },
    'content-signal-outside-group': {
      severity: 'info',
      summary:
        'A Content-Signal line before the first User-agent line: read as applying to every crawler.',
    },
    'usage-on-disallowed-path': {
      severity: 'warning',
      summary:
        "A preference on a path its group's Disallow rules block entirely: it never applies.",
    },
  },
  check: checkAiPreferences,
};

function checkAiPreferences(context: LintContext): LintChecks {
  return {
    end() {
      if (context.html) return;
      const reader = context.options.readStatement;
      for (const record of readExtensions(context.robots)) {
        if (record.type === 'content-usage') checkUsage(context, record, reader);
        else if (record.type === 'content-signal') checkSignal(context, record);
      }
    },
  };
}

type UsageRecord = Extract<ExtensionRecord, { type: 'content-usage' }>;
type SignalRecord = Extract<ExtensionRecord, { type: 'content-signal' }>;

function span(context: LintContext, line: number): { from?: number; to?: number } {
  const d = context.directives[line];
  return d === undefined ? {} : { from: d.valueStart, to: d.valueEnd };
}

function checkUsage(
  context: LintContext,
  record: UsageRecord,
  reader: StatementReader | undefined,
): void {
  const at = { line: record.line, ...span(context, record.line) };
  if (record.group < 0) {
    context.report({
      code: 'content-usage-outside-group',
      ...at,
      message:
        'Content-Usage before the first User-agent line belongs to no group, so no crawler reads it (draft-ietf-aipref-attach-05 §3: it is a rule of a group). Move it under a User-agent line, e.g. `User-agent: *`.',
    });
  }
  let allows = false;
  if (reader !== undefined) {
    const statement = reader(record.statement);
    if (record.statement.trim() === '') {
      context.report({
        code: 'content-usage-syntax',
        ...at,
        message: `The line has ${record.path === null ? 'no statement' : `a path (${record.path}) but no statement after it`}: it states no preference.`,
      });
    } else if (!statement.parsed) {
      context.report({
        code: 'content-usage-syntax',
        ...at,
        message: `"${record.statement}" is not an RFC 9651 dictionary (${statement.error ?? 'it does not parse'}), so every category reads as unknown (draft-ietf-aipref-vocab-08 §6.5.1).${/[A-Z]/.test(record.statement) ? ' Labels are case-sensitive: write them in lowercase.' : ''}`,
      });
    }
    const labels = CONTENT_USAGE_VOCABULARY.categories.map((c) => c.label as string);
    for (const member of statement.members) {
      if (labels.includes(member.key)) {
        if (member.type === 'token' && (member.value === 'y' || member.value === 'n')) {
          allows ||= member.value === 'y';
          continue;
        }
        const fix = valueFix(context, record, member);
        context.report({
          code: 'content-usage-value',
          ...at,
          message: `${member.key}: ${describeValue(member)} reads as unknown; Content-Usage takes the tokens y and n (draft-ietf-aipref-vocab-08 §6.2).`,
          ...(fix === undefined ? {} : { fix }),
        });
        continue;
      }
      const retired = CONTENT_USAGE_VOCABULARY.retired.find((r) => r.label === member.key);
      const signal = CONTENT_SIGNAL_VOCABULARY.categories.find((c) => c.label === member.key);
      const current = `the labels of ${CONTENT_USAGE_VOCABULARY.vocabulary.draft} are ${labels.join(', ')}`;
      if (retired !== undefined) {
        context.report({
          code: 'content-usage-label',
          ...at,
          message: `${member.key} is not a label any more (${retired.note}): it is ignored; ${current}${retired.replacement === undefined ? '' : ` — ${retired.replacement} is closest`}.`,
        });
      } else if (signal !== undefined) {
        const same = CONTENT_USAGE_VOCABULARY.categories.find((c) => c.purpose === signal.purpose);
        context.report({
          code: 'content-usage-label',
          ...at,
          message: `${member.key} is a Content-Signal label; Content-Usage ignores it${same === undefined ? '' : ` and says ${same.label}`} (${current}).`,
        });
      } else {
        context.report({
          code: 'content-usage-label',
          ...at,
          severity: 'info',
          message: `${member.key} is not a label of ${CONTENT_USAGE_VOCABULARY.vocabulary.draft}: it is ignored (${current}).`,
        });
      }
    }
  }
  if (record.group >= 0) checkDisallowed(context, record, allows);
}

function describeValue(member: { readonly type: string; readonly value: string }): string {
  if (member.type === 'token') return `the token ${member.value}`;
  if (member.type === 'string') return `the string "${member.value}"`;
  if (member.type === 'boolean') return 'a key without a value';
  return `a ${member.type} value`;
}

/**
 * The fix of a value meant as yes or no (`yes`, `true`, `?1`, `1` → `y`): the member's value as
 * written in the line (its last occurrence, the one that counts) replaced by the token, its
 * parameters kept. Lint verifies it like every fix; undefined when the meaning is not clear.
 */
function valueFix(
  context: LintContext,
  record: UsageRecord,
  member: { readonly key: string; readonly value: string },
): ProposedFix | undefined {
  const value = asciiLowerCase(member.value);
  const meant = ['yes', 'y', 'true', 'allow', '1'].includes(value)
    ? 'y'
    : ['no', 'n', 'false', 'disallow', '0'].includes(value)
      ? 'n'
      : undefined;
  const d = context.directives[record.line];
  if (meant === undefined || d === undefined) return undefined;
  const raw = context.text.slice(d.valueStart, d.valueEnd);
  // The statement follows the path, if any, and the spaces after it (splitPreferenceLine).
  const start = record.path === null ? 0 : raw.search(/[ \t]|$/);
  const span = memberValueSpan(raw, start, member.key);
  if (span === undefined) return undefined;
  return {
    description: `Write ${member.key}=${meant}.`,
    edits: [{ start: d.valueStart + span[0], end: d.valueStart + span[1], text: `=${meant}` }],
    otherwise: `Write ${member.key}=${meant} by hand.`,
  };
}

/**
 * Where the value of the last member named `key` is in a dictionary (RFC 9651 §3.2) written in
 * `raw` from `from`: from its `=` (or the end of a bare key) to its parameters or the next member.
 */
function memberValueSpan(raw: string, from: number, key: string): [number, number] | undefined {
  let found: [number, number] | undefined;
  let i = from;
  const skipTo = (stops: string): void => {
    let quoted = false;
    for (; i < raw.length; i++) {
      const c = raw[i]!;
      if (quoted) {
        if (c === '\\') i++;
        else if (c === '"') quoted = false;
      } else if (c === '"') quoted = true;
      else if (stops.includes(c)) return;
    }
  };
  while (i < raw.length) {
    while (i < raw.length && ' \t,'.includes(raw[i]!)) i++;
    const keyStart = i;
    while (i < raw.length && !'=;, \t'.includes(raw[i]!)) i++;
    const name = raw.slice(keyStart, i);
    const valueStart = i;
    if (raw[i] === '=') skipTo(';, \t');
    if (name === key) found = [valueStart, i];
    skipTo(',');
  }
  return found;
}

function checkSignal(context: LintContext, record: SignalRecord): void {
  const at = { line: record.line, ...span(context, record.line) };
  if (record.group < 0) {
    context.report({
      code: 'content-signal-outside-group',
      ...at,
      message:
        'Content-Signal before the first User-agent line: where such a line applies is not specified. robots-rep reads it as applying to every crawler; others may ignore it. Put it under `User-agent: *`.',
    });
  }
  const vocabulary = CONTENT_SIGNAL_VOCABULARY;
  const labels = vocabulary.categories.map((c) => c.label as string);
  const problems: string[] = [];
  for (const piece of record.signals.malformed) problems.push(`"${piece}" is not a key=value pair`);
  let allows = false;
  for (const { key, value } of record.signals.entries) {
    const name = asciiLowerCase(key);
    const said = asciiLowerCase(value);
    if (name === vocabulary.use.key) {
      if (!vocabulary.use.levels.some((l) => l === said)) {
        problems.push(`"use=${value}": the levels are ${vocabulary.use.levels.join(', ')}`);
      }
    } else if (!labels.includes(name)) {
      const usage = CONTENT_USAGE_VOCABULARY.categories.find((c) => c.label === name);
      const same = vocabulary.categories.find((c) => c.purpose === usage?.purpose);
      problems.push(
        `"${key}" is not a signal (${labels.join(', ')}, use)${same === undefined ? '' : `: Content-Signal says ${same.label}`}`,
      );
    } else if (said !== vocabulary.allow && said !== vocabulary.disallow) {
      problems.push(`"${key}=${value}" reads as no preference: Content-Signal takes yes or no`);
    } else {
      allows ||= said === vocabulary.allow;
    }
  }
  if (record.signals.entries.length === 0 && record.signals.malformed.length === 0) {
    problems.push('The line states no signal');
  }
  for (const problem of problems) {
    context.report({ code: 'content-signal-syntax', ...at, message: `${problem}.` });
  }
  if (record.group >= 0) checkDisallowed(context, record, allows);
}

/**
 * `usage-on-disallowed-path`: the line's path (every path, without one) is blocked by its group's
 * rules for every URL under it, so its preferences never apply (attach-05 §3.1). Only reported
 * when that is certain: a literal path, decided by a Disallow that no longer Allow under it beats.
 */
function checkDisallowed(
  context: LintContext,
  record: UsageRecord | SignalRecord,
  allows: boolean,
): void {
  if (/[*$]/.test(record.pattern)) return;
  const group: Group | undefined = context.robots.groups[record.group];
  if (group === undefined) return;
  const path = record.pattern === '' ? '/' : record.pattern;
  let allow: Rule | undefined;
  let disallow: Rule | undefined;
  for (const rule of group.rules) {
    if (!matchesPattern(rule.pattern, path)) continue;
    if (rule.type === 'allow') {
      if (allow === undefined || rule.priority > allow.priority) allow = rule;
    } else if (disallow === undefined || rule.priority > disallow.priority) {
      disallow = rule;
    }
  }
  // RFC 9309 §2.2.2: the longest match decides; on a tie, Allow.
  if (disallow === undefined || (allow !== undefined && allow.priority >= disallow.priority))
    return;
  const blocker = disallow;
  const opened = group.rules.some((rule) => {
    if (rule.type !== 'allow' || rule.priority <= blocker.priority) return false;
    const literal = rule.pattern.split(/[*$]/, 1)[0]!;
    return (
      literal.startsWith(path) || (literal.length < rule.pattern.length && path.startsWith(literal))
    );
  });
  if (opened) return;
  const key = record.type === 'content-usage' ? 'Content-Usage' : 'Content-Signal';
  context.report({
    code: 'usage-on-disallowed-path',
    line: record.line,
    ...span(context, record.line),
    ...(allows ? {} : { severity: 'info' as const }),
    message: `${key} ${record.path === null ? 'for every path' : `for ${record.path}`} never applies: line ${blocker.line} (Disallow: ${blocker.value}) blocks every URL ${record.path === null ? '' : 'under it '}for this group, and a URL that may not be fetched carries no preference (draft-ietf-aipref-attach-05 §3.1).${allows ? ' The uses it allows cannot happen.' : ''}`,
    related: [{ line: blocker.line, message: `Disallow: ${blocker.value}` }],
  });
}
