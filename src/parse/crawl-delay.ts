/**
 * `Crawl-delay` values: a non-standard extension (Bing, Yandex and others honour it; Google
 * ignores it) asking for a pause between requests, in seconds.
 */

import type { OtherDirective } from '../types.js';
import { asciiLowerCase } from '../util/bytes.js';
import { parseDecimal } from '../util/decimal.js';

/**
 * The longest `Crawl-delay` a caller is given, in seconds (a day): a larger value is read as
 * this, so a file cannot stall a crawler for longer, nor hand it a number that overflows a timer.
 */
export const MAX_CRAWL_DELAY = 86_400;

/**
 * Reads a `Crawl-delay` value: a plain decimal number of seconds (`10`, `0.5`), at most
 * {@link MAX_CRAWL_DELAY}; undefined for anything else (`0x10`, `1e3`, `-1`, `ten`, empty).
 * @example
 * parseCrawlDelay('2.5'); // 2.5
 * parseCrawlDelay('0x10'); // undefined
 * parseCrawlDelay('99999999'); // 86400
 */
export function parseCrawlDelay(value: string): number | undefined {
  const seconds = parseDecimal(value.trim());
  return seconds === undefined ? undefined : Math.min(seconds, MAX_CRAWL_DELAY);
}

/** A line whose value paces an agent: its number and what it asks for. */
export interface PacingLine<T> {
  readonly line: number;
  readonly value: T;
}

/**
 * Of the valid values of `key` lines in `groups`, in file order, the slowest (by `interval`, the
 * spacing each asks for; the first of equals), with every valid one: several apply when Google's
 * grouping merges the groups an agent's lines stand in.
 */
export function slowestPacing<T>(
  directives: readonly OtherDirective[],
  groups: ReadonlySet<number>,
  isKey: (lowerCaseKey: string) => boolean,
  read: (value: string) => T | undefined,
  interval: (value: T) => number,
): { readonly slowest: PacingLine<T>; readonly all: readonly PacingLine<T>[] } | undefined {
  let slowest: PacingLine<T> | undefined;
  const all: PacingLine<T>[] = [];
  for (const directive of directives) {
    if (!groups.has(directive.group) || !isKey(asciiLowerCase(directive.key))) continue;
    const value = read(directive.value);
    if (value === undefined) continue;
    const found = { line: directive.line, value };
    all.push(found);
    if (slowest === undefined || interval(value) > interval(slowest.value)) slowest = found;
  }
  return slowest === undefined ? undefined : { slowest, all };
}

/** Whether a lower-case key is read as `Crawl-delay` (`crawl-delay` and any key it begins). */
export const isCrawlDelayKey = (key: string): boolean => key.startsWith('crawl-delay');

/**
 * Why `seconds` from `line` is the delay of `agents` when `all` are the valid Crawl-delay lines
 * of the groups that apply to them.
 */
export function crawlDelayReason(
  agents: readonly string[],
  slowest: PacingLine<number>,
  all: readonly PacingLine<number>[],
): string {
  const who = agents.map((agent) => JSON.stringify(agent)).join(', ');
  if (all.length === 1) {
    return `Crawl-delay: ${slowest.value} on line ${slowest.line} is the only valid Crawl-delay in the groups that apply to ${who}.`;
  }
  const lines = all.map((one) => `${one.line} (${one.value} s)`).join(', ');
  return (
    `Lines ${lines} all set a Crawl-delay in the groups that apply to ${who}: Google's grouping ` +
    'puts User-agent lines with no Allow or Disallow line between them in one group, and every ' +
    `group naming an agent applies to it. The slowest, ${slowest.value} s on line ` +
    `${slowest.line}, is used, so that merging groups never lowers a delay.`
  );
}
