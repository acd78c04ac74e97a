/**
 * Verified fixes: a family proposes a fix with its finding ({@link ProposedFix}); lint applies it
 * to a copy of the file and compares verdicts with the complete diff (`changes/`) before it shows
 * it. A fix may turn allowed into disallowed only on paths the original line already targeted,
 * and never disallows "/" for every crawler.
 */

import { rulesRead } from '../changes/groups-read.js';
import {
  ANY_OTHER_AGENT,
  compareVerdicts,
  type SideReading,
  type VerdictComparison,
} from '../changes/verdict-changes.js';
import { getPathParamsQuery } from '../match/path.js';
import { matchesPattern } from '../match/pattern.js';
import { readBody } from '../parse/body.js';
import { crawlerGroup } from '../readings/crawler-model.js';
import type { ParseOptions, RobotsPolicy, RobotsTxt, Rule, VerdictChange } from '../types.js';
import { byteStringToBytes, stringToByteString } from '../util/bytes.js';
import { visibleText } from '../util/terminal.js';
import type { LintContext } from './context.js';
import { type FixedCopy, readFixedCopy } from './fixed-copy.js';
import { canMatch } from './shadowing.js';
import type { Diagnostic, FixEdit, LintFix, LintResult, ProposedFix } from './types.js';
import { isRequestable } from './url-text.js';

// Comparisons one fix may take (crawlers reading the same groups share one); a fix that needs
// more is not offered, since it could not be verified.
const MAX_FIX_CHECKS = 200_000;
// Verdict changes quoted in a message, and the characters of each URL quoted.
const MAX_QUOTED = 3;
const MAX_QUOTED_URL = 60;

/** A URL as a message quotes it: escaped, and cut with `…` past {@link MAX_QUOTED_URL}. */
function quoteUrl(url: string): string {
  return visibleText(url.length > MAX_QUOTED_URL ? `${url.slice(0, MAX_QUOTED_URL - 1)}…` : url);
}

/**
 * Bytes of fixed copies one lint reads to verify fixes: each fix not verified before (diagnostics
 * often share one) costs a parse of the groups around its edits and of the groups the crawlers
 * they name read elsewhere (`fixed-copy.ts`), at most the whole file. Past it, the remaining fixes
 * are not offered, and the result counts them (`LintResult.fixesNotVerified`): at least 64 fixes
 * of a 500 KiB file, 1,000 of a 32 KiB one, and far more when the edits are in small groups.
 */
export const MAX_VERIFIED_BYTES: number = 32 * 1024 * 1024;

/**
 * A check of a fixed copy beyond its verdicts (the file as lint read it, and the copy): why the
 * fix is not offered, or undefined. Run only for a fix that turns some allowed path disallowed.
 */
export type FixGuard = (subject: FixSubject, copy: FixedCopy) => string | undefined;

/** What verifying a proposal gave: the fix to show, or why it is not offered. */
export type FixVerdict =
  | { readonly offered: true; readonly fix: LintFix }
  | {
      readonly offered: false;
      readonly reason: string;
      /** Not verified: the lint's {@link MAX_VERIFIED_BYTES} were spent on earlier fixes. */
      readonly unverified?: true;
    };

/** `12 fixes not offered: …`, the sentence every output gives for {@link LintResult.fixesNotVerified}. */
export function unverifiedFixesText(count: number): string {
  return `${count} fix${count === 1 ? '' : 'es'} not offered: verifying a fix parses the fixed copy of its part of the file, at most ${MAX_VERIFIED_BYTES / 1024 / 1024} MiB of copies in one lint; apply the fixes offered (robotstxt lint --fix) and lint again`;
}

/** The bytes left to verify fixes with, shared by one lint's fixes. */
export interface FixBudget {
  bytes: number;
}

/** The file a fix is verified against, as lint read it. */
export interface FixSubject {
  /** The body as a byte string. */
  readonly text: string;
  readonly robots: RobotsTxt;
  readonly parseOptions: Required<ParseOptions>;
}

