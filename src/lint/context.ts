/**
 * What every lint family reads: the body as Google's parser saw it (lines, directives, the parsed
 * groups) and one way to report a diagnostic. Built once per {@link lintRobotsTxt} call.
 */

import { type DirectiveKind, type TokenizeSummary, tokenize } from '../parse/tokenize.js';
import type { ParseOptions, RobotsTxt } from '../types.js';
import { decodeByteString } from '../util/bytes.js';
import type {
  Diagnostic,
  DiagnosticCode,
  DiagnosticDescription,
  LintOptions,
  ProposedFix,
  RelatedLocation,
} from './types.js';

/** Where a directive's key and value are in the byte string. */
export interface DirectiveSpan {
  readonly kind: DirectiveKind;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

/** A physical line: the tokenizer's flags (`LineFlag`) and its extent, terminator excluded. */
export interface LineSpan {
  readonly flags: number;
  readonly start: number;
  readonly end: number;
}

/** A diagnostic as a family reports it: the severity comes from the catalog. */
export interface Finding {
  readonly code: DiagnosticCode;
  readonly line: number;
  readonly message: string;
  /** Offset in {@link LintContext.text} where the flagged text starts (column 1 when absent). */
  readonly from?: number | undefined;
  /** Offset just past the flagged text. */
  readonly to?: number | undefined;
  readonly related?: readonly RelatedLocation[] | undefined;
  /** A severity other than the catalog's, for this occurrence (e.g. demoted where harmless). */
  readonly severity?: Diagnostic['severity'] | undefined;
  /** A fix for the finding: lint verifies it before showing it (see {@link ProposedFix}). */
  readonly fix?: ProposedFix | undefined;
  /**
   * For a finding that advises a change and proposes no fix: why not, as a clause (`which of the
   * two was meant is the owner's choice`); the message ends with it (`noFixSentence`).
   */
  readonly noFix?: string | undefined;
}

/** The file as every family sees it. */
export interface LintContext {
  /** The body as given to {@link lintRobotsTxt}. */
  readonly input: string | Uint8Array | ArrayBuffer;
  /** The body as a byte string (one character per byte). */
  readonly text: string;
  /** The body parsed with the reference's defaults (and the given `maxBytes`). */
  readonly robots: RobotsTxt;
  readonly parseOptions: Required<ParseOptions>;
  readonly options: LintOptions;
  /** What the tokenizer saw: line count, truncation, BOM length. */
  readonly summary: TokenizeSummary;
  /** Lines by 1-based number (index 0 unused). */
  readonly lines: readonly LineSpan[];
  /** Directive spans by line number; undefined for lines without a directive. */
  readonly directives: readonly (DirectiveSpan | undefined)[];
  /** The body is an HTML page: families skip what would only repeat that. */
  readonly html: boolean;
  /** The body is UTF-16 text: Google reads no directive of it. */
  readonly utf16: boolean;
  /** The body is binary data (an image, an archive): one finding says so, nothing else. */
  readonly binary: boolean;
  /** Reports a finding. */
  report(finding: Finding): void;
}

/** One family of lint codes: its catalog entries and its checks. */
export interface LintFamily {
  /** Short name, e.g. `encoding`. */
  readonly name: string;
  /** The codes this family reports, with their default severity and summary. */
  readonly codes: Readonly<Partial<Record<DiagnosticCode, DiagnosticDescription>>>;
  /** Starts checking one file; the checks may keep state for that file in their closure. */
  check(context: LintContext): LintChecks;
}

/** The checks of one family on one file. */
export interface LintChecks {
  /** Called for every physical line, in order, before any {@link LintChecks.end}. */
  line?(line: number, span: LineSpan, directive: DirectiveSpan | undefined): void;
  /** Called once, after every family has seen every line. */
  end?(): void;
}

/** Splits the body into lines and directives; `report` receives every finding. */
export function createContext(
  input: string | Uint8Array | ArrayBuffer,
  text: string,
  robots: RobotsTxt,
  parseOptions: Required<ParseOptions>,
  options: LintOptions,
  flags: { readonly html: boolean; readonly utf16: boolean; readonly binary: boolean },
  report: (finding: Finding) => void,
): LintContext {
  const lines: LineSpan[] = [];
  const directives: (DirectiveSpan | undefined)[] = [];
  const summary = tokenize(text, parseOptions.maxBytes, {
    directive(line, kind, keyStart, keyEnd, valueStart, valueEnd) {
      directives[line] = { kind, keyStart, keyEnd, valueStart, valueEnd };
    },
    line(line, lineFlags, start, end) {
      lines[line] = { flags: lineFlags, start, end };
    },
  });
  return {
    input,
    text,
    robots,
    parseOptions,
    options,
    summary,
    lines,
    directives,
    ...flags,
    report,
  };
}

/** The 1-based column (UTF-16 code units of the decoded line) of byte `offset` on `line`. */
export function columnOf(
  context: Pick<LintContext, 'text' | 'lines'>,
  line: number,
  offset: number,
): number {
  const start = context.lines[line]?.start ?? 0;
  return offset <= start ? 1 : decodeByteString(context.text.slice(start, offset)).length + 1;
}
