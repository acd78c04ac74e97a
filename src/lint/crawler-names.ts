/**
 * Near misses of crawler names: `User-agent: AhrefsBots`, `Googelbot`, `bingbott` name no crawler
 * (crawlers compare their product token case-insensitively, but letter for letter), so the group
 * written for one reaches none. The names are the crawler catalog's tokens (`readings/crawlers.ts`)
 * and the tokens of the crawler model's tables; a name that is itself one of them is a crawler.
 */

import { type ProductName, productNameOf } from '../readings/catalog/product-names.js';
import { CRAWL_DELAY_READERS, CRAWLER_RULES, RETIRED_CRAWLERS } from '../readings/crawler-model.js';
import { crawlers } from '../readings/crawlers.js';
import type { AgentLine } from '../types.js';
import { terminalSafe } from '../util/terminal.js';
import { listOf } from './blocks.js';

/** Every product token the package knows a crawler by (lower case → as its operator writes it). */
function knownTokens(): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const add = (token: string): void => {
    if (!names.has(token.toLowerCase())) names.set(token.toLowerCase(), token);
  };
  for (const c of crawlers) add(c.token);
  for (const r of CRAWLER_RULES) {
    add(r.token);
    if (r.follows !== undefined) add(r.follows);
  }
  for (const r of CRAWL_DELAY_READERS) add(r.token);
  for (const r of RETIRED_CRAWLERS) add(r.token);
  return names;
}

let known: ReadonlyMap<string, string> | undefined;

// An edit no typo makes: a digit added, dropped or changed (`AI2Bot` and `aipbot`, `AIBOT` are
// different crawlers).
const NEVER = 3;
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isSeparator = (c: string): boolean => c === '-' || c === '_' || c === '.';

/**
 * Edit distance with adjacent transpositions counted as one (optimal string alignment), or
 * `limit + 1` as soon as it exceeds `limit`. A digit never changes; in a name shorter than ten
 * characters a letter changed for another is no typo but another crawler's name (`msrbot` is not
 * `msnbot`, `Roverbot` not `rogerbot`), while a separator changed for another is (`_` for `-`).
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const long = b.length >= 10;
  const change = (x: string, y: string): number => {
    if (x === y) return 0;
    if (isDigit(x) || isDigit(y)) return NEVER;
    return long || (isSeparator(x) && isSeparator(y)) ? 1 : NEVER;
  };
  const addOrDrop = (c: string): number => (isDigit(c) ? NEVER : 1);
  let before: number[] = [];
  let previous = [0];
  for (let j = 1; j <= b.length; j++) previous.push(previous[j - 1]! + addOrDrop(b[j - 1]!));
  for (let i = 1; i <= a.length; i++) {
    const current = [previous[0]! + addOrDrop(a[i - 1]!)];
    let least = current[0]!;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(
        previous[j]! + addOrDrop(a[i - 1]!),
        current[j - 1]! + addOrDrop(b[j - 1]!),
        previous[j - 1]! + change(a[i - 1]!, b[j - 1]!),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      current.push(d);
      least = Math.min(least, d);
    }
    if (least > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known crawler token `name` (a User-agent value's name as written, up to a space or `/`) is
 * a near miss of, or undefined: not a known token itself, and (case-insensitively) one edit from a
 * token of 6 to 9 characters, at most two from one of 10 or more (a swap of two neighbouring
 * characters is one edit; digits never change, and in a token under ten characters a letter is
 * never changed for another, see {@link distance}), or the token with an `s` added, or else the
 * start of a token before its `bot` (`google` for Googlebot). Undefined too when two tokens are
 * as near.
 *
 * @example
 * nearCrawlerName('AhrefsBots'); // 'AhrefsBot'
 * nearCrawlerName('Googelbot'); // 'Googlebot'
 * nearCrawlerName('google'); // 'Googlebot'
 * nearCrawlerName('Googlebot'); // undefined
 */
export function nearCrawlerName(name: string): string | undefined {
  known ??= knownTokens();
  const lower = name.toLowerCase();
  if (lower.length < 3 || known.has(lower)) return undefined;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tied = false;
  for (const [token, written] of known) {
    const limit = token.length >= 10 ? 2 : token.length >= 6 ? 1 : 0;
    const plural = lower === `${token}s`;
    const d = plural ? 1 : limit === 0 ? limit + 1 : distance(lower, token, limit);
    if (d > (plural ? 1 : limit)) continue;
    if (d < bestDistance) {
      best = written;
      bestDistance = d;
      tied = false;
    } else if (d === bestDistance) tied = true;
  }
  if (best !== undefined) return tied ? undefined : best;
  return crawlerOfName(lower);
}

/**
 * `google`, `bing`, `baidu`: the start of a crawler's token up to its `bot`, `spider` or
 * `crawler` (the operator's or product's name), which names no crawler: crawlers compare their
 * whole token. The shortest such token (`Googlebot`, not `Googlebot-Image`), undefined when two
 * are as short.
 */
