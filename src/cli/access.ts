/**
 * How the command line reaches servers: through `robots-rep/node` (address policy, whole bodies
 * only, FTP). A URL a person typed may name a private or loopback host — they chose it — but a
 * redirect from it into private space is refused, as is any private address behind the tester
 * page, whose URLs come from whoever can reach the page.
 */

import { fetchRobotsTxt } from 'robots-rep/node';
import type { FetchRobotsTxtOptions, FetchRobotsTxtResult } from '../index.js';

/**
 * Fetches the robots.txt of a URL typed on the command line: its own host may be private (a
 * development server on localhost, an intranet host), other hosts reached by redirects may not.
 */
export function fetchTypedUrl(
  url: string,
  options: FetchRobotsTxtOptions,
): Promise<FetchRobotsTxtResult> {
  let typedHost: string | undefined;
  try {
    typedHost = new URL(url).hostname;
  } catch {
    // Not a URL: fetchRobotsTxt says so.
  }
  return fetchRobotsTxt(url, {
    ...options,
    allowPrivateAddresses: (_address, target) => target.hostname === typedHost,
  });
}

/** Fetches for the tester page (`robotstxt serve`): public addresses only. */
export function fetchForPage(
  url: string,
  options?: FetchRobotsTxtOptions,
): Promise<FetchRobotsTxtResult> {
  return fetchRobotsTxt(url, options);
}

/** Fetches for the tester page started with `serve --allow-private-hosts`: any address. */
export function fetchWithPrivateHosts(
  url: string,
  options?: FetchRobotsTxtOptions,
): Promise<FetchRobotsTxtResult> {
  return fetchRobotsTxt(url, { ...options, allowPrivateAddresses: true });
}
