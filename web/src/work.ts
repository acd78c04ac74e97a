/**
 * Everything the page computes, as jobs its workers run: the matrix, lint, one cell's
 * explanation, and the views (audit, Google's report, AI preferences, diff). Pure: the workers
 * and the tests call it alike. Each job carries the draft (text, or the bytes of an untouched
 * upload) and its version; a worker keeps the last parsed draft of each version.
 */

import { readStatement } from '../../src/ai-preferences/index.js';
import {
  type AuditResult,
  auditRobotsTxt,
  type Crawler,
  compareReadings,
  crawlerGroup,
  type FixEdit,
  type Interpretation,
  lintRobotsTxt,
  parseReadings,
  parseRobotsTxt,
  type Readings,
  type RobotsTxt,
} from '../../src/index.js';
import { aiView } from './ai-view.js';
import { type DiffView, diffView } from './diff-view.js';
import { type Evaluation, evaluate, urlOf } from './evaluate.js';
import { type ReportView, reportView } from './report-view.js';

/** A draft as the page holds it: typed text, or the bytes of an untouched upload. */
export type Body = string | Uint8Array;

interface DraftJob {
  readonly id: number;
  /** Changes whenever the draft does (the worker's cache key). */
  readonly version: number;
  readonly draft: Body;
}

/** The jobs, by kind. */
export type Job =
  | (DraftJob & { readonly kind: 'matrix'; readonly urls: string[]; readonly agents: string[] })
  | (DraftJob & { readonly kind: 'lint' })
  | (DraftJob & { readonly kind: 'explain'; readonly url: string; readonly agent: string })
  | (DraftJob & {
      readonly kind: 'view';
      readonly view: ViewName;
      readonly urls: string[];
      readonly agents: string[];
      readonly aiAgent?: string;
      /** The audit's crawlers when a list was loaded: the catalog's and the list's new rows. */
      readonly crawlers?: readonly Crawler[];
      readonly base?: { readonly body: Body; readonly version: number };
    });

/** The tabs computed on request. */
export type ViewName = 'audit' | 'report' | 'ai' | 'diff';

/** A lint finding as the editor marks it. */
export interface LintMark {
  readonly line: number;
  readonly column: number;
  readonly endColumn?: number;
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  readonly code: string;
  /** Lint's verified fix, as the CLI's JSON gives it (byte offsets of the draft's bytes). */
  readonly fix?: { readonly description: string; readonly edits: readonly FixEdit[] };
}

/** A cell's explanation, with every reading's verdict. */
export interface CellExplanation {
  readonly allowed: boolean;
  readonly line: number;
  readonly reason: string;
  /** The token whose group decided (the crawler model): the crawler's, the followed, `*`, ``. */
  readonly decidedBy: string;
  readonly source?: string;
  readonly readings: readonly {
    readonly interpretation: Interpretation;
    readonly allowed: boolean;
    readonly line: number;
  }[];
}

/** What each job kind answers. */
export type JobResult =
  | { readonly kind: 'matrix'; readonly evaluation: Evaluation }
  | { readonly kind: 'lint'; readonly marks: readonly LintMark[] }
  | { readonly kind: 'explain'; readonly explanation: CellExplanation }
  | { readonly kind: 'view'; readonly view: 'audit'; readonly audit: AuditResult }
  | { readonly kind: 'view'; readonly view: 'report'; readonly report: ReportView }
  | { readonly kind: 'view'; readonly view: 'ai'; readonly ai: ReturnType<typeof aiView> }
  | { readonly kind: 'view'; readonly view: 'diff'; readonly diff: DiffView | undefined };

/** The parsed draft (and its readings, on first need) of the last version seen. */
export class DraftCache {
  #version = -1;
  #robots: RobotsTxt | undefined;
  #readings: Readings | undefined;
  #body: Body = '';
  #base: { version: number; robots: RobotsTxt } | undefined;

  robots(job: DraftJob): RobotsTxt {
    if (job.version !== this.#version || this.#robots === undefined) {
      this.#version = job.version;
      this.#body = job.draft;
      this.#robots = parseRobotsTxt(job.draft);
      this.#readings = undefined;
    }
    return this.#robots;
  }

