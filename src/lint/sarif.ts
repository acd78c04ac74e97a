/**
 * SARIF 2.1.0 output for lint results, so that CI systems show robots.txt problems inline.
 * @see https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
 */

import { diagnosticCatalog } from './catalog.js';
import { unverifiedFixesText } from './fix.js';
import type { DiagnosticCode, LintResult, Severity } from './types.js';

/** A SARIF 2.1.0 log: the subset robots-rep writes. */
export interface SarifLog {
  readonly $schema: string;
  readonly version: '2.1.0';
  readonly runs: readonly SarifRun[];
}

/** One run of the linter over one or more files. */
export interface SarifRun {
  readonly tool: {
    readonly driver: {
      readonly name: string;
      readonly version?: string;
      readonly informationUri: string;
      readonly rules: readonly SarifRule[];
    };
  };
  readonly columnKind: 'utf16CodeUnits';
  readonly results: readonly SarifResult[];
  /** Present when a file's fixes were not all verified: one notification per such file. */
  readonly invocations?: readonly SarifInvocation[];
}

/** How the run went: what it could not do, as notifications. */
export interface SarifInvocation {
  readonly executionSuccessful: boolean;
  readonly toolExecutionNotifications: readonly {
    readonly level: SarifLevel;
    readonly message: { readonly text: string };
    readonly locations: readonly SarifLocation[];
  }[];
}

/** The description of a diagnostic code. */
export interface SarifRule {
  readonly id: string;
  readonly shortDescription: { readonly text: string };
  readonly defaultConfiguration: { readonly level: SarifLevel };
}

/** SARIF's names for severities. */
export type SarifLevel = 'error' | 'warning' | 'note';

/** One diagnostic. */
export interface SarifResult {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly level: SarifLevel;
  readonly message: { readonly text: string };
  readonly locations: readonly SarifLocation[];
  readonly relatedLocations?: readonly SarifLocation[];
  /** The verified fix of the diagnostic, as byte ranges of the file and their replacements. */
  readonly fixes?: readonly SarifFix[];
}

/** A fix: SARIF's `fix` with one artifact change (byte offsets: a robots.txt need not be UTF-8). */
export interface SarifFix {
  readonly description: { readonly text: string };
  readonly artifactChanges: readonly {
    readonly artifactLocation: { readonly uri: string };
    readonly replacements: readonly {
      readonly deletedRegion: { readonly byteOffset: number; readonly byteLength: number };
      readonly insertedContent?: { readonly text: string };
    }[];
  }[];
}

/** A place in a file. */
export interface SarifLocation {
  readonly id?: number;
  readonly physicalLocation: {
    readonly artifactLocation: { readonly uri: string };
    readonly region: {
      readonly startLine: number;
      readonly startColumn?: number;
      readonly endColumn?: number;
    };
  };
  readonly message?: { readonly text: string };
}

/** A file and its lint result, for {@link toSarif}. */
export interface SarifInput {
  /** The file's URI as CI should show it: a relative path (`public/robots.txt`) or a URL. */
  readonly uri: string;
  readonly result: LintResult;
}

/** Options of {@link toSarif}. */
export interface ToSarifOptions {
  /** The tool version written into the log. */
  readonly toolVersion?: string;
}

const LEVEL: Readonly<Record<Severity, SarifLevel>> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

/**
 * Converts lint results to a SARIF 2.1.0 log with one run; every diagnostic code is a rule.
 *
 * @example
 * JSON.stringify(toSarif([{ uri: 'robots.txt', result: lintRobotsTxt(body) }]));
 */
export function toSarif(inputs: readonly SarifInput[], options: ToSarifOptions = {}): SarifLog {
  const codes = Object.keys(diagnosticCatalog) as DiagnosticCode[];
  const rules: SarifRule[] = codes.map((code) => ({
    id: code,
    shortDescription: { text: diagnosticCatalog[code].summary },
    defaultConfiguration: { level: LEVEL[diagnosticCatalog[code].severity] },
  }));
  const results: SarifResult[] = [];
  for (const { uri, result } of inputs) {
    for (const d of result.diagnostics) {
      const related = d.related ?? [];
      results.push({
        ruleId: d.code,
        ruleIndex: codes.indexOf(d.code),
        level: LEVEL[d.severity],
        message: { text: d.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri },
              region: {
                startLine: d.line,
                startColumn: d.column,
                ...(d.endColumn === undefined ? {} : { endColumn: d.endColumn }),
              },
            },
          },
        ],
        ...(related.length === 0
          ? {}
          : {
              relatedLocations: related.map((r, id) => ({
                id,
                physicalLocation: { artifactLocation: { uri }, region: { startLine: r.line } },
                message: { text: r.message },
              })),
            }),
        ...(d.fix === undefined
          ? {}
          : {
              fixes: [
                {
                  description: { text: d.fix.description },
                  artifactChanges: [
                    {
                      artifactLocation: { uri },
                      replacements: d.fix.edits.map((e) => ({
                        deletedRegion: { byteOffset: e.start, byteLength: e.end - e.start },
                        ...(e.text === '' ? {} : { insertedContent: { text: e.text } }),
                      })),
                    },
                  ],
                },
              ],
            }),
      });
    }
  }
  const notifications = inputs
    .filter((i) => i.result.fixesNotVerified > 0)
    .map(({ uri, result }) => ({
      level: 'note' as const,
      message: { text: unverifiedFixesText(result.fixesNotVerified) },
      locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine: 1 } } }],
    }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'robotstxt',
            ...(options.toolVersion === undefined ? {} : { version: options.toolVersion }),
            informationUri: 'https://www.rfc-editor.org/rfc/rfc9309',
            rules,
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
        ...(notifications.length === 0
          ? {}
          : {
              invocations: [
                { executionSuccessful: true, toolExecutionNotifications: notifications },
              ],
            }),
      },
    ],
  };
}