/** The body with `edits` applied (offsets in bytes; the replacement text encoded as UTF-8). */
export function applyEdits(text: string, edits: readonly FixEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    out += text.slice(at, edit.start) + stringToByteString(edit.text);
    at = edit.end;
  }
  return out + text.slice(at);
}

/** Whether the edits are in the file, in order and apart (two insertions at one place are not). */
export function editsValid(text: string, edits: readonly FixEdit[]): boolean {
  let at = -1;
  for (const e of edits) {
    const ok =
      Number.isSafeInteger(e.start) &&
      Number.isSafeInteger(e.end) &&
      e.start > at &&
      e.start <= e.end &&
      e.end <= text.length &&
      typeof e.text === 'string';
    if (!ok) return false;
    at = e.end === e.start ? e.start : e.end - 1;
  }
  return edits.length > 0;
}

/**
 * Applies `proposal` to a copy of the file and compares verdicts over every path derived from the
 * changed lines and the rules they interact with, for every crawler either version names and `*`.
 * Refused when an allowed path becomes disallowed that neither `targeted` (the patterns the line
 * reaches as Google reads it) nor the proposal's `targets` (or, for that crawler, its
 * `crawlerTargets`) match, when it would disallow "/" for crawlers the file does not name, or
 * when the comparison would exceed its bound.
 */
export function verifyFix(
  subject: FixSubject,
  proposal: ProposedFix,
  targeted: readonly string[],
  budget: FixBudget = { bytes: MAX_VERIFIED_BYTES },
  guard?: FixGuard,
): FixVerdict {
  if (!editsValid(subject.text, proposal.edits)) {
    return { offered: false, reason: 'its edits are not ranges of the file' };
  }
  const compared = compareFixed(subject, proposal.edits, budget);
  if (compared === undefined) {
    return {
      offered: false,
      unverified: true,
      reason: `verifying it would pass the ${MAX_VERIFIED_BYTES / 1024 / 1024} MiB of fixed copies one lint parses; apply the fixes offered and lint again`,
    };
  }
  const { copy } = compared;
  if (compared.omitted > 0) {
    return { offered: false, reason: 'it changes too many rules to check every verdict' };
  }
  const patterns = [...targeted, ...(proposal.targets ?? [])];
  const own = new Map<string, string[]>();
  for (const t of proposal.crawlerTargets ?? []) {
    const key = t.agent.toLowerCase();
    own.set(key, [...(own.get(key) ?? []), ...t.patterns]);
  }
  const targetsOf = (agent: string): readonly string[] => {
    const mine = own.get(agent.toLowerCase());
    return mine === undefined ? patterns : [...patterns, ...mine];
  };
  // A search stopped by its budget compared short paths only: the fix is not shown as verified,
  // unless its shape proves what the search could not reach (`onlyBlocksTargets`) and the
  // derived paths show what it changes. (Checking such fixes again with ten times the budget
  // made a lint of the corpus five times as long under load.)
  if (
    compared.search.stopped &&
    !(
      compared.verdicts.length > 0 &&
      onlyBlocksTargets(subject.robots, copy, targetsOf, proposal.notCrawlers ?? [])
    ) &&
    !onlyDropsUnrequestable(subject.robots, copy)
  ) {
    return {
      offered: false,
      reason: `the change could not be checked completely: the search for URLs whose verdict it changes stopped at its bound (every path of at most ${compared.search.comparedUpTo} characters compared)`,
    };
  }
  const ignored = new Set((proposal.notCrawlers ?? []).map((n) => n.toLowerCase()));
  const verdicts =
    ignored.size === 0
      ? compared.verdicts
      : compared.verdicts.filter((v) => !ignored.has(v.agent.toLowerCase()));
  const beyond = verdicts.filter(
    (v) =>
      v.before.allowed &&
      !v.after.allowed &&
      // A witness path that starts with `//` is written as a full URL (it would read as a host):
      // the targets are matched against its path.
      !targetsOf(v.agent).some((p) => matchesPattern(p, getPathParamsQuery(v.url))),
  );
  if (beyond.length > 0) {
    return { offered: false, reason: `it would also block ${quote(beyond)}` };
  }
  const keeps = new Set(proposal.keeps ?? []);
  const overridden = verdicts.filter(
    (v) => v.before.allowed && !v.after.allowed && keeps.has(v.before.line),
  );
  if (overridden.length > 0) {
    const lines = [...new Set(overridden.map((v) => v.before.line))].sort((a, b) => a - b);
    return {
      offered: false,
      reason: `the rules it writes are longer than ${lines.length === 1 ? `line ${lines[0]}'s Allow` : `the Allows of lines ${lines.join(', ')}`}, which would then no longer decide ${quoteChanges(overridden)}`,
    };
  }
  // Lint never takes a site's home page (and, with `Disallow: /`, the whole site) from every
  // crawler for its owner, even where the line meant it: a file left as `User-agent: *
  // Disallow: /` on one line has let crawlers in since it was written, and `--fix` applies what
  // it offers without a second look.
  if (
    subject.robots.isAllowed('/', ANY_OTHER_AGENT) &&
    !copy.robots.isAllowed('/', ANY_OTHER_AGENT)
  ) {
    return {
      offered: false,
      reason:
        'it would disallow "/" for every crawler the file does not name, taking the site (at least its home page) out of search; lint leaves that step to you',
    };
  }
  // What else a fix that blocks more must not do (lint's: block what Googlebot renders with).
  if (guard !== undefined && verdicts.some((v) => v.before.allowed && !v.after.allowed)) {
    const reason = guard(subject, copy);
    if (reason !== undefined) return { offered: false, reason };
  }
  return {
    offered: true,
    fix: {
      description: visibleText(proposal.description),
      edits: proposal.edits.map((e) => ({ start: e.start, end: e.end, text: e.text })),
      verdicts,
    },
  };
}

