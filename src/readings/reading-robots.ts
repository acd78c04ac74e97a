/**
 * A parsed file under a legacy reading (see `Reading`): checks, explanations, crawl delays and
 * sitemaps follow that reading; the model (`groups`, `lines`, `report()`) stays Google's reading
 * of the file, so tools see one model whatever the reading.
 */

import { urlToString } from '../match/path.js';
import { toAgentList } from '../parse/agent.js';
import type {
  CrawlDelayExplanation,
  Explanation,
  Group,
  LineMetadata,
  OtherDirective,
  ParseOptions,
  ReadingVerdict,
  RequestRate,
  RobotsTxt,
  RobotsTxtData,
  RobotsTxtReport,
  Rule,
  SitemapLine,
} from '../types.js';
import { draftReading } from './draft-1996.js';
import { python9309Reading } from './python-rfc9309.js';
import { pythonReading } from './python-urllib.js';
import type { LegacyInterpretation, Reading, ReadingFactory } from './reading.js';

/** Every legacy reading, by name: the one place a new reading is plugged in. */
export const READINGS: Readonly<Record<LegacyInterpretation, ReadingFactory>> = {
  'draft-1996': draftReading,
  'python-urllib': pythonReading,
  'python-urllib-rfc9309': python9309Reading,
};

/** Whether `interpretation` names a legacy reading (one that {@link READINGS} builds). */
export function isLegacyInterpretation(
  interpretation: string,
): interpretation is LegacyInterpretation {
  return Object.hasOwn(READINGS, interpretation);
}

/**
 * `groupAt` for a reading of the file `google` models: the index of the group holding a
 * User-agent line, or -1 (the model is read on the first call).
 */
export function groupAtLineOf(google: RobotsTxt): (line: number) => number {
  let byLine: Map<number, number> | undefined;
  return (line) => {
    byLine ??= new Map(google.groups.flatMap((g) => g.agents.map((a) => [a.line, g.index])));
    return byLine.get(line) ?? -1;
  };
}

/** A file read by a legacy reading, with Google's reading of it as the model. */
export class ReadingRobotsTxt implements RobotsTxt {
  readonly #google: RobotsTxt;
  readonly #reading: Reading;

  /** `google` is Google's reading of the same body: the model, and `compare`. */
  constructor(google: RobotsTxt, reading: Reading) {
    this.#google = google;
    this.#reading = reading;
  }

  get options(): Required<ParseOptions> {
    return { ...this.#google.options, interpretation: this.#reading.interpretation };
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
  get bytesParsed(): number {
    return this.#google.bytesParsed;
  }
  get truncated(): boolean {
    return this.#google.truncated;
  }
  /**
   * Always 0: these readings take no work budget. The first-match readings have no wildcards (a
   * check costs at most the file's length); Python's RFC 9309 reading matches through the
   * matcher's interface, whose engines bound a check whatever the file.
   */
  get exhaustedChecks(): number {
    return 0;
  }
  /** Google's reading (the model) and this reading's rules, about three bytes a body byte. */
  get retainedBytes(): number {
    return this.#google.retainedBytes + 3 * this.#google.size;
  }
  report(): RobotsTxtReport {
    return this.#google.report();
  }

  /** Sitemap URLs as this reading collects them. */
  get sitemaps(): readonly string[] {
    return this.#reading.sitemaps;
  }

  isAllowed(url: string | URL, agent: string | readonly string[]): boolean {
    return this.#explain(url, agent, 'isAllowed').allowed;
  }

  matchingLine(url: string | URL, agent: string | readonly string[]): number {
    return this.#explain(url, agent, 'matchingLine').line;
  }

  explain(url: string | URL, agent: string | readonly string[]): Explanation {
    return this.#explain(url, agent, 'explain');
  }

  #explain(url: string | URL, agent: string | readonly string[], caller: string): Explanation {
    return this.#reading.explain(urlToString(url, caller), [...toAgentList(agent, caller)]);
  }

  compare(url: string | URL, agent: string | readonly string[]): ReadingVerdict[] {
    return this.#google.compare(url, agent);
  }

  crawlDelay(agent: string | readonly string[]): number | undefined {
    return this.#reading.crawlDelay(toAgentList(agent, 'crawlDelay'));
  }

  requestRate(agent: string | readonly string[]): RequestRate | undefined {
    return this.#reading.requestRate(toAgentList(agent, 'requestRate'));
  }

  /** This reading's delay, as its crawler gives it; the reading keeps no line for it. */
  explainCrawlDelay(agent: string | readonly string[]): CrawlDelayExplanation | undefined {
    const seconds = this.crawlDelay(agent);
    if (seconds === undefined) return undefined;
    return {
      seconds,
      line: 0,
      lines: [],
      reason: `The delay the ${this.#reading.interpretation} reading gives, as that crawler reads the file (Google's grouping plays no part).`,
    };
  }

  toJSON(): RobotsTxtData {
    return { ...this.#google.toJSON(), sitemaps: this.sitemaps, options: this.options };
  }
}
