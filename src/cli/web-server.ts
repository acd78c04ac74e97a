/**
 * The local server of `robotstxt serve`: the tester page's static files, and one endpoint that
 * fetches a live robots.txt with the library's fetcher. Binds to loopback by default and answers
 * only requests addressed to the bound host or `localhost` (no DNS rebinding); every response
 * carries a Content-Security-Policy.
 */

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FetchRobotsTxtOptions, FetchRobotsTxtResult } from '../index.js';
import { decodeBytes } from '../util/bytes.js';

/** What the server needs. */
export interface WebServerOptions {
  /** The built page (`dist/web`). */
  readonly root: string;
  /** @default '127.0.0.1' */
  readonly host?: string;
  /** 0 picks a free port. @default 8787 */
  readonly port?: number;
  /** The fetcher behind "Load live file" (the CLI passes the Node entry's, with its address policy). */
  readonly fetchRobotsTxt: (
    url: string,
    options?: FetchRobotsTxtOptions,
  ) => Promise<FetchRobotsTxtResult>;
  /** Options for every fetch (timeout, user agent). */
  readonly fetchOptions?: FetchRobotsTxtOptions;
  /**
   * Whether `fetchRobotsTxt` was set up to fetch loopback and private addresses too
   * (`serve --allow-private-hosts`): the page says so.
   * @default false
   */
  readonly privateHosts?: boolean;
}

/** A running server. */
export interface WebServer {
  readonly url: string;
  close(): Promise<void>;
}

/** The JSON the page gets from `api/fetch`. */
export interface FetchOutcome {
  readonly url: string;
  readonly status: FetchRobotsTxtResult['status'];
  readonly httpStatus: number | undefined;
  readonly contentType: string | undefined;
  readonly redirects: readonly string[];
  readonly bytesRead: number;
  readonly truncated: boolean;
  /** One line: status, size, redirects. */
  readonly summary: string;
  /** What the outcome means for every URL of the site. */
  readonly meaning: string;
  /** The body as UTF-8 text, for `ok` outcomes. */
  readonly body?: string;
  /** The body's bytes as read (base64), for `ok` outcomes: the page checks these. */
  readonly bodyBase64?: string;
}

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  // CodeMirror writes its styles into <style> elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

/** How long a response may be cached: Vite's hashed assets for a year, the rest never. */
type Caching = 'no-store' | 'no-cache' | 'immutable';

const CACHE_CONTROL: Readonly<Record<Caching, string>> = {
  'no-store': 'no-store',
  'no-cache': 'no-cache',
  immutable: 'public, max-age=31536000, immutable',
};

/** Compressible types: text, scripts, JSON, SVG. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/;

/** The body in the best encoding the client accepts (br, then gzip), for bodies worth it. */
function encode(
  request: IncomingMessage | undefined,
  type: string,
  body: Uint8Array,
): { body: Uint8Array; encoding?: string } {
  if (request === undefined || body.length < 1024 || !COMPRESSIBLE.test(type)) return { body };
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return {
      body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  }
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(body), encoding: 'gzip' };
  return { body };
}

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string | Uint8Array,
  request?: IncomingMessage,
  caching: Caching = 'no-store',
): void {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const encoded = encode(request, type, bytes);
  response.writeHead(status, {
    'content-type': type,
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': CACHE_CONTROL[caching],
    vary: 'accept-encoding',
    ...(encoded.encoding === undefined ? {} : { 'content-encoding': encoded.encoding }),
  });
  response.end(encoded.body);
}

/** Whether the Host header names the bound address or localhost (any port of ours). */
function hostAllowed(request: IncomingMessage, host: string, port: number): boolean {
  const header = request.headers.host;
  if (header === undefined) return false;
  const allowed = new Set([
    `${host}:${port}`,
    `localhost:${port}`,
    `127.0.0.1:${port}`,
    `[::1]:${port}`,
  ]);
  if (host.includes(':')) allowed.add(`[${host}]:${port}`);
  return allowed.has(header.toLowerCase());
}

/**
 * Whether a request to the API comes from the page itself: a cross-site page (any other origin)
 * may not make this server fetch for it.
 */
