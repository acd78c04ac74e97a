/** The options of `readSitemaps` checked, with their defaults. */

import { checkAgent } from '../cache/agent-check.js';
import { argumentError } from '../errors.js';
import { DEFAULT_USER_AGENT } from '../fetch/options.js';
import type { ReadSitemapsOptions } from './types.js';

/** The protocol's limits per file (sitemaps.org): 50,000 URLs, 50 MiB uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 52_428_800;

/** The run's time limit by default: 10 minutes, enough for a large site read from a terminal. */
export const DEFAULT_TOTAL_TIMEOUT = 600_000;

/** Options of `readSitemaps` with defaults filled in. */
export interface SitemapSettings {
  readonly agents: readonly string[];
  readonly includeOutOfScope: boolean;
  readonly tryCommonNames: boolean;
  readonly maxDepth: number;
  readonly maxUrls: number;
  readonly maxBytes: number;
  readonly maxSitemaps: number;
  readonly maxTotalUrls: number;
  readonly maxTotalBytes: number;
  readonly maxRobotsTxt: number;
  readonly timeout: number;
  /** Milliseconds the run may take; `Infinity`: no limit. */
  readonly totalTimeout: number;
  readonly userAgent: string;
  readonly maxRedirects: number;
}

const CALLER = 'readSitemaps';

function count(name: keyof ReadSitemapsOptions, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw argumentError(CALLER, `options.${name}`, 'a whole number ≥ 0', value);
  }
  return value;
}

/** Checks `options` (a TypeError names a bad one) and fills in the defaults. */
export function resolveSitemapSettings(options: ReadSitemapsOptions): SitemapSettings {
  if (typeof options !== 'object' || options === null) {
    throw argumentError(CALLER, 'options', 'an object', options);
  }
  const agents = options.agents ?? [];
  if (!Array.isArray(agents)) {
    throw argumentError(CALLER, 'options.agents', 'an array of product tokens', agents);
  }
  if (agents.length > 0) checkAgent(agents, undefined, CALLER);
  const timeout = options.timeout ?? 30_000;
  if (typeof timeout !== 'number' || !(timeout > 0)) {
    throw argumentError(CALLER, 'options.timeout', 'a positive number', timeout);
  }
  const totalTimeout = options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT;
  if (typeof totalTimeout !== 'number' || !(totalTimeout > 0)) {
    throw argumentError(
      CALLER,
      'options.totalTimeout',
      'a positive number of milliseconds (Infinity: no limit)',
      totalTimeout,
    );
  }
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  if (typeof userAgent !== 'string') {
    throw argumentError(CALLER, 'options.userAgent', 'a string', userAgent);
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw argumentError(CALLER, 'options.signal', 'an AbortSignal', options.signal);
  }
  return {
    agents: [...agents],
    includeOutOfScope: options.includeOutOfScope === true,
    tryCommonNames: options.tryCommonNames === true,
    maxDepth: count('maxDepth', options.maxDepth, 3),
    maxUrls: count('maxUrls', options.maxUrls, SITEMAP_MAX_URLS),
    maxBytes: count('maxBytes', options.maxBytes, SITEMAP_MAX_BYTES),
    maxSitemaps: count('maxSitemaps', options.maxSitemaps, 1000),
    maxTotalUrls: count('maxTotalUrls', options.maxTotalUrls, 5_000_000),
    maxTotalBytes: count('maxTotalBytes', options.maxTotalBytes, 1_073_741_824),
    maxRobotsTxt: count('maxRobotsTxt', options.maxRobotsTxt, 50),
    timeout,
    totalTimeout,
    userAgent,
    maxRedirects: count('maxRedirects', options.maxRedirects, 5),
  };
}
