/**
 * Where a command's robots.txt comes from — a URL (fetched as a crawler fetches it), a file, a
 * FIFO or stdin (read bounded) — and how the outcome is shown.
 */

import path from 'node:path';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT,
  type FetchRobotsTxtResult,
  parseRobotsTxt,
  type RobotsPolicy,
} from '../index.js';
import { terminalSafe } from '../util/terminal.js';
import { fetchTypedUrl } from './access.js';
import { type CliContext, CliError, messageOf } from './context.js';
import { readFileBounded, readStreamBounded } from './input.js';
import { isUrl } from './urls.js';

/** The fetch options every command that reads URLs takes. */
export interface FetchFlags {
  readonly timeout?: number;
  readonly userAgent?: string;
}

/** A robots.txt as the commands read it: fetched for a URL, or read from a file or stdin. */
export type LoadedSource =
  | { readonly kind: 'url'; readonly name: string; readonly fetched: FetchRobotsTxtResult }
  | {
      readonly kind: 'file';
      readonly name: string;
      readonly body: Uint8Array;
      /** The input was longer than the bytes read (500 KiB unless the command reads more). */
      readonly truncated: boolean;
    };

/** Fetches the robots.txt governing `url`; a URL without robots.txt is a {@link CliError}. */
export async function fetchFor(
  url: string,
  flags: FetchFlags,
  context: CliContext,
): Promise<FetchRobotsTxtResult> {
  try {
    return await fetchTypedUrl(url, {
      timeout: flags.timeout ?? DEFAULT_TIMEOUT,
      userAgent: flags.userAgent ?? `robots-rep/${context.version} (robotstxt CLI)`,
    });
  } catch (error) {
    throw new CliError(messageOf(error));
  }
}

/**
 * Fetches a URL source, or reads a file (`-` for stdin) — at most `maxBytes` (500 KiB) + 1 byte
 * of it, as a crawler reads; named by robots.txt URL, path or `stdin`. A file with NUL bytes is refused as
 * binary unless `binary` is `'accept'` (Google's report reads any bytes a server sends).
 */
export async function loadSource(
  source: string,
  flags: FetchFlags,
  context: CliContext,
  binary: 'refuse' | 'accept' = 'refuse',
  maxBytes: number = DEFAULT_MAX_BYTES,
): Promise<LoadedSource> {
  if (isUrl(source)) {
    const fetched = await fetchFor(source, flags, context);
    return { kind: 'url', name: fetched.url, fetched };
  }
  const limits = { maxBytes, timeout: flags.timeout ?? DEFAULT_TIMEOUT };
  const read =
    source === '-'
      ? await readStreamBounded(context.stdin, 'stdin', limits)
      : await readFileBounded(path.resolve(context.cwd ?? '.', source), limits, source);
  const name = source === '-' ? 'stdin' : source;
  const body = binary === 'accept' ? read.bytes : notBinary(read.bytes, name);
  return { kind: 'file', name, body, truncated: read.truncated };
}

function notBinary(body: Uint8Array, name: string): Uint8Array {
  // Git's heuristic (a NUL in the first 8000 bytes), except for UTF-16, which lint explains.
  if (!isUtf16(body) && body.subarray(0, 8000).includes(0)) {
    throw new CliError(`${name} looks like a binary file (it has NUL bytes), not a robots.txt`);
  }
  return body;
}

/** A UTF-16 byte-order mark, or the NUL pattern of UTF-16 ASCII text. */
export function isUtf16(body: Uint8Array): boolean {
  if (
    body.length >= 2 &&
    ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff))
  ) {
    return true;
  }
  const sample = body.subarray(0, 64);
  if (sample.length < 8) return false;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenNul++ : oddNul++;
  const half = sample.length / 2;
  // ASCII text in UTF-16: NULs in every other byte, text bytes between them.
  return (
    (evenNul > half * 0.8 && oddNul < half * 0.2) || (oddNul > half * 0.8 && evenNul < half * 0.2)
  );
}

