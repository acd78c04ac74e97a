/**
 * The local server of `robotstxt serve`: the tester page's static files, and one endpoint that
 * fetches a live robots.txt with the library's fetcher. Binds to loopback by default and answers
 * only requests addressed to the bound host or `localhost` (no DNS rebinding); every response
 * carries a Content-Security-Policy.
 */

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
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
  '.json': 'application/json',
};

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string | Uint8Array,
): void {
  response.writeHead(status, {
    'content-type': type,
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  response.end(body);
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
      ? { body: decodeBytes(result.body.subarray(0, result.bytesRead)) }
      : {}),
  };
}

async function handleFetch(
  url: URL,
  options: WebServerOptions,
  response: ServerResponse,
): Promise<void> {
  const target = url.searchParams.get('url') ?? '';
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    send(response, 400, 'application/json', JSON.stringify({ error: 'not a URL' }));
    return;
  }
  if (!['http:', 'https:', 'ftp:'].includes(parsed.protocol)) {
    send(
      response,
      400,
      'application/json',
      JSON.stringify({ error: 'only http, https and ftp URLs' }),
    );
    return;
  }
  const result = await options.fetchRobotsTxt(parsed.href, options.fetchOptions);
  send(response, 200, 'application/json', JSON.stringify(fetchOutcome(result)));
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
      if (url.pathname === '/api/fetch') {
        await handleFetch(url, options, response);
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
      send(response, 200, TYPES[path.extname(file)] ?? 'application/octet-stream', body);
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
