/**
 * One sitemap file over HTTP: redirects followed hop by hop (each connection under the address
 * policy), the status and Content-Type checked, then the body as bytes — gunzipped when the file
 * itself is gzip, failing (never ending early) when the gzip is cut or corrupt.
 */

import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { isRobotsTxtError } from '../errors.js';
import type { FetchFunction } from '../fetch/options.js';
import { nextHop } from '../fetch/redirect.js';
import type { SitemapProblem } from './types.js';

/** A sitemap whose response came: where from, and its body. */
export interface OpenedSitemap {
  readonly ok: true;
  readonly finalUrl: string;
  readonly httpStatus: number;
  readonly contentType: string | undefined;
  /** True when the Content-Type is `text/html` (the content decides between `html` and a type error). */
  readonly servedAsHtml: boolean;
  readonly body: AsyncIterable<Uint8Array>;
}

/** A sitemap that could not be opened. */
export interface FailedSitemap {
  readonly ok: false;
  readonly problem: SitemapProblem;
  readonly error: string;
  readonly finalUrl: string;
  readonly httpStatus?: number;
  readonly contentType?: string;
}

/** How files are requested. */
export interface FileRequest {
  readonly fetch: FetchFunction;
  readonly headers: Readonly<Record<string, string>>;
  readonly maxRedirects: number;
  /** Aborts at the file's deadline or the caller's abort. */
  readonly signal: AbortSignal;
  /** Whether the deadline (not the caller) aborted. */
  readonly timedOut: () => boolean;
}

/** Content types a sitemap may be served with (XML, text, gzip, bytes); none at all is fine too. */
function acceptedType(essence: string): boolean {
  return (
    essence === 'text/plain' ||
    essence.endsWith('/xml') ||
    essence.endsWith('+xml') ||
    essence === 'application/gzip' ||
    essence === 'application/x-gzip' ||
    essence === 'application/x-gunzip' ||
    essence === 'application/octet-stream'
  );
}

/** The problem of a failed request: refused by the policy, timed out, or the network. */
export function requestProblem(
  error: unknown,
  request: FileRequest,
): { problem: SitemapProblem; error: string } {
  if (request.timedOut()) return { problem: 'timeout', error: 'timed out' };
  if (isRobotsTxtError(error) && error.code === 'ERR_ADDRESS_BLOCKED') {
    return { problem: 'refused', error: error.message };
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return { problem: 'gzip', error: `corrupt or truncated gzip (${messageOf(error)})` };
  }
  return { problem: 'network', error: messageOf(error) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Requests `url`, following redirects; resolves to the open body or why there is none. Rethrows
 * the caller's abort.
 */
export async function openSitemap(
  url: string,
  request: FileRequest,
  callerSignal: AbortSignal | undefined,
): Promise<OpenedSitemap | FailedSitemap> {
  let current = url;
  const redirects: string[] = [];
  for (;;) {
    let response: Awaited<ReturnType<FetchFunction>>;
    try {
      response = await request.fetch(current, {
        redirect: 'manual',
        signal: request.signal,
        headers: { ...request.headers },
      });
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      return { ok: false, ...requestProblem(error, request), finalUrl: current };
    }
    const status = response.status;
    const contentType = response.headers.get('content-type') ?? undefined;
    const failed = (problem: SitemapProblem, error: string): FailedSitemap => {
      discard(response.body);
      return {
        ok: false,
        problem,
        error,
        finalUrl: current,
        httpStatus: status,
        ...(contentType === undefined ? {} : { contentType }),
      };
    };
    if (status >= 300 && status < 400) {
      const hop = nextHop(status, response.headers.get('location'), {
        first: url,
        current,
        redirects,
        maxRedirects: request.maxRedirects,
      });
      if (hop.type !== 'follow') {
        return failed(
          'redirect',
          hop.type === 'downgrade' ? `redirect from https to http (${hop.target})` : hop.why,
        );
      }
      discard(response.body);
      redirects.push(hop.target);
      current = hop.target;
      continue;
    }
    if (status < 200 || status >= 300) return failed('http', `HTTP ${status}`);
    const essence = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (essence !== '' && essence !== 'text/html' && !acceptedType(essence)) {
      return failed('content-type', `served as ${essence.slice(0, 80)}, not a sitemap type`);
    }
    const body = response.body as ReadableStream<Uint8Array> | null;
    return {
      ok: true,
      finalUrl: current,
      httpStatus: status,
      contentType,
      servedAsHtml: essence === 'text/html',
      body: body ?? emptyBody(),
    };
  }
}

async function* emptyBody(): AsyncGenerator<Uint8Array> {}

function discard(body: unknown): void {
  const stream = body as ReadableStream | null | undefined;
  if (stream && typeof stream.cancel === 'function') stream.cancel().catch(() => {});
}

/**
 * The bytes of a body, gunzipped when they start with gzip's magic number (a `.gz` file: its
 * Content-Encoding, if any, is already undone); `onGzip` is told. A cut or corrupt gzip stream
 * throws a zlib error (`Z_BUF_ERROR`, `Z_DATA_ERROR`) rather than ending.
 */
export async function* fileBytes(
  body: AsyncIterable<Uint8Array>,
  onGzip: () => void,
): AsyncGenerator<Uint8Array> {
  const source = body[Symbol.asyncIterator]();
  let head: Uint8Array = new Uint8Array(0);
  while (head.length < 2) {
    const next = await source.next();
    if (next.done === true) {
      if (head.length > 0) yield head;
      return;
    }
    head = head.length === 0 ? next.value : concat(head, next.value);
  }
  const rest = (async function* (): AsyncGenerator<Uint8Array> {
    try {
      yield head;
      for (;;) {
        const next = await source.next();
        if (next.done === true) return;
        yield next.value;
      }
    } finally {
      await source.return?.();
    }
  })();
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* rest;
    return;
  }
  onGzip();
  const gunzip = createGunzip();
  const input = Readable.from(rest, { objectMode: false });
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Uint8Array;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
