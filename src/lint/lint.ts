/**
 * `lintRobotsTxt`: diagnostics with line and column for everything Google's parser reads
 * differently from how a person reads it. Every message describes what the reference does. The
 * checks live in families (`families/`), each with its codes; this module runs them and applies
 * the options (ignored codes, a minimum severity, a cap per code, disable comments).
 */

import { argumentError } from '../errors.js';
import { formatRule } from '../explain.js';
import { byteStringBody, readBody, resolveOptions } from '../parse/body.js';
import { ParsedRobotsTxt } from '../robots.js';
import type { RobotsTxt } from '../types.js';
import { asciiLowerCase } from '../util/bytes.js';
import { terminalSafe } from '../util/terminal.js';
import { diagnosticCatalog } from './catalog.js';
import { columnOf, createContext, type Finding, type LintContext } from './context.js';
import { looksLikeBinary, looksLikeHtml, looksLikeUtf16 } from './families/encoding.js';
import { families } from './families/index.js';
import { ValueMemo } from './families/resources/memo.js';
import { warnedResources } from './families/resources.js';
import {
  applyEdits,
  deleteLineFix,
  type FixBudget,
  type FixGuard,
  fixSentence,
  MAX_VERIFIED_BYTES,
  noFixSentence,
  verifyFix,
} from './fix.js';
import { retiredGroupLines } from './retired-groups.js';
import { disabledCodes } from './suppress.js';
import type {
  Diagnostic,
  DiagnosticCode,
  LintOptions,
  LintResult,
  ProposedFix,
  Severity,
} from './types.js';
import { isRequestable } from './url-text.js';

export { UNSUPPORTED_KEYS } from './families/directives.js';

const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

/**
 * Lints a robots.txt body: unknown and unsupported directives, accepted typos, missing colons,
 * rules outside groups, patterns that never match, shadowed rules, user-agent tokens the
 * reference truncates, too-long lines, content past 500 KiB, BOMs, bad UTF-8, HTML bodies and
 * relative sitemap URLs. Never throws on any content (a `TypeError` for a wrong argument type).
 *
 * @example
 * const { diagnostics, errorCount } = lintRobotsTxt('Disallow: /x\nUser-agent: *\nCrawl-delay: 5\n');
 * diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`);
 * // ['1:11 rule-outside-group', '3:1 unsupported-directive', …]; errorCount === 1
 */
