/**
 * `Crawl-delay` values: a non-standard extension (Bing, Yandex and others honour it; Google
 * ignores it) asking for a pause between requests, in seconds.
 */

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