/**
 * Whether, for every crawler the fix can change, it only adds Disallow rules whose paths a
 * targeted pattern covers (and drops rules that never match: `Disallow: utm_source=*` made
 * `/*utm_source=`). Such a fix opens no path and blocks only targeted ones, on paths of any
 * length: a Disallow added only raises the longest disallow a path matches (RFC 9309 §2.2.2).
 * What the witness search proves path by path, this proves for the fix's shape.
 */
function onlyBlocksTargets(
  before: RobotsTxt,
  copy: FixedCopy,
  targetsOf: (agent: string) => readonly string[],
  notCrawlers: readonly string[],
): boolean {
  const ignored = new Set(notCrawlers.map((n) => n.toLowerCase()));
  for (const agent of copy.agents) {
    if (ignored.has(agent.toLowerCase())) continue;
    const name = agent === '*' ? ANY_OTHER_AGENT : agent;
    const old = rulesRead(before, name);
    const next = rulesRead(copy.robots, name);
    if (old === undefined || next === undefined) return false;
    if (minus(old, next).some(canMatch)) return false;
    const patterns = targetsOf(agent);
    const covered = (r: Rule): boolean =>
      r.type === 'disallow' &&
      patterns.some((t) => t !== '' && !t.endsWith('$') && r.pattern.startsWith(t));
    if (!minus(next, old).every(covered)) return false;
  }
  return true;
}

/**
 * Whether, for every crawler, the fix only deletes rules whose pattern holds a character no URL a
 * crawler requests carries raw (a space, judge L 2954): such a rule
 * matches no requestable URL, so deleting it changes no verdict a crawler sees, on paths of any
 * length.
 */
