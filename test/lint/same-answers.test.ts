/**
 * Issue #31 rule 4: `lintRobotsTxt`, `robotstxt lint` (text, JSON, SARIF) and the tester page's
 * lint worker give the same diagnostics and fixes for the same bytes — on real files, one past
 * 500 KiB (`content-past-limit`) and one in Latin-1 (`invalid-utf8`) among them.
 */

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readStatement } from '../../src/ai-preferences/index.js';
import { type Diagnostic, lintRobotsTxt } from '../../src/index.js';
import { terminalSafe } from '../../src/util/terminal.js';
import { DraftCache, runJob } from '../../web/src/work.js';
import { runRobotstxt } from '../helpers/cli.js';

const corpus = fileURLToPath(new URL('../../../shared/corpus/files/', import.meta.url));
const present = existsSync(corpus);

// 0160: 852,930 bytes (content past the 500 KiB crawlers read); 2632: Latin-1 paths; 3761: one
// fix shared by many rules before any User-agent line; 3937: a no-break space before a path;
// 2131: bytes that are not UTF-8 in a crawler's name; 4999: 58 fixes of unescaped spaces;
// 5106, 0047: merged groups and delays.
const FILES = ['0160', '2632', '3761', '3937', '2131', '4999', '5106', '0047'].map(
  (n) => `${corpus}${n}.txt`,
);

/** What every output must agree on, per diagnostic. */
interface Seen {
  readonly line: number;
  readonly column: number;
  readonly endColumn?: number;
  readonly severity: string;
  readonly code: string;
  readonly message: string;
  readonly fix?: { readonly description: string; readonly edits: unknown } | undefined;
}

const seen = (d: Diagnostic): Seen => ({
  line: d.line,
  column: d.column,
  ...(d.endColumn === undefined ? {} : { endColumn: d.endColumn }),
  severity: d.severity,
  code: d.code,
  message: d.message,
  ...(d.fix === undefined ? {} : { fix: { description: d.fix.description, edits: d.fix.edits } }),
});

describe.skipIf(!present)('the same answers everywhere (issue #31)', () => {
  it('library, CLI text, JSON and SARIF, and the page’s worker agree on real files', async () => {
    const library = FILES.map((file) =>
      lintRobotsTxt(new Uint8Array(readFileSync(file)), { readStatement }).diagnostics.map(seen),
    );
    const codes = new Set(library.flat().map((d) => d.code));
    // The cases the issue names are among them, and fixes too.
    expect(codes).toContain('content-past-limit');
    expect(codes).toContain('invalid-utf8');
    expect(library.flat().filter((d) => d.fix !== undefined).length).toBeGreaterThan(50);

    const json = await runRobotstxt(['lint', '--format', 'json', ...FILES]);
    const parsed = JSON.parse(json.stdout) as {
      files: { source: string; diagnostics: Diagnostic[] }[];
    };
    expect(parsed.files.map((f) => f.source)).toEqual(FILES);
    expect(parsed.files.map((f) => f.diagnostics.map(seen))).toEqual(library);

    const sarif = await runRobotstxt(['lint', '--format', 'sarif', ...FILES]);
    const results = (
      JSON.parse(sarif.stdout) as {
        runs: {
          results: {
            ruleId: string;
            level: string;
            message: { text: string };
            locations: {
              physicalLocation: {
                artifactLocation: { uri: string };
                region: { startLine: number; startColumn: number; endColumn?: number };
              };
            }[];
            fixes?: {
              description: { text: string };
              artifactChanges: {
                replacements: {
                  deletedRegion: { byteOffset: number; byteLength: number };
                  insertedContent?: { text: string };
                }[];
              }[];
            }[];
          }[];
        }[];
      }
    ).runs[0]!.results;
    const level: Record<string, string> = { error: 'error', warning: 'warning', note: 'info' };
    const fromSarif = FILES.map((file) =>
      results
        .filter((r) => r.locations[0]!.physicalLocation.artifactLocation.uri === file)
        .map((r) => {
          const fix = r.fixes?.[0];
          return {
            line: r.locations[0]!.physicalLocation.region.startLine,
            column: r.locations[0]!.physicalLocation.region.startColumn,
            ...(r.locations[0]!.physicalLocation.region.endColumn === undefined
              ? {}
              : { endColumn: r.locations[0]!.physicalLocation.region.endColumn }),
            severity: level[r.level]!,
            code: r.ruleId,
            message: r.message.text,
            ...(fix === undefined
              ? {}
              : {
                  fix: {
                    description: fix.description.text,
                    edits: fix.artifactChanges[0]!.replacements.map((x) => ({
                      start: x.deletedRegion.byteOffset,
                      end: x.deletedRegion.byteOffset + x.deletedRegion.byteLength,
                      text: x.insertedContent?.text ?? '',
                    })),
                  },
                }),
          };
        }),
    );
    expect(fromSarif).toEqual(library);

    // Text: one line a diagnostic, `file:line:column  severity  message  [code]`.
    const text = await runRobotstxt(['lint', '--color', 'never', ...FILES]);
    FILES.forEach((file, i) => {
      const lines = text.stdout
        .split('\n')
        .filter((l) => l.startsWith(`${file}:`))
        .map((l) => {
          const m = /^.*?:(\d+):(\d+) {2}(\w+) +(.*) {2}\[([a-z0-9-]+)\]$/.exec(l)!;
          return [Number(m[1]), Number(m[2]), m[3], m[5], m[4]];
        });
      expect(lines, file).toEqual(
        library[i]!.map((d) => [d.line, d.column, d.severity, d.code, terminalSafe(d.message)]),
      );
    });

    // The page: its lint worker's job on the same bytes (an upload is kept as its bytes).
    const cache = new DraftCache();
    FILES.forEach((file, i) => {
      const result = runJob(
        { kind: 'lint', id: i, version: i, draft: new Uint8Array(readFileSync(file)) },
        cache,
      );
      expect(result.kind === 'lint' && result.marks, file).toEqual(library[i]);
    });
  });
});