function sameOrigin(request: IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The outcome of a fetch, as the page shows it. */
export function fetchOutcome(result: FetchRobotsTxtResult): FetchOutcome {
  const contentType = result.contentType;
  const redirects = result.redirects;
  const size = `${result.bytesRead} bytes${result.truncated ? ' (truncated)' : ''}`;
  const status =
    result.httpStatus === undefined
      ? result.status
      : `${result.status} (HTTP ${result.httpStatus})`;
  const summary = [
    status,
    contentType ?? 'no content type',
    size,
    redirects.length === 0
      ? 'no redirects'
      : `${redirects.length} redirect(s) → ${redirects.at(-1)}`,
  ].join(' · ');
  const meaning =
    result.status === 'ok'
      ? 'its rules apply'
      : result.status === 'unavailable'
        ? 'no usable robots.txt: every URL is allowed (RFC 9309 §2.3.1.3)'
        : result.refused === 'address'
          ? `not fetched: this tool does not fetch loopback, private or link-local addresses (${result.error ?? 'refused'}); this says nothing about the site's robots.txt. Start "robotstxt serve --allow-private-hosts" to test a staging host on a private address.`
          : `unreachable (${result.error ?? 'error'}): every URL is disallowed (RFC 9309 §2.3.1.4)`;
  return {
    url: result.url,
    status: result.status,
    httpStatus: result.httpStatus,
    contentType,
    redirects,
    bytesRead: result.bytesRead,
    truncated: result.truncated,
    summary,
    meaning,
    ...(result.status === 'ok'
      ? {
          body: decodeBytes(result.body.subarray(0, result.bytesRead)),
          bodyBase64: Buffer.from(result.body.subarray(0, result.bytesRead)).toString('base64'),
        }
      : {}),
  };
}

async function handleFetch(
  url: URL,
  options: WebServerOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const json = (status: number, value: unknown) =>
    send(response, status, 'application/json', JSON.stringify(value), request);
  const target = url.searchParams.get('url') ?? '';
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    json(400, { error: 'not a URL' });
    return;
  }
  if (!['http:', 'https:', 'ftp:'].includes(parsed.protocol)) {
    json(400, { error: 'this tool fetches only http, https and ftp URLs' });
    return;
  }
  const result = await options.fetchRobotsTxt(parsed.href, options.fetchOptions);
  json(200, fetchOutcome(result));
}

/** Starts the server; resolves once it listens. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const root = path.resolve(options.root);
  let port = options.port ?? 8787;
  const server: Server = createServer(async (request, response) => {
    try {
      if (!hostAllowed(request, host, port)) {
        send(
          response,
          421,
          'text/plain; charset=utf-8',
          'Misdirected request: use http://localhost\n',
        );
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
        return;
      }
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      if (url.pathname.startsWith('/api/') && !sameOrigin(request)) {
        send(
          response,
          403,
          'application/json',
          JSON.stringify({ error: 'this server answers its API only to its own page' }),
        );
        return;
      }
      if (url.pathname === '/api/fetch') {
        await handleFetch(url, options, request, response);
        return;
      }
      if (url.pathname === '/api/info') {
        const info = { privateHosts: options.privateHosts === true };
        send(response, 200, 'application/json', JSON.stringify(info), request);
        return;
      }
      const relative =
        url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
      const file = path.resolve(root, relative);
      if (!file.startsWith(`${root}${path.sep}`)) {
        send(response, 404, 'text/plain; charset=utf-8', 'Not found\n');
        return;
      }
      const body = await readFile(file).catch(() => undefined);
      if (body === undefined) {
        send(response, 404, 'text/plain; charset=utf-8', 'Not found\n');
        return;
      }
      // Vite names built assets by their content's hash: they never change under one name.
      const hashed = /^assets\/.+-[\w-]{8,}\.\w+$/.test(relative);
      send(
        response,
        200,
        TYPES[path.extname(file)] ?? 'application/octet-stream',
        body,
        request,
        hashed ? 'immutable' : 'no-cache',
      );
    } catch {
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'Server error\n');
      else response.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  if (address !== null && typeof address === 'object') port = address.port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
