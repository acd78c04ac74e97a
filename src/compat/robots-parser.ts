/**
 * A drop-in for the `robots-parser` npm package (version 3): the same function and methods, the
 * same answers for URLs of another origin and the same user-agent handling, with Google's
 * decisions for everything else (which groups apply, which rule wins, how paths and patterns are
 * compared). Exported as `robots-rep/robots-parser`; docs/compat.md lists where the answers
 * differ and why.
 */

import { argumentError } from '../errors.js';
import { parseRobotsTxt } from '../robots.js';
import type { RobotsTxt } from '../types.js';

/** What {@link robotsParser} returns: robots-parser's `Robots` object. */
export interface Robot {
  /**
   * Whether `ua` may crawl `url`: true or false, or undefined when `url` is not on the origin of
   * the robots.txt (robots-parser's answer for "this file does not govern that URL").
   */
  isAllowed(url: string, ua?: string): boolean | undefined;
  /** `!isAllowed(url, ua)`: true also for a URL of another origin, as in robots-parser. */
  isDisallowed(url: string, ua?: string): boolean;
  /**
   * Whether a group naming `ua` itself disallows `url` (the `*` group is not consulted);
   * undefined for a URL of another origin.
   */
  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined;
  /**
   * The 1-based line of the deciding rule, or -1 when no rule matched (or another origin); -1
   * also when the deciding rule is empty (`Disallow:`), which robots-parser does not record.
   */
  getMatchingLineNumber(url: string, ua?: string): number;
  /**
   * The `Crawl-delay` in seconds of the groups that apply to `ua` under Google's grouping (the
   * slowest valid value), or undefined.
   */
  getCrawlDelay(ua?: string): number | undefined;
  /** The `Sitemap` values as written, in file order. */
  getSitemaps(): string[];
  /** The value of the last `Host` line, in lower case, or null. */
  getPreferredHost(): string | null;
}

// robots-parser resolves relative URLs against this base, so that a relative robots.txt URL
// governs relative URLs only; the same base gives the same answers.
const relativeBase = 'http://robots-relative.samclarke.com/';

/** `scheme`, host and port of a URL as robots-parser compares them, or undefined. */
function parseUrl(url: unknown): URL | undefined {
  try {
    const parsed = new URL(String(url), relativeBase);
    // robots-parser fills in the scheme's port (which URL folds back to '' for a default port).
    if (parsed.port === '') parsed.port = parsed.protocol === 'https:' ? '443' : '80';
    return parsed;
  } catch {
    return undefined;
  }
}

/** The agent robots-parser would look up: lower case, the version cut off, `*` by default. */
function productOf(ua: string | undefined): string {
  const agent = ua === undefined || ua === '' ? '*' : String(ua);
  const slash = agent.indexOf('/');
  return (slash === -1 ? agent : agent.slice(0, slash)).trim().toLowerCase();
}

/**
 * Parses `contents`, the robots.txt found at `url`, with robots-parser's API.
 *
 * @example
 * ```ts
 * import { robotsParser } from 'robots-rep/robots-parser';
 *
 * const robots = robotsParser('https://example.com/robots.txt', 'User-agent: *\nDisallow: /private\n');
 * robots.isAllowed('https://example.com/private/a', 'Sams-Bot/1.0'); // false
 * robots.isAllowed('https://other.example/', 'Sams-Bot/1.0'); // undefined: another origin
 * ```
 */
export function robotsParser(url: string, contents: string | Uint8Array | null | undefined): Robot {
  if (contents !== null && contents !== undefined && typeof contents !== 'string') {
    if (!(contents instanceof Uint8Array)) {
      throw argumentError(
        'robotsParser',
        'contents',
        'a string, bytes, null or undefined',
        contents,
      );
    }
  }
  const base = parseUrl(url);
  const robots: RobotsTxt = parseRobotsTxt(contents ?? '');
  // Lines of empty Allow/Disallow rules: robots-parser records no rule for them, so a check they
  // decide (Google's verdict for it is kept) has no matching line there.
  let emptyRuleLines: ReadonlySet<number> | undefined;
  const isEmptyRule = (line: number): boolean => {
    emptyRuleLines ??= new Set(
      robots.groups.flatMap((group) =>
        group.rules.filter((rule) => rule.pattern === '').map((rule) => rule.line),
      ),
    );
    return emptyRuleLines.has(line);
  };

  /** The URL to judge as the crawler will request it, or undefined for another origin. */
  function onOrigin(target: string): string | undefined {
    const parsed = parseUrl(target);
    if (
      parsed === undefined ||
      base === undefined ||
      parsed.protocol !== base.protocol ||
      parsed.hostname !== base.hostname ||
      parsed.port !== base.port
    ) {
      return undefined;
    }
    return parsed.href;
  }

  const robot: Robot = {
    isAllowed(target, ua) {
      const href = onOrigin(target);
      return href === undefined ? undefined : robots.isAllowed(href, productOf(ua));
    },
    isDisallowed(target, ua) {
      return !robot.isAllowed(target, ua);
    },
    isExplicitlyDisallowed(target, ua) {
      const href = onOrigin(target);
      if (href === undefined) return undefined;
      const explanation = robots.explain(href, productOf(ua));
      return explanation.selection === 'specific' && !explanation.allowed;
    },
    getMatchingLineNumber(target, ua) {
      const href = onOrigin(target);
      const line = href === undefined ? 0 : robots.matchingLine(href, productOf(ua));
      return line === 0 || isEmptyRule(line) ? -1 : line;
    },
    getCrawlDelay(ua) {
      return robots.crawlDelay(productOf(ua));
    },
    getSitemaps() {
      return robots.sitemapLines.map((line) => line.url);
    },
    getPreferredHost() {
      let host: string | null = null;
      for (const directive of robots.directives) {
        if (directive.key.toLowerCase() === 'host' && directive.value !== '') {
          host = directive.value.toLowerCase();
        }
      }
      return host;
    },
  };
  return robot;
}

/**
 * The default export too, as robots-parser's module is the function itself: `import robotsParser
 * from 'robots-rep/robots-parser'` differs from robots-parser's import by the module name only.
 */
export default robotsParser;
