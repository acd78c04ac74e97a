/**
 * Typed records for the extension lines crawlers meet beside Allow and Disallow: Crawl-delay,
 * Request-rate, Visit-time, Host, Clean-param, Content-Signal, Content-Usage and License (RSL).
 * Read from the parsed model's `directives`, so Google's allow/disallow decisions never see them.
 */

import { parseCrawlDelay } from '../parse/crawl-delay.js';
import { parseRequestRate } from '../parse/request-rate.js';
import type { OtherDirective, RobotsTxt } from '../types.js';
import { asciiLowerCase } from '../util/bytes.js';
import { type ContentSignalStatement, parseContentSignal } from './content-signal.js';
import { type PreferenceLine, splitPreferenceLine } from './preference-line.js';

/** What every record has: where the line is and what it says, as written. */
export interface ExtensionRecordBase {
  /** 1-based line number. */
  readonly line: number;
  /** Index of the group the line stands in, or -1 before the first `User-agent` line. */
  readonly group: number;
  /** The key as written (`Crawl-delay`, `content-usage`, …). */
  readonly key: string;
  /** The value as written, after trimming and comment removal. */
  readonly value: string;
}

/** A daily time window in UTC, `HH:MM` to `HH:MM` (it may wrap past midnight). */
export interface TimeWindow {
  readonly start: string;
  readonly end: string;
}

/** `Crawl-delay: 10`: seconds between fetches (Bing, Yandex; Google ignores it). */
export interface CrawlDelayRecord extends ExtensionRecordBase {
  readonly type: 'crawl-delay';
  /** The delay in seconds; null when the value is not a non-negative number. */
  readonly seconds: number | null;
}

/** `Request-rate: 1/10s 0600-0845`: at most `requests` fetches per `seconds`, optionally in a window. */
export interface RequestRateRecord extends ExtensionRecordBase {
  readonly type: 'request-rate';
  /** Null when the value is not `requests/period[s|m|h]`. */
  readonly requests: number | null;
  readonly seconds: number | null;
  readonly window: TimeWindow | null;
}

/** `Visit-time: 0600-0845`: the UTC window in which to crawl. */
export interface VisitTimeRecord extends ExtensionRecordBase {
  readonly type: 'visit-time';
  /** Null when the value is not `HHMM-HHMM`. */
  readonly window: TimeWindow | null;
}

/** `Host: www.example.com`: the preferred host (a retired Yandex extension). */
export interface HostRecord extends ExtensionRecordBase {
  readonly type: 'host';
  readonly host: string;
}

/** `Clean-param: utm_source&ref /articles/`: query parameters that do not change the page (Yandex). */
export interface CleanParamRecord extends ExtensionRecordBase {
  readonly type: 'clean-param';
  readonly parameters: readonly string[];
  /** The path prefix the parameters apply under, or null for every path. */
  readonly path: string | null;
}

/** `License: https://example.com/license.xml`: an RSL 1.0 license document (an absolute URL). */
export interface LicenseRecord extends ExtensionRecordBase {
  readonly type: 'license';
  readonly url: string;
}

/**
 * `Content-Usage: [/path ]train-ai=n`: an IETF AIPREF preference (draft-ietf-aipref-attach-05
 * §3). The statement is an RFC 9651 dictionary, parsed by `robots-rep/ai-preferences`.
 */
export interface ContentUsageRecord extends ExtensionRecordBase, PreferenceLine {
  readonly type: 'content-usage';
}

/** `Content-Signal: [/path ]search=yes, ai-train=no`: Cloudflare's Content Signals. */
export interface ContentSignalRecord extends ExtensionRecordBase, PreferenceLine {
  readonly type: 'content-signal';
  /** The statement, read. */
  readonly signals: ContentSignalStatement;
}

/** Any other key, kept as a raw directive. */
export interface OtherExtensionRecord extends ExtensionRecordBase {
  readonly type: 'other';
}

