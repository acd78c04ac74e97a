/**
 * `lintRobotsTxt`: diagnostics with line and column for everything Google's parser reads
 * differently from how a person reads it. Every message describes what the reference does. The
 * checks live in families (`families/`), each with its codes; this module runs them and applies
 * the options (ignored codes, a minimum severity, a cap per code, disable comments).
 */

import { argumentError } from '../errors.js';
import { readBody, resolveOptions } from '../parse/body.js';
import { ParsedRobotsTxt } from '../robots.js';
import type { RobotsTxt } from '../types.js';
import { diagnosticCatalog } from './catalog.js';
import { columnOf, createContext, type Finding } from './context.js';
import { looksLikeBinary, looksLikeHtml, looksLikeUtf16 } from './families/encoding.js';
import { families } from './families/index.js';
import { type FixBudget, fixSentence, MAX_VERIFIED_BYTES, verifyFix } from './fix.js';
import { disabledCodes } from './suppress.js';
import type {
  Diagnostic,
  DiagnosticCode,
  LintOptions,
  LintResult,
  ProposedFix,
  Severity,
} from './types.js';

export { UNSUPPORTED_KEYS } from './families/directives.js';

/** The codes that say what Google's report says of a line (kept, as infos, in an HTML page). */
const REPORT_CODES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'unsupported-directive',
  'unknown-directive',
  'accepted-typo',
  'missing-colon',
  'line-too-long',
]);

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
  for (const f of findings) {
    // An HTML page is one error: its lines are not robots.txt lines to fix one by one. What
    // Google's report says of each line stays, as infos; the rest would only repeat the error.
    let severity = f.severity ?? diagnosticCatalog[f.code].severity;
    // An image or archive served as the file: nothing in it was written as robots.txt.
    if (context.binary && f.code !== 'binary-content') continue;
    if (context.html && f.code !== 'html-content') {
      if (!REPORT_CODES.has(f.code)) continue;
      severity = 'info';
    }
    if (!filter.keep(f.code, severity)) continue;
    const off = disabled.get(f.line);
    if (off !== undefined && (off.size === 0 || off.has(f.code))) continue;
    const column = f.from === undefined ? 1 : columnOf(context, f.line, f.from);
    const diagnostic: Diagnostic = {
      code: f.code,
      severity,
      message: f.message,
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

  const kept: Diagnostic[] = [];
  const perCode = new Map<DiagnosticCode, number>();
  const omitted: Partial<Record<DiagnosticCode, number>> = {};
  for (const d of diagnostics) {
    const n = (perCode.get(d.code) ?? 0) + 1;
    perCode.set(d.code, n);
    if (n > filter.maxPerCode) omitted[d.code] = (omitted[d.code] ?? 0) + 1;
    else kept.push(d);
  }
  let targeted: Map<number, string[]> | undefined;
  const budget: FixBudget = { bytes: MAX_VERIFIED_BYTES };
  let fixesNotVerified = 0;
  for (const [i, d] of kept.entries()) {
    const proposal = proposals.get(d);
    if (proposal === undefined) continue;
    targeted ??= patternsByLine(robots);
    const verdict = verifyFix(context, proposal, targeted.get(d.line) ?? [], budget);
    if (!verdict.offered && verdict.unverified) fixesNotVerified++;
    // A fix that changes no verdict mends a line no crawler reads differently: worth knowing.
    const harmless =
      verdict.offered && verdict.fix.verdicts.length === 0 && proposal.whenUnchanged !== undefined;
    kept[i] = {
      ...d,
      ...(harmless && { severity: 'info' as const }),
      message: `${d.message}${harmless ? ` ${proposal.whenUnchanged}` : ''}${fixSentence(proposal, verdict)}`,
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
    fixesNotVerified,
    robots,
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