/** The verdicts of a source: its rules, or the fetch outcome (4xx allow-all, 5xx disallow-all). */
export function verdictsOf(source: LoadedSource): RobotsPolicy {
  return source.kind === 'url' ? source.fetched.robots : parseRobotsTxt(source.body);
}

/** The body of a source, or undefined for a URL whose fetch gave none (not `ok`). */
export function bodyOf(source: LoadedSource): Uint8Array | undefined {
  if (source.kind === 'file') return source.body;
  return source.fetched.status === 'ok' ? source.fetched.body : undefined;
}

/** `ok (HTTP 200)`, `unreachable (HTTP 503)`, `unreachable (fetch failed …)`. */
export function describeStatus(result: FetchRobotsTxtResult): string {
  if (result.httpStatus !== undefined) return `${result.status} (HTTP ${result.httpStatus})`;
  if (result.ftpReply !== undefined) return `${result.status} (FTP ${result.ftpReply})`;
  return result.status === 'unreachable' ? `${result.status} (${result.error})` : result.status;
}

/** Whether a fetched body is an HTML page (a server answering a missing file with a page). */
export function isHtml(result: FetchRobotsTxtResult): boolean {
  if (result.status !== 'ok') return false;
  if (result.contentType !== undefined && /^\s*text\/html\b/i.test(result.contentType)) return true;
  const head = new TextDecoder()
    .decode(result.body.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return /^<(!doctype html|html|head|meta|body|title|script|!--)/.test(head);
}

/** What an outcome means for every URL of the site. */
function meaningOf(result: FetchRobotsTxtResult): string {
  if (result.status === 'unavailable') return 'every URL allowed';
  if (result.status === 'unreachable') return 'every URL disallowed';
  return isHtml(result)
    ? 'an HTML page, not a robots.txt: no rules, every URL allowed'
    : 'its rules apply';
}

/**
 * The fetch outcome in one line: status, content type, size, redirects (another host flagged)
 * and what it means — `https://e.com/robots.txt: ok (HTTP 200) · text/plain · 49 bytes · no
 * redirects · its rules apply`.
 */
export function outcomeLine(result: FetchRobotsTxtResult): string {
  const parts = [describeStatus(result)];
  if (result.contentType !== undefined) parts.push(result.contentType);
  if (result.status === 'ok')
    parts.push(
      `${result.bytesRead} bytes${result.truncated ? ' (truncated at the 500 KiB limit)' : ''}`,
    );
  if (result.redirects.length === 0) parts.push('no redirects');
  else {
    const from = new URL(result.url).host;
    const to = new URL(result.finalUrl).host;
    const hops = `${result.redirects.length} redirect${result.redirects.length === 1 ? '' : 's'} → ${result.finalUrl}`;
    parts.push(from === to ? hops : `${hops} (another host: its file governs ${from})`);
  }
  parts.push(meaningOf(result));
  return terminalSafe(`${result.url}: ${parts.join(' · ')}`);
}

/** The warning for an HTML body, or undefined. */
export function htmlWarning(result: FetchRobotsTxtResult): string | undefined {
  return isHtml(result)
    ? `warning: ${terminalSafe(result.url)} served an HTML page, not a robots.txt; Google parses it and finds no rules`
    : undefined;
}

/** Where the rules came from, for text output: the name, or the outcome line for a URL. */
export function describeSource(source: LoadedSource): string {
  if (source.kind === 'url') return outcomeLine(source.fetched);
  return terminalSafe(
    source.truncated ? `${source.name} (truncated: only the first 500 KiB are read)` : source.name,
  );
}

/** Where the rules came from, for `--json`: the name, and the fetch outcome for a URL. */
export function sourceJson(source: LoadedSource): Record<string, unknown> {
  if (source.kind === 'file')
    return { source: source.name, ...(source.truncated ? { truncated: true } : {}) };
  const { status, httpStatus, contentType, redirects, finalUrl } = source.fetched;
  return {
    source: source.name,
    status,
    ...(httpStatus === undefined ? {} : { httpStatus }),
    ...(contentType === undefined ? {} : { contentType }),
    ...(redirects.length === 0 ? {} : { redirects, finalUrl }),
    ...(isHtml(source.fetched) ? { html: true } : {}),
  };
}