function onlyDropsUnrequestable(before: RobotsTxt, copy: FixedCopy): boolean {
  for (const agent of copy.agents) {
    const name = agent === '*' ? ANY_OTHER_AGENT : agent;
    const old = rulesRead(before, name);
    const next = rulesRead(copy.robots, name);
    if (old === undefined || next === undefined) return false;
    if (minus(next, old).length > 0) return false;
    if (!minus(old, next).every((r) => /[\t "<>]/.test(r.pattern))) return false;
  }
  return true;
}

/** The rules of `a` not in `b`, as multisets of type and pattern. */
function minus(a: readonly Rule[], b: readonly Rule[]): Rule[] {
  const left = new Map<string, number>();
  for (const r of b)
    left.set(`${r.type} ${r.pattern}`, (left.get(`${r.type} ${r.pattern}`) ?? 0) + 1);
  return a.filter((r) => {
    const key = `${r.type} ${r.pattern}`;
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    return n === 0;
  });
}

// Per file linted, the comparison of each set of edits (diagnostics often share one fix: every
// rule before the first User-agent line gets the same "User-agent: *" above it).
const comparisons = new WeakMap<
  FixSubject,
  Map<string, VerdictComparison & { readonly copy: FixedCopy }>
>();

/**
 * The verdicts `edits` change, compared once per file and set of edits; undefined when the
 * budget has no room for the parses of the fixed copy.
 */
function compareFixed(
  subject: FixSubject,
  edits: readonly FixEdit[],
  budget: FixBudget,
): (VerdictComparison & { readonly copy: FixedCopy }) | undefined {
  let known = comparisons.get(subject);
  if (known === undefined) {
    known = new Map();
    comparisons.set(subject, known);
  }
  const key = JSON.stringify(edits.map((e) => [e.start, e.end, e.text]));
  let compared = known.get(key);
  if (compared === undefined) {
    const { text, robots, parseOptions } = subject;
    const source = { text, robots, parseOptions, starts: lineStartsOf(subject) };
    const copy = readFixedCopy(source, edits, (cost) => {
      if (budget.bytes < cost) return false;
      budget.bytes -= cost;
      return true;
    });
    if (copy === undefined) return undefined;
    compared = {
      ...compareVerdicts(subject.robots, copy.robots, {
        agents: copy.agents,
        maxChecks: MAX_FIX_CHECKS,
        reading: fallbackReading,
      }),
      copy,
    };
    known.set(key, compared);
  }
  return compared;
}

/**
 * How a crawler reads a side of a fix: by its own token, or, with no group of its own, through
 * the crawler it is documented to follow when that one has a group (Google-InspectionTool reads
 * Googlebot's: judge 5C, 4804). A fix that names such a crawler changes only what its group
 * differs in from the followed one's. Unmarked: a fix shows the verdict and its line (whose
 * group decided is the crawler model's to say).
 */
function fallbackReading(policy: RobotsPolicy, name: string): SideReading {
  const read = crawlerGroup(policy, name);
  return { query: read.rule?.kind === 'follows' ? read.query : name };
}

// Per file linted, the offset where each line starts (index 0: line 1).
const lineStarts = new WeakMap<FixSubject, number[]>();
function lineStartsOf(subject: FixSubject): number[] {
  let starts = lineStarts.get(subject);
  if (starts === undefined) {
    starts = [0];
    const { text } = subject;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
    }
    lineStarts.set(subject, starts);
  }
  return starts;
}

/** `/x for Googlebot, /y for other crawlers and 3 more, which the line does not target`. */
function quote(changes: readonly VerdictChange[]): string {
  return `${quoteChanges(changes)}, which the line does not target`;
}

/** `/x for Googlebot, /y for other crawlers and 3 more`. */
function quoteChanges(changes: readonly VerdictChange[]): string {
  const shown = changes
    .slice(0, MAX_QUOTED)
    .map(
      (v) => `${quoteUrl(v.url)} for ${v.agent === '*' ? 'other crawlers' : visibleText(v.agent)}`,
    );
  const more = changes.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** The sentence a diagnostic's message ends with: the fix, or why there is none and what to do. */
export function fixSentence(proposal: ProposedFix, verdict: FixVerdict): string {
  if (verdict.offered) {
    // What a site owner could miss: paths the fix opens (and then what it blocks besides),
    // but for paths no crawler requests (`/a b`: a URL carries `/a%20b`).
    const opened = verdict.fix.verdicts.filter((v) => v.after.allowed && isRequestable(v.url));
    if (opened.length === 0) return ` Fix: ${verdict.fix.description}`;
    // A fix that opens paths and blocks others (a merged group given the * rules) says both:
    // quoting only what it opens would hide what it takes away.
    const blocked = verdict.fix.verdicts.filter((v) => !v.after.allowed && isRequestable(v.url));
    return ` Fix: ${verdict.fix.description} It allows what was disallowed: ${quoteChanges(opened)}.${blocked.length === 0 ? '' : ` It disallows what was allowed: ${quoteChanges(blocked)}.`}`;
  }
  return `${noFixSentence(verdict.reason)} ${visibleText(proposal.otherwise)}`;
}

/**
 * The one sentence saying why a finding's advice is not offered as a fix (its verification
 * refused it, or the finding gave a {@link Finding.noFix} reason): ` (No fix offered: ….)`.
 */
export function noFixSentence(reason: string): string {
  return ` (No fix offered: ${reason}.)`;
}

/**
 * The one fix that deletes a line (its text and its line break): for a line that adds nothing,
 * with the sentence saying so when the verified fix changes no verdict. Undefined for a line the
 * file does not have.
 */
export function deleteLineFix(
  context: Pick<LintContext, 'text' | 'lines'>,
  line: number,
  whenUnchanged?: string,
): ProposedFix | undefined {
  const span = context.lines[line];
  if (span === undefined) return undefined;
  return {
    description: `Delete line ${line}.`,
    edits: [
      { start: span.start, end: context.lines[line + 1]?.start ?? context.text.length, text: '' },
    ],
    otherwise: 'Remove the line.',
    ...(whenUnchanged !== undefined && { whenUnchanged }),
  };
}

/** The line break ending `line` (`\r\n`, `\r` or `\n`; `\n` for a last line without one). */
export function lineBreakOf(context: Pick<LintContext, 'text' | 'lines'>, line: number): string {
  const end = context.lines[line]?.end ?? context.text.length;
  if (context.text.startsWith('\r\n', end)) return '\r\n';
  return context.text[end] === '\r' ? '\r' : '\n';
}

/** What {@link applyLintFixes} returns. */
export interface AppliedFixes {
  /** The body with the fixes applied, as bytes. */
  readonly body: Uint8Array;
  /** The diagnostics whose fix was applied (an edit several share is applied once). */
  readonly applied: readonly Diagnostic[];
  /** Diagnostics whose fix overlaps an applied one: lint the fixed body again for them. */
  readonly skipped: readonly Diagnostic[];
}

/**
 * Applies the verified fixes of `diagnostics` (those with a `fix`) to `body`, in file order; a fix
 * whose edits overlap an earlier applied one is skipped. The body must be the one linted: the
 * edits are byte offsets into it.
 *
 * @example
 * const result = lintRobotsTxt('User-agent: *\nDisallow: private/\n');
 * new TextDecoder().decode(applyLintFixes('User-agent: *\nDisallow: private/\n', result.diagnostics).body);
 * // 'User-agent: *\nDisallow: /private/\n'
 */
export function applyLintFixes(
  body: string | Uint8Array | ArrayBuffer,
  diagnostics: readonly Diagnostic[],
): AppliedFixes {
  const text = readBody(body).text;
  const chosen: FixEdit[] = [];
  const applied: Diagnostic[] = [];
  const skipped: Diagnostic[] = [];
  const key = (e: FixEdit): string => `${e.start}:${e.end}:${e.text}`;
  const sorted = diagnostics
    .filter((d) => d.fix !== undefined)
    .sort((a, b) => a.fix!.edits[0]!.start - b.fix!.edits[0]!.start);
  for (const d of sorted) {
    const edits = d.fix!.edits;
    const fresh = edits.filter((e) => !chosen.some((c) => key(c) === key(e)));
    const candidate = [...chosen, ...fresh].sort((a, b) => a.start - b.start || a.end - b.end);
    if (editsValid(text, candidate)) {
      chosen.splice(0, chosen.length, ...candidate);
      applied.push(d);
    } else {
      skipped.push(d);
    }
  }
  return { body: byteStringToBytes(applyEdits(text, chosen)), applied, skipped };
}
