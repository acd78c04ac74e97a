/**
 * A parsed file under another reading than Google's: the 1996 draft's or Python's. Checks,
 * explanations, crawl delays and sitemaps follow that reading; the model (`groups`, `lines`,
 * `report()`) stays Google's reading of the file, so tools see one model whatever the reading.
 */

import type {
  Explanation,
  Group,
  Interpretation,
  LineMetadata,
  MatchedRule,
  OtherDirective,
  ParseOptions,
  RobotsTxt,
  RobotsTxtData,
  RobotsTxtReport,
  Rule,
  SitemapLine,
} from '../types.js';
import {
  type DraftRobots,
  type DraftRule,
  draftRecordFor,
  draftVerdict,
  parseDraft,
} from './draft-1996.js';
import type { PythonError } from './python-text.js';
import {
  canFetch,
  entryFor,
  type PythonRobots,
  type PythonRule,
  parsePython,
} from './python-urllib.js';

/** The legacy readings. */
export type LegacyInterpretation = Extract<Interpretation, 'draft-1996' | 'python-urllib'>;

function agentOf(agent: string | readonly string[]): string {
  // These readings know one robot name per check; a list is read as its first name.
  return typeof agent === 'string' ? agent : (agent[0] ?? '');
}

function urlText(url: string | URL): string {
  return typeof url === 'string' ? url : url.href;
}

function matched(
  type: 'allow' | 'disallow',
  line: number,
  value: string,
  pattern: string,
  group: number,
): MatchedRule {
  return { type, line, value, pattern, priority: 0, group, indexRewrite: false, matchPriority: 0 };
}

/** A file read by the 1996 draft or by Python's robotparser. */
export class LegacyRobotsTxt implements RobotsTxt {
  readonly #google: RobotsTxt;
  readonly #reading: LegacyInterpretation;
  readonly #python: PythonRobots | undefined;
  readonly #draft: DraftRobots | undefined;

  /**
   * `google` is Google's reading of the same body (the model); `text` the body as this reading
   * decodes it, or the exception CPython raises decoding it.
   */
  constructor(google: RobotsTxt, reading: LegacyInterpretation, text: string | PythonError) {
    this.#google = google;
    this.#reading = reading;
    if (reading === 'python-urllib') {
      this.#python =
        typeof text === 'string'
          ? parsePython(text)
          : { entries: [], defaultEntry: undefined, sitemaps: [], error: text };
    } else {
      this.#draft = parseDraft(typeof text === 'string' ? text : '');
    }
  }

  get options(): Required<ParseOptions> {
    return { ...this.#google.options, interpretation: this.#reading };
  }
  get groups(): readonly Group[] {
    return this.#google.groups;
  }
  get rulesOutsideGroups(): readonly Rule[] {
    return this.#google.rulesOutsideGroups;
  }
  get sitemapLines(): readonly SitemapLine[] {
    return this.#google.sitemapLines;
  }
  get directives(): readonly OtherDirective[] {
    return this.#google.directives;
  }
  get lineCount(): number {
    return this.#google.lineCount;
  }
  get lines(): readonly LineMetadata[] {
    return this.#google.lines;
  }
  get size(): number {
    return this.#google.size;
  }
  get bytesRead(): number {
    return this.#google.bytesRead;
  }
  get truncated(): boolean {
    return this.#google.truncated;
  }
  /** Always 0: these readings have no wildcards, and a check costs at most the file's length. */
  get exhaustedChecks(): number {
    return 0;
  }
  report(): RobotsTxtReport {
    return this.#google.report();
  }

  /** Sitemap URLs as this reading collects them. */
  get sitemaps(): readonly string[] {
    return this.#python?.sitemaps ?? this.#draft!.sitemaps;
  }

  isAllowed(url: string | URL, agent: string | readonly string[]): boolean {
    return this.explain(url, agent).allowed;
  }

  matchingLine(url: string | URL, agent: string | readonly string[]): number {
    return this.explain(url, agent).line;
  }

  explain(url: string | URL, agent: string | readonly string[]): Explanation {
    const name = agentOf(agent);
    const agents = typeof agent === 'string' ? [agent] : [...agent];
    return this.#python !== undefined
      ? this.#explainPython(urlText(url), name, agents)
      : this.#explainDraft(urlText(url), name, agents);
  }

  #explainPython(url: string, name: string, agents: string[]): Explanation {
    const verdict = canFetch(this.#python!, name, url);
    const base = { path: verdict.path, agents, interpretation: 'python-urllib' as const };
    if (verdict.error !== undefined) {
      return {
        ...base,
        allowed: false,
        line: 0,
        selection: 'none',
        groups: [],
        reason: `CPython's robotparser raises ${verdict.error.message}, so a Python crawler gets no answer: disallowed here.`,
      };
    }
    if (verdict.entry === undefined) {
      return {
        ...base,
        allowed: true,
        line: 0,
        selection: 'none',
        groups: [],
        reason: `No entry's User-agent is a substring of "${name}" and there is no "*" entry: Python allows ${verdict.path}.`,
      };
    }
    const which = verdict.entry.global
      ? 'the "*" entry (no other entry\'s User-agent is a substring of the name)'
      : `the first entry whose User-agent is a substring of "${name.split('/')[0]?.toLowerCase()}" (line ${verdict.entry.agentLine})`;
    const selection = verdict.entry.global ? 'global' : 'specific';
    const groups = [verdict.entry.index];
    if (verdict.rule === undefined) {
      return {
        ...base,
        allowed: true,
        line: 0,
        selection,
        groups,
        reason: `No rule of ${which} starts ${verdict.path}: Python allows it.`,
      };
    }
    const rule = this.#pythonRule(verdict.rule, verdict.entry.index);
    const verb = verdict.allowed ? 'Allowed' : 'Disallowed';
    return {
      ...base,
      allowed: verdict.allowed,
      line: verdict.rule.line,
      rule,
      ...(verdict.allowed ? { bestAllow: rule } : { bestDisallow: rule }),
      selection,
      groups,
      reason: `${verb} by line ${verdict.rule.line} "${rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${verdict.rule.value}" of ${which}: Python takes the first rule in file order whose path (unquoted, then quoted: ${verdict.rule.path || '""'}) starts ${verdict.path}, not the longest.`,
    };
  }

  #pythonRule(rule: PythonRule, group: number): MatchedRule {
    return matched(rule.allowance ? 'allow' : 'disallow', rule.line, rule.value, rule.path, group);
  }