function crawlerOfName(lower: string): string | undefined {
  // A name that extends a known token (`YandexAdditional` after `Yandex`) is one of that
  // operator's own names: Yandex's robots read every group whose name holds "Yandex".
  for (const token of known!.keys()) if (lower.startsWith(token)) return undefined;
  let best: string | undefined;
  let tied = false;
  for (const [token, written] of known!) {
    if (!token.startsWith(lower) || !/^[-_]?(?:bot|spider|crawler)/.test(token.slice(lower.length)))
      continue;
    if (best === undefined || written.length < best.length) {
      best = written;
      tied = false;
    } else if (written.length === best.length) tied = true;
  }
  return tied ? undefined : best;
}

/** Whether a product token is one the package knows a crawler by (the catalog's, the model's). */
export function knownCrawlerToken(token: string): boolean {
  known ??= knownTokens();
  return known.has(token.toLowerCase());
}

/**
 * Whether a product token is an ads landing-page checker (the catalog's `checksAds`: AdIdxBot,
 * OAI-AdsBot): it fetches only the pages ads lead to, so which pages it may fetch matters little
 * for the site's crawling.
 */
export function checksAds(token: string): boolean {
  const lower = token.toLowerCase();
  return crawlers.some((c) => c.checksAds === true && c.token.toLowerCase() === lower);
}

/**
 * Whether a product token is a crawler of images or videos only (the catalog's `media`:
 * Googlebot-Image): the `*` rules it escapes are mostly rules about pages.
 */
export function fetchesMediaOnly(token: string): boolean {
  const lower = token.toLowerCase();
  return crawlers.some((c) => c.media === true && c.token.toLowerCase() === lower);
}

/** What a crawler of the catalog crawls for that a site owner's search presence depends on. */
const SEARCH_OR_AI: ReadonlySet<string> = new Set([
  'search',
  'ai-training',
  'ai-search',
  'ai-assistant',
]);

/**
 * Whether a product token is a search or AI crawler of the catalog (any of its purposes): the
 * crawlers whose escape of the `*` rules matters for what a site shows in search and AI answers.
 */
export function crawlsForSearchOrAi(token: string): boolean {
  const lower = token.toLowerCase();
  return crawlers.some(
    (c) => c.token.toLowerCase() === lower && c.purposes.some((p) => SEARCH_OR_AI.has(p)),
  );
}

/** Whether a product token is a search engine's crawler of the catalog (Yeti, SeznamBot). */
export function crawlsForSearch(token: string): boolean {
  const lower = token.toLowerCase();
  return crawlers.some((c) => c.token.toLowerCase() === lower && c.purposes.includes('search'));
}

/** The crawler a User-agent line's name is a near miss of (`user-agent-typo`), or undefined. */
export function nearMissOf(agent: AgentLine): string | undefined {
  const written = /^[A-Za-z0-9._-]+(?=[\s/]|$)/.exec(agent.value)?.[0];
  return written === undefined ? undefined : nearCrawlerName(written);
}

/**
 * The AI product's or company's name a User-agent line writes instead of a crawler's token
 * (`ChatGPT`, `Claude`, `Yahoo!`: the catalog's `PRODUCT_NAMES`), alone but for a version
 * (`ChatGPT/1.0`) or marks after it (`Yahoo!`, which Google reads as `Yahoo`), or undefined.
 */
export function productNameWritten(
  agent: AgentLine,
): { readonly written: string; readonly name: string; readonly product: ProductName } | undefined {
  const found = /^([A-Za-z0-9._-]+)[^\sA-Za-z0-9/]*(?=[\s/]|$)/.exec(agent.value);
  if (found === null) return undefined;
  // The name alone (a version aside): `ChatGPT User` meant one crawler, not all of them.
  if (!/^(?:\/\S*)?$/.test(agent.value.slice(found[0].length))) return undefined;
  const product = productNameOf(found[1]!);
  return product === undefined ? undefined : { written: found[0], name: found[1]!, product };
}

/**
 * Whether a User-agent line names no crawler by a mistake `user-agent-typo` reports: a near miss
 * of a crawler's token ({@link nearMissOf}) or a product's name ({@link productNameWritten}).
 * What a group gives or takes from that name concerns no crawler.
 */
export function misnamesCrawler(agent: AgentLine): boolean {
  if (agent.global || agent.token === '') return false;
  return nearMissOf(agent) !== undefined || productNameWritten(agent) !== undefined;
}

/**
 * How a finding names the crawlers of User-agent lines: their product tokens (as `listOf` lists
 * them), each with its lines as written when the token is cut from more than a version
 * (`User-agent: MS Search 6.0 Robot` is `MS` to Google: `MS ("MS Search 6.0 Robot")`), so the
 * reader finds the lines meant.
 */
export function writtenNames(agents: readonly AgentLine[]): string {
  const byToken = new Map<string, string[]>();
  for (const agent of agents) {
    const value = agent.value.trim();
    const rest = value.slice(agent.token.length);
    const cut = agent.token !== '' && rest !== '' && !/^\/\S*$/.test(rest);
    const written = byToken.get(agent.token) ?? [];
    if (cut && !written.includes(value)) written.push(value);
    byToken.set(agent.token, written);
  }
  return listOf(
    [...byToken].map(([token, written]) =>
      written.length === 0
        ? token
        : `${token} (${written.map((w) => `"${terminalSafe(w)}"`).join(', ')})`,
    ),
  );
}
