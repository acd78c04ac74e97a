/**
 * The page's evaluation: every URL × agent verdict of a draft, as compact arrays a worker can
 * send back cheaply. Pure: the worker and the tests call it alike.
 */

import { crawlerGroup, parseRobotsTxt, type RobotsTxt } from '../../src/index.js';

/** What the page asks for: a draft (its text or bytes, or already parsed), URLs and crawlers. */
export interface EvaluationRequest {
  readonly body?: string | Uint8Array;
  readonly robots?: RobotsTxt;
  /** Full URLs or paths (a path is judged on the draft's own site). */
  readonly urls: readonly string[];
  readonly agents: readonly string[];
}

/** Verdicts, row-major (`urls.length × agents.length`). */
export interface Evaluation {
  /** 1 allowed, 0 disallowed. */
  readonly allowed: Uint8Array;
  /** The deciding line, 0 when no rule matched. */
  readonly lines: Uint32Array;
  /**
   * Per crawler, the token whose group decided each of its cells (the crawler model,
   * `crawlerGroup`): its own, the one it follows (`Googlebot` for Applebot), `*`, or `` when no
   * group applies (a crawler that ignores `*`: every URL allowed).
   */
  readonly decidedBy: readonly string[];
  /** How long the checks took, in milliseconds. */
  readonly elapsed: number;
}

/** Where a path of the URL list is judged: a placeholder site (`.invalid` never resolves). */
const PLACEHOLDER = 'https://site.invalid';

/** The URL a line of the URL list stands for: a path is taken on a placeholder site. */
export function urlOf(entry: string): string {
  const text = entry.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(text)
    ? text
    : `${PLACEHOLDER}${text.startsWith('/') ? '' : '/'}${text}`;
}

/** A URL as the page shows it: a URL on the placeholder site as its path again. */
export function shownUrl(url: string): string {
  return url.startsWith(`${PLACEHOLDER}/`) ? url.slice(PLACEHOLDER.length) : url;
}

/** Checks every URL against every crawler, each read as the crawler model says. */
export function evaluate(request: EvaluationRequest): Evaluation {
  const start = performance.now();
  const robots = request.robots ?? parseRobotsTxt(request.body ?? '');
  const { agents } = request;
  const urls = request.urls.map(urlOf);
  // The deciding line says the verdict: its rule allows (an Allow, or a Disallow with an empty
  // pattern, RFC 9309 §2.2.2), or no rule matched. One
  // match per cell instead of two (`isAllowed` and `matchingLine`).
  const allowLine = new Map<number, boolean>();
  for (const group of robots.groups) {
    for (const rule of group.rules) {
      allowLine.set(rule.line, rule.type === 'allow' || rule.priority === 0);
    }
  }
  const allowed = new Uint8Array(urls.length * agents.length);
  const lines = new Uint32Array(urls.length * agents.length);
  const decidedBy: string[] = [];
  // Crawlers read by the same groups get the same verdicts: each set of groups is checked once
  // (every crawler that falls back to `*` shares one column of checks, as does every crawler
  // that follows or is read as the same token).
  const checked = new Map<string, number>();
  const n = agents.length;
  for (let a = 0; a < n; a++) {
    const group = crawlerGroup(robots, agents[a]!);
    decidedBy.push(group.decidedBy);
    const agent = group.query;
    const key = agent === undefined ? '' : group.decidedBy === '*' ? '*' : `=${agent}`;
    const same = checked.get(key);
    if (same !== undefined) {
      for (let cell = a, from = same; cell < allowed.length; cell += n, from += n) {
        allowed[cell] = allowed[from]!;
        lines[cell] = lines[from]!;
      }
      continue;
    }
    checked.set(key, a);
    if (agent === undefined) {
      // It ignores `*` and no group names it: no rule applies.
      for (let u = 0; u < urls.length; u++) allowed[u * n + a] = 1;
      continue;
    }
    for (let u = 0; u < urls.length; u++) {
      const url = urls[u]!;
      const line = robots.matchingLine(url, agent);
      const cell = u * n + a;
      allowed[cell] = (line === 0 ? true : (allowLine.get(line) ?? robots.isAllowed(url, agent)))
        ? 1
        : 0;
      lines[cell] = line;
    }
  }
  return { allowed, lines, decidedBy, elapsed: performance.now() - start };
}