  #explainDraft(url: string, name: string, agents: string[]): Explanation {
    const robots = this.#draft!;
    const verdict = draftVerdict(robots, name, url);
    const base = { path: verdict.path, agents, interpretation: 'draft-1996' as const };
    if (verdict.record === undefined) {
      return {
        ...base,
        allowed: true,
        line: 0,
        selection: 'none',
        groups: [],
        reason: `No record names "${name}" and there is no "*" record: the 1996 draft allows ${verdict.path}.`,
      };
    }
    const found = draftRecordFor(robots, name)!;
    const which = verdict.record.global
      ? 'the "*" record (no record names the robot)'
      : `the first record naming "${name.split('/')[0]}" (line ${found.record.agents[0]?.line})`;
    const selection = verdict.record.global ? 'global' : 'specific';
    const groups = [verdict.record.index];
    if (verdict.rule === undefined) {
      return {
        ...base,
        allowed: true,
        line: 0,
        selection,
        groups,
        reason: `No rule of ${which} is a prefix of ${verdict.path}: allowed under the 1996 draft.`,
      };
    }
    const rule = this.#draftRule(verdict.rule, verdict.record.index);
    return {
      ...base,
      allowed: verdict.allowed,
      line: verdict.rule.line,
      rule,
      ...(verdict.allowed ? { bestAllow: rule } : { bestDisallow: rule }),
      selection,
      groups,
      reason: `${verdict.allowed ? 'Allowed' : 'Disallowed'} by line ${verdict.rule.line} "${rule.type === 'allow' ? 'Allow' : 'Disallow'}: ${verdict.rule.value}" of ${which}: the 1996 draft takes the first rule in file order that is a prefix of ${verdict.path} (no wildcards), not the longest.`,
    };
  }

  #draftRule(rule: DraftRule, group: number): MatchedRule {
    return matched(rule.allow ? 'allow' : 'disallow', rule.line, rule.value, rule.value, group);
  }

  /**
   * Python: the applicable entry's `Crawl-delay` (a whole number of seconds), as `crawl_delay`
   * returns it. The 1996 draft has no crawl delay: always undefined.
   */
  crawlDelay(agent: string | readonly string[]): number | undefined {
    if (this.#python === undefined || this.#python.error !== undefined) return undefined;
    return entryFor(this.#python, agentOf(agent))?.entry.delay;
  }

  /** Python's `request_rate`: requests per seconds of the applicable entry, if it has one. */
  requestRate(
    agent: string | readonly string[],
  ): { readonly requests: number; readonly seconds: number } | undefined {
    if (this.#python === undefined || this.#python.error !== undefined) return undefined;
    return entryFor(this.#python, agentOf(agent))?.entry.requestRate;
  }

  toJSON(): RobotsTxtData {
    return { ...this.#google.toJSON(), sitemaps: this.sitemaps, options: this.options };
  }
}