  readings(job: DraftJob): Readings {
    this.robots(job);
    this.#readings ??= parseReadings(this.#body);
    return this.#readings;
  }

  base(base: { readonly body: Body; readonly version: number }): RobotsTxt {
    if (this.#base?.version !== base.version) {
      this.#base = { version: base.version, robots: parseRobotsTxt(base.body) };
    }
    return this.#base.robots;
  }
}

/** Runs one job. */
export function runJob(job: Job, cache: DraftCache): JobResult {
  switch (job.kind) {
    case 'matrix':
      return {
        kind: 'matrix',
        evaluation: evaluate({ robots: cache.robots(job), urls: job.urls, agents: job.agents }),
      };
    case 'lint':
      return { kind: 'lint', marks: lintMarks(job.draft) };
    case 'explain':
      return { kind: 'explain', explanation: explainCell(job, cache) };
    case 'view':
      return runView(job, cache);
  }
}

function runView(job: Extract<Job, { kind: 'view' }>, cache: DraftCache): JobResult {
  const robots = cache.robots(job);
  switch (job.view) {
    case 'audit': {
      // Paths keep their query strings: `/suche?q=test` is what the rules are matched against.
      const paths = job.urls.slice(0, 8).map((u) => {
        const url = new URL(urlOf(u));
        return `${url.pathname}${url.search}`;
      });
      const audit = auditRobotsTxt(robots, {
        paths: [...new Set(paths)],
        readings: cache.readings(job),
        ...(job.crawlers === undefined ? {} : { crawlers: job.crawlers }),
      });
      return { kind: 'view', view: 'audit', audit };
    }
    case 'report':
      return { kind: 'view', view: 'report', report: reportView(robots, job.draft) };
    case 'ai':
      return {
        kind: 'view',
        view: 'ai',
        ai: aiView(robots, job.urls, job.aiAgent ?? job.agents[0]),
      };
    case 'diff':
      return {
        kind: 'view',
        view: 'diff',
        diff:
          job.base === undefined
            ? undefined
            : diffView(cache.base(job.base), robots, job.urls, job.agents),
      };
  }
}

/** Lint's diagnostics of the draft, as the CLI gives them (its bytes, when uploaded). */
export function lintMarks(draft: Body): LintMark[] {
  // With the AIPREF statement reader, Content-Usage values are checked too.
  return lintRobotsTxt(draft, { readStatement }).diagnostics.map((d) => ({
    line: d.line,
    column: d.column,
    ...(d.endColumn === undefined ? {} : { endColumn: d.endColumn }),
    severity: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'info',
    message: d.message,
    code: d.code,
    ...(d.fix === undefined ? {} : { fix: { description: d.fix.description, edits: d.fix.edits } }),
  }));
}

function explainCell(job: Extract<Job, { kind: 'explain' }>, cache: DraftCache): CellExplanation {
  const robots = cache.robots(job);
  const url = urlOf(job.url);
  const group = crawlerGroup(robots, job.agent);
  const source = group.rule?.source;
  const readings = compareReadings(cache.readings(job), url, group.query ?? job.agent).map((v) => ({
    interpretation: v.interpretation,
    allowed: v.allowed,
    line: v.line,
  }));
  if (group.query === undefined) {
    return {
      allowed: true,
      line: 0,
      reason: `No group names ${job.agent}, and it ignores the "User-agent: *" group, as its operator documents: no rule applies to it.`,
      decidedBy: '',
      ...(source === undefined ? {} : { source }),
      readings,
    };
  }
  const explanation = robots.explain(url, group.query);
  const followed =
    group.query === job.agent
      ? ''
      : `No group names ${job.agent}: it follows ${group.query}'s group, as its operator documents. `;
  return {
    allowed: explanation.allowed,
    line: explanation.line,
    reason: `${followed}${explanation.reason}`,
    decidedBy: group.decidedBy,
    ...(source === undefined ? {} : { source }),
    readings,
  };
}