/** A record of an extension line: a discriminated union on `type`. */
export type ExtensionRecord =
  | CrawlDelayRecord
  | RequestRateRecord
  | VisitTimeRecord
  | HostRecord
  | CleanParamRecord
  | LicenseRecord
  | ContentUsageRecord
  | ContentSignalRecord
  | OtherExtensionRecord;

/** The kinds of extension record. */
export type ExtensionType = ExtensionRecord['type'];

const records = new WeakMap<object, readonly ExtensionRecord[]>();

/**
 * Every line other than User-agent, Allow, Disallow and Sitemap, as a typed record in file order
 * (keys compared without regard to ASCII case; an unknown key gives an `other` record). Read once
 * per parsed file and kept. Never throws.
 *
 * @example
 * const robots = parseRobotsTxt('User-agent: *\nCrawl-delay: 5\nContent-Usage: /ai/ train-ai=y\n');
 * readExtensions(robots).map((r) => r.type); // ['crawl-delay', 'content-usage']
 */
export function readExtensions(
  robots: Pick<RobotsTxt, 'directives' | 'options'>,
): readonly ExtensionRecord[] {
  let found = records.get(robots);
  if (found === undefined) {
    const rfc9309 = robots.options.percentEncoding === 'rfc9309';
    found = robots.directives.map((directive) => recordOf(directive, rfc9309));
    records.set(robots, found);
  }
  return found;
}

function recordOf(directive: OtherDirective, rfc9309: boolean): ExtensionRecord {
  const base = {
    line: directive.line,
    group: directive.group,
    key: directive.key,
    value: directive.text,
  };
  const text = directive.text;
  switch (asciiLowerCase(directive.key)) {
    case 'crawl-delay':
      return { type: 'crawl-delay', ...base, seconds: seconds(text) };
    case 'request-rate':
      return { type: 'request-rate', ...base, ...requestRate(text) };
    case 'visit-time':
      return { type: 'visit-time', ...base, window: timeWindow(text) };
    case 'host':
      return { type: 'host', ...base, host: text };
    case 'clean-param': {
      const [parameters = '', path] = text.split(/[ \t]+/, 2);
      return {
        type: 'clean-param',
        ...base,
        parameters: parameters.split('&').filter((p) => p !== ''),
        path: path ?? null,
      };
    }
    case 'license':
      return { type: 'license', ...base, url: text };
    case 'content-usage':
      return {
        type: 'content-usage',
        ...base,
        ...splitPreferenceLine(text, directive.value, rfc9309),
      };
    case 'content-signal': {
      const line = splitPreferenceLine(text, directive.value, rfc9309);
      return {
        type: 'content-signal',
        ...base,
        ...line,
        signals: parseContentSignal(line.statement),
      };
    }
    default:
      return { type: 'other', ...base };
  }
}

/** As `crawlDelay` reads it: a decimal number of seconds, at most `MAX_CRAWL_DELAY`. */
function seconds(text: string): number | null {
  return parseCrawlDelay(text) ?? null;
}

/** As `requestRate` reads it (`parseRequestRate`), plus the optional UTC window after it. */
function requestRate(text: string): Pick<RequestRateRecord, 'requests' | 'seconds' | 'window'> {
  const rate = parseRequestRate(text);
  if (rate === undefined) return { requests: null, seconds: null, window: null };
  const after = /^\S+\s+(\S+)/.exec(text.replace(/\s*\/\s*/, '/'))?.[1];
  return { ...rate, window: after === undefined ? null : timeWindow(after) };
}

function timeWindow(text: string): TimeWindow | null {
  const match = /^(\d\d):?(\d\d)\s*-\s*(\d\d):?(\d\d)$/.exec(text);
  if (match === null) return null;
  const [, h1, m1, h2, m2] = match;
  if (Number(h1) > 23 || Number(m1) > 59 || Number(h2) > 23 || Number(m2) > 59) return null;
  return { start: `${h1}:${m1}`, end: `${h2}:${m2}` };
}
