/** `robotstxt lint --fix` / `--fix-dry-run`: lint's verified fixes applied to a file. */

import {
  applyLintFixes,
  type Diagnostic,
  diffRobotsTxt,
  type LintOptions,
  lintRobotsTxt,
  type RobotsDiff,
} from '../index.js';
import { terminalSafe } from '../util/terminal.js';

// As ESLint does: fixes that overlap wait for the next pass, a pass lints the fixed body again.
const MAX_PASSES = 10;

/** What fixing one body gave. */
export interface FixOutcome {
  /** The fixed body. */
  readonly body: Uint8Array;
  /** The diagnostics whose fixes were applied, over every pass. */
  readonly applied: readonly Diagnostic[];
  /** The verdicts the fixes change together, between the body as read and the fixed body. */
  readonly diff: RobotsDiff;
}

/**
 * Applies lint's verified fixes to `body`, pass after pass ({@link fixedByDefault}'s: an info's
 * only when it changes no verdict). A pass whose fixes together block a
 * path none of them blocks alone is applied one fix at a time, so every verdict change of the
 * result was verified with the fix that makes it.
 */
export function fixBody(body: Uint8Array, options: LintOptions): FixOutcome {
  let current = body;
  const applied: Diagnostic[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { diagnostics } = lintRobotsTxt(current, options);
    let step = applyLintFixes(current, diagnostics.filter(fixedByDefault));
    if (step.applied.length === 0) break;
    if (step.applied.length > 1 && !blocksOnlyVerified(current, step.body, step.applied)) {
      step = applyLintFixes(current, step.applied.slice(0, 1));
    }
    applied.push(...step.applied);
    current = step.body;
  }
  return { body: current, applied, diff: diffRobotsTxt(body, current) };
}

/**
 * Whether `--fix` applies this finding's fix: a warning's or an error's, and an info's only when
 * it changes no verdict (a cleanup). An info is what a file may mean (a link-preview fetcher let
 * past the `*` rules, say): a fix of one that changes what crawlers may fetch is shown, and left
 * for the owner to apply.
 */
export function fixedByDefault(diagnostic: Diagnostic): boolean {
  return diagnostic.severity !== 'info' || (diagnostic.fix?.verdicts.length ?? 0) === 0;
}

/** Whether every path the fixes block together is one a fix blocks alone (for that crawler). */
function blocksOnlyVerified(
  before: Uint8Array,
  after: Uint8Array,
  fixes: readonly Diagnostic[],
): boolean {
  const verified = new Set(
    fixes.flatMap((d) => (d.fix?.verdicts ?? []).map((v) => `${v.agent}\n${v.url}`)),
  );
  return diffRobotsTxt(before, after).verdicts.every(
    (v) => !v.before.allowed || v.after.allowed || verified.has(`${v.agent}\n${v.url}`),
  );
}

/**
 * The changed lines of `before` → `after` as a unified diff (`@@ -a,b +c,d @@`, `-` and `+`
 * lines, no context), terminal-safe.
 */
export function formatLineDiff(before: string, after: string, name: string): string {
  const a = before.split(/\r\n|\r|\n/);
  const b = after.split(/\r\n|\r|\n/);
  const out = [`--- ${terminalSafe(name)}`, `+++ ${terminalSafe(name)} (fixed)`];
  for (const hunk of hunks(a, b)) {
    out.push(`@@ -${hunk.a + 1},${hunk.aLength} +${hunk.b + 1},${hunk.bLength} @@`);
    for (let i = 0; i < hunk.aLength; i++) out.push(`-${terminalSafe(a[hunk.a + i]!)}`);
    for (let i = 0; i < hunk.bLength; i++) out.push(`+${terminalSafe(b[hunk.b + i]!)}`);
  }
  return `${out.join('\n')}\n`;
}

interface Hunk {
  readonly a: number;
  readonly aLength: number;
  readonly b: number;
  readonly bLength: number;
}

/**
 * The runs of lines that differ, by Myers' O((N+M)D) algorithm: fixes change few lines, so D is
 * small however long the file.
 */
function hunks(a: readonly string[], b: readonly string[]): Hunk[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const v = new Map<number, number>([[1, 0]]);
  const trace: Map<number, number>[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(new Map(v));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v.get(k - 1) ?? -1) < (v.get(k + 1) ?? -1))
          ? (v.get(k + 1) ?? 0)
          : (v.get(k - 1) ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v.set(k, x);
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk back through the trace: each step is a deleted or an inserted line.
  const same: boolean[][] = [new Array(n).fill(false), new Array(m).fill(false)];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const vd = trace[d]!;
    const k = x - y;
    const prevK =
      k === -d || (k !== d && (vd.get(k - 1) ?? -1) < (vd.get(k + 1) ?? -1)) ? k + 1 : k - 1;
    const prevX = vd.get(prevK) ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      same[0]![x] = true;
      same[1]![y] = true;
    }
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    same[0]![x] = true;
    same[1]![y] = true;
  }
  const out: Hunk[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && same[0]![i] && same[1]![j]) {
      i++;
      j++;
      continue;
    }
    const startA = i;
    const startB = j;
    while (i < n && !same[0]![i]) i++;
    while (j < m && !same[1]![j]) j++;
    out.push({ a: startA, aLength: i - startA, b: startB, bLength: j - startB });
  }
  return out;
}
