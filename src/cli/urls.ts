/** URL arguments: what a command accepts as a URL to check, and what it refuses. */

import { CliError } from './context.js';

/** Placeholder origin for paths checked against a file (only the path is matched). */
export const PATH_ORIGIN = 'https://robots.invalid';

/**
 * A URL argument as checked: an absolute `http(s)` or `ftp` URL as given, or a path starting with
 * `/`, judged as a path on the robots.txt's own site (`base` when the robots.txt is a URL).
 * Anything else is a usage error naming the argument: a typo in a CI script must not pass.
 */
export function urlArgument(value: string, base: string = PATH_ORIGIN): string {
  if (value.startsWith('/') && !value.startsWith('//')) return `${base}${value}`;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new CliError(
      `"${value}" is not a URL: give an absolute http(s) or ftp URL, or a path starting with "/"`,
    );
  }
  if (!['http:', 'https:', 'ftp:'].includes(parsed.protocol)) {
    throw new CliError(
      `"${value}" is a ${parsed.protocol.slice(0, -1)} URL, which has no robots.txt: give an http(s) or ftp URL, or a path starting with "/"`,
    );
  }
  if (parsed.host === '') throw new CliError(`"${value}" has no host`);
  return value;
}

/** Whether a source names a URL (fetched) rather than a file. */
export function isUrl(source: string): boolean {
  // Any `scheme://`, not only http(s): `ftp://…` must be fetched (or refused), never read as a
  // file. A one-letter scheme would be a Windows drive (`C://x`), so schemes have two or more.
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(source);
}
