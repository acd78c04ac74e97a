/**
 * `Request-rate` values: a non-standard extension (Python's robotparser, some crawlers) that
 * limits how many requests a crawler makes in a time span.
 */

import type { RequestRate } from '../types.js';

const units: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * Reads a `Request-rate` value: `requests/seconds`, the span optionally with a unit (`1/10s`,
 * `30/1m`, `100/1h`, `1000/1d`), anything after it (a time window such as `0600-0845`) ignored,
 * so the rate holds all day. Undefined for anything else, a zero count or a zero span.
 * @example
 * parseRequestRate('1/10s')?.seconds; // 10
 */
export function parseRequestRate(value: string): RequestRate | undefined {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,9}(?:\.\d{1,6})?)\s*([smhd]?)(?:\s|$)/i.exec(value);
  if (match === null) return undefined;
  const requests = Number(match[1]);
  const seconds = Number(match[2]) * units[match[3]!.toLowerCase()]!;
  if (!(requests > 0) || !(seconds > 0)) return undefined;
  return { requests, seconds };
}