export function lintRobotsTxt(
  body: string | Uint8Array | ArrayBuffer,
  options: LintOptions = {},
): LintResult {
  // The body is converted once, for the parser and for the offsets below.
  const byteBody = readBody(body);
  const text = byteBody.text;
  // Only maxBytes: lint reports what a crawler reading the file Google's way sees.
  const { maxBytes: givenMaxBytes } = options;
  const parseOptions = resolveOptions(
    givenMaxBytes === undefined ? {} : { maxBytes: givenMaxBytes },
    'lintRobotsTxt',
  );
  const filter = resolveFilter(options);
  const robots = new ParsedRobotsTxt(byteBody, parseOptions);

  const findings: Finding[] = [];
  const utf16 = looksLikeUtf16(text);
  const binary = !utf16 && looksLikeBinary(text);
  const context = createContext(
    body,
    text,
    robots,
    parseOptions,
    options,
    { html: !utf16 && !binary && looksLikeHtml(text), utf16, binary },
    (finding) => findings.push(finding),
  );
  const checks = families.map((family) => family.check(context));
  // A UTF-16 or binary body is one finding: every line would otherwise repeat it (NUL bytes, no
  // colon, bytes that are not UTF-8).
  if (!utf16 && !binary) {
    for (let line = 1; line < context.lines.length; line++) {
      const span = context.lines[line]!;
      const directive = context.directives[line];
      for (const check of checks) check.line?.(line, span, directive);
    }
  }
  for (const check of checks) check.end?.();

  const disabled = disabledCodes(context);
  const diagnostics: Diagnostic[] = [];
  const proposals = new Map<Diagnostic, ProposedFix>();
  // Lines another warning or error reports: bytes that are not UTF-8 there are part of what that
  // finding says (and fixes), worth an info beside it rather than a second warning.
  const rank = (f: Finding): number => RANK[f.severity ?? diagnosticCatalog[f.code].severity];
  const reported = new Set(
    findings.filter((f) => f.code !== 'invalid-utf8' && rank(f) > RANK.info).map((f) => f.line),
  );
  const retired = retiredGroupLines(robots, context.lines.length);
  for (const f of findings) {
    const folded = f.code === 'invalid-utf8' && reported.has(f.line);
    const catalogued = f.severity ?? diagnosticCatalog[f.code].severity;
    // A line of a group only retired crawlers read: an info that says so (once).
    const gone = catalogued === 'info' ? undefined : retired.get(f.line);
    const severity = folded || gone !== undefined ? 'info' : catalogued;
    // An image or archive served as the file: nothing in it was written as robots.txt.
    if (context.binary && f.code !== 'binary-content') continue;
    // An HTML page is one finding: its lines are not robots.txt lines to fix one by one, and a
    // line-by-line verdict (975 infos for a 975-line page) would only repeat the error.
    if (context.html && f.code !== 'html-content') continue;
    if (!filter.keep(f.code, severity)) continue;
    const off = disabled.get(f.line);
    if (off !== undefined && (off.size === 0 || off.has(f.code))) continue;
    const column = f.from === undefined ? 1 : columnOf(context, f.line, f.from);
    const diagnostic: Diagnostic = {
      code: f.code,
      severity,
      message: `${
        folded
          ? `${f.message} The line's other finding says what to do about it.`
          : gone !== undefined
            ? `${gone} ${f.message}`
            : f.message
      }${f.fix === undefined && f.noFix !== undefined ? noFixSentence(f.noFix) : ''}`,
      line: f.line,
      column,
      ...(f.to !== undefined && f.to > (f.from ?? 0)
        ? { endColumn: columnOf(context, f.line, f.to) }
        : {}),
      ...(f.related !== undefined ? { related: f.related } : {}),
    };
    diagnostics.push(diagnostic);
    // An HTML page is not fixed line by line (`html-content` says what to serve instead).
    if (f.fix !== undefined && !context.html) proposals.set(diagnostic, f.fix);
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);

  // The cap keeps a code's most severe diagnostics first (then by line): never an info over an error.
  const left = new Set<Diagnostic>();
  const perCode = new Map<DiagnosticCode, number>();
  const omitted: Partial<Record<DiagnosticCode, number>> = {};
  const omittedBySeverity: Partial<Record<DiagnosticCode, Partial<Record<Severity, number>>>> = {};
  const bySeverity = [...diagnostics].sort((a, b) => RANK[b.severity] - RANK[a.severity]);
  for (const d of bySeverity) {
    const n = (perCode.get(d.code) ?? 0) + 1;
    perCode.set(d.code, n);
    if (n <= filter.maxPerCode) continue;
    left.add(d);
    omitted[d.code] = (omitted[d.code] ?? 0) + 1;
    const counts = omittedBySeverity[d.code] ?? {};
    counts[d.severity] = (counts[d.severity] ?? 0) + 1;
    omittedBySeverity[d.code] = counts;
  }
  const kept = diagnostics.filter((d) => !left.has(d));
  let targeted: Map<number, string[]> | undefined;
  const guard = resourcesGuard(context);
  const budget: FixBudget = { bytes: MAX_VERIFIED_BYTES };
  let fixesNotVerified = 0;
  for (const [i, d] of kept.entries()) {
    const proposed = proposals.get(d);
    if (proposed === undefined) continue;
    targeted ??= patternsByLine(robots);
    // A fix that would only write again a rule the group already has: the line adds nothing.
    const repeated = repeatedRule(context, d.line, proposed);
    const proposal = repeated?.proposal ?? proposed;
    const verdict = verifyFix(context, proposal, targeted.get(d.line) ?? [], budget, guard);
    if (!verdict.offered && verdict.unverified) fixesNotVerified++;
    // A fix that changes no verdict mends a line no crawler reads differently: worth knowing.
    // Changes on paths no crawler requests (`/a b`: a URL carries `/a%20b`) count for nothing.
    const harmless =
      verdict.offered &&
      !verdict.fix.verdicts.some((v) => isRequestable(v.url)) &&
      proposal.whenUnchanged !== undefined;
    kept[i] = {
      ...d,
      ...((harmless || repeated !== undefined) && { severity: 'info' as const }),
      message: `${d.message}${repeated !== undefined ? ` ${repeated.sentence}` : ''}${harmless ? ` ${proposal.whenUnchanged}` : ''}${fixSentence(proposal, verdict)}`,
      ...(verdict.offered ? { fix: verdict.fix } : {}),
    };
  }
  // An info now below the minimum severity asked for.
  if (filter.dropsInfo) kept.splice(0, kept.length, ...kept.filter((d) => d.severity !== 'info'));
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  for (const d of kept) {
    if (d.severity === 'error') errorCount++;
    else if (d.severity === 'warning') warningCount++;
    else infoCount++;
  }
  return {
    diagnostics: kept,
    errorCount,
    warningCount,
    infoCount,
    omitted,
    omittedBySeverity,
    fixesNotVerified,
    robots,
  };
}

/**
 * Fix verification's check that a fix newly blocks no CSS or JavaScript `blocked-resources`
 * would warn of (a line of several paths split into rules that block `/x/scripts/`): such a fix
 * is not offered, and the reason says what to leave out. Googlebot answers in the copy as in the
 * fixed file when a group of the copy's window names it, or when no group does (it reads `*`);
 * otherwise the fix does not change what it may fetch.
 */
function resourcesGuard(context: LintContext): FixGuard {
  const googlebot = context.robots.groups.some((g) =>
    g.agents.some((a) => asciiLowerCase(a.token) === 'googlebot'),
  );
  let before: Set<string> | undefined;
  // The copies share all but their edited rule values: each value is read once.
  const memo = new ValueMemo();
  return (subject, copy) => {
    if (googlebot && !copy.agents.some((a) => asciiLowerCase(a) === 'googlebot')) return undefined;
    before ??= warnedResources(subject.robots, subject.text, memo);
    const known = before;
    const after = warnedResources(copy.robots, subject.text, memo);
    const added = [...after].filter((u) => !known.has(u));
    if (added.length === 0) return undefined;
    const shown = added.slice(0, 2).map((u) => terminalSafe(u));
    return `it would newly block CSS or JavaScript that Googlebot needs to render pages (${shown.join(', ')}${added.length > 2 ? ` and ${added.length - 2} more` : ''}): leave those folders out, or add an Allow for their .css and .js files beside them`;
  };
}

/**
 * When `proposal` mends rule line `line` into a rule its group already has (`Disallow: ~*` made
 * `Disallow: /~*` beside `Disallow: /~*`; a raw space made `%20` beside the encoded line): the
 * line adds nothing, and the fix is to delete it. Compared as Google matches them: same type, and
 * the same pattern after its escaping.
 */
function repeatedRule(
  context: LintContext,
  line: number,
  proposal: ProposedFix,
): { readonly proposal: ProposedFix; readonly sentence: string } | undefined {
  const span = context.lines[line];
  const { robots } = context;
  if (span === undefined) return undefined;
  if (!proposal.edits.every((e) => e.start >= span.start && e.end <= span.end)) return undefined;
  const group = robots.groups.find((g) => g.rules.some((r) => r.line === line));
  if (group === undefined) return undefined;
  const written = context.text.slice(span.start, span.end);
  const moved = proposal.edits.map((e) => ({
    ...e,
    start: e.start - span.start,
    end: e.end - span.start,
  }));
  const fixedLine = applyEdits(written, moved);
  if (/[\r\n]/.test(fixedLine)) return undefined;
  const fixed = new ParsedRobotsTxt(
    byteStringBody(`user-agent: x\n${fixedLine}\n`),
    context.parseOptions,
  ).groups[0]?.rules;
  if (fixed?.length !== 1) return undefined;
  const rule = fixed[0]!;
  const same = group.rules.find(
    (r) => r.line !== line && r.type === rule.type && r.pattern === rule.pattern,
  );
  if (same === undefined) return undefined;
  const deletion = deleteLineFix(context, line);
  if (deletion === undefined) return undefined;
  const shown = terminalSafe(formatRule(same));
  return {
    sentence: `Written as meant, it would repeat line ${same.line} ("${shown}") of the same group: this line adds nothing, and can be removed.`,
    proposal: deletion,
  };
}

/** The patterns of the rules on each line: what the line targets as Google reads it. */
function patternsByLine(robots: RobotsTxt): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const r of [...robots.rulesOutsideGroups, ...robots.groups.flatMap((g) => g.rules)]) {
    const list = out.get(r.line);
    if (list === undefined) out.set(r.line, [r.pattern]);
    else list.push(r.pattern);
  }
  return out;
}

interface Filter {
  keep(code: DiagnosticCode, severity: Severity): boolean;
  readonly maxPerCode: number;
  /** Infos are not wanted (`minSeverity` above `info`). */
  readonly dropsInfo: boolean;
}

/** Checks the filtering options, with errors that name the option. */
function resolveFilter(options: LintOptions): Filter {
  const { ignore = [], minSeverity = 'info', maxPerCode = Number.POSITIVE_INFINITY } = options;
  if (!Array.isArray(ignore)) {
    throw argumentError('lintRobotsTxt', 'options.ignore', 'an array of diagnostic codes', ignore);
  }
  ignore.forEach((code: unknown, i) => {
    if (typeof code !== 'string' || !Object.hasOwn(diagnosticCatalog, code)) {
      throw argumentError('lintRobotsTxt', `options.ignore[${i}]`, 'a diagnostic code', code);
    }
  });
  if (!Object.hasOwn(RANK, minSeverity)) {
    throw argumentError(
      'lintRobotsTxt',
      'options.minSeverity',
      "'error', 'warning' or 'info'",
      minSeverity,
    );
  }
  if (
    maxPerCode !== Number.POSITIVE_INFINITY &&
    !(Number.isSafeInteger(maxPerCode) && maxPerCode >= 1)
  ) {
    throw argumentError('lintRobotsTxt', 'options.maxPerCode', 'a whole number ≥ 1', maxPerCode);
  }
  const ignored = new Set<string>(ignore);
  const min = RANK[minSeverity];
  return {
    keep: (code, severity) => !ignored.has(code) && RANK[severity] >= min,
    maxPerCode,
    dropsInfo: min > RANK.info,
  };
}
