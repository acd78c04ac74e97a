/**
 * The `fetch` of `robots-rep/node`: HTTP and HTTPS over Node's own client, with the address
 * policy applied to the address each connection is actually made to (so a DNS answer that
 * changes between a check and the connection cannot slip past), and content decoding that fails
 * closed on a cut or corrupt body.
 */

import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { FetchFunction } from '../fetch/options.js';
import { type AddressCheck, addressBlocked } from './address.js';
import { ACCEPTED_ENCODINGS, decodeBody } from './decode.js';

/** The DNS lookup connections use: `dns.lookup`'s signature (e.g. a caching resolver's). */
export type LookupFunction = typeof dnsLookup;

/** Statuses whose responses have no body (the Fetch standard's null body statuses). */
const nullBodyStatuses: ReadonlySet<number> = new Set([204, 205]);

/**
 * A `fetch` (as `fetchRobotsTxt` calls it: GET, `redirect: 'manual'`) that connects only where
 * `check` allows, resolving names with `lookup`. Bodies come decoded; a body that is not received
 * whole — cut before its Content-Length or its last chunk, longer than its Content-Length, or an
 * encoded stream cut, corrupt or followed by more bytes — errors while it is read. A body framed
 * by the connection's close alone (HTTP/1.0 style) cannot be told from a cut one.
 */
export function createNodeFetch(
  check: AddressCheck,
  lookup: LookupFunction = dnsLookup,
): FetchFunction {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new TypeError(`not an http(s) URL: ${url.href}`));
        return;
      }
      const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      if (isIP(host) !== 0) {
        const kind = check(host, url);
        if (kind !== undefined) {
          reject(addressBlocked(host, host, kind));
          return;
        }
      }
      const headers = new Headers(init.headers);
      if (!headers.has('accept-encoding')) headers.set('accept-encoding', ACCEPTED_ENCODINGS);
      // As the platform's fetch asks: some servers answer a request without Accept differently.
      if (!headers.has('accept')) headers.set('accept', '*/*');
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)({
        protocol: url.protocol,
        hostname: host,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: Object.fromEntries(headers),
        // A connection of its own: a pooled one could have been made under another policy.
        agent: false,
        lookup: checkedLookup(url, check, lookup),
        ...(init.signal ? { signal: init.signal } : {}),
      });
      request.on('socket', (socket: Socket) => {
        // The address really connected to, checked once more (it is what the lookup gave).
        socket.once('connect', () => {
          const address = socket.remoteAddress;
          const kind = address === undefined ? 'unspecified' : check(address, url);
          if (kind !== undefined) request.destroy(addressBlocked(host, address ?? '?', kind));
        });
      });
      request.once('error', reject);
      request.once('response', (response: IncomingMessage) =>
        settle(request, response, resolve, reject),
      );
      request.end();
    });
}

/** `lookup` for one request: resolves all addresses and keeps those `check` allows. */
function checkedLookup(url: URL, check: AddressCheck, lookup: LookupFunction): LookupFunction {
  const checked = (
    hostname: string,
    options: LookupAllOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    const resolved = (
      error: NodeJS.ErrnoException | null,
      addresses: string | LookupAddress[],
    ): void => {
      if (error) {
        callback(error, []);
        return;
      }
      const found = Array.isArray(addresses) ? addresses : [];
      const allowed = found.filter((entry) => check(entry.address, url) === undefined);
      const first = found[0];
      if (allowed.length === 0 || first === undefined) {
        const refused =
          first === undefined
            ? Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' })
            : addressBlocked(hostname, first.address, check(first.address, url) ?? 'reserved');
        callback(refused, []);
        return;
      }
      const [chosen] = allowed as [LookupAddress, ...LookupAddress[]];
      if (options.all === true) callback(null, allowed);
      else callback(null, chosen.address, chosen.family);
    };
    try {
      lookup(hostname, { ...options, all: true }, resolved);
    } catch (error) {
      // A lookup of yours that throws fails this connection, not the process.
      callback(error as NodeJS.ErrnoException, []);
    }
  };
  return checked as unknown as LookupFunction;
}

/** Resolves with the web `Response` of `response`, or rejects (and lets it go) when it has none. */
function settle(
  request: ClientRequest,
  response: IncomingMessage,
  resolve: (value: Response) => void,
  reject: (error: unknown) => void,
): void {
  // Bytes past the end the headers declare (a Content-Length shorter than the body) come as a
  // parse error of the request, while the body is still being read: it errors too, so the first
  // Content-Length bytes are not taken for the whole file.
  request.on('error', (error) => response.destroy(afterBody(error)));
  try {
    resolve(toResponse(response));
  } catch (error) {
    response.destroy();
    reject(error);
  }
}

/**
 * An error of the connection after the response began: bytes after a complete response (Node's
 * parser reads them as the start of another) mean a Content-Length shorter than the body, or data
 * after the last chunk.
 */
function afterBody(error: Error): Error {
  const code = (error as { code?: unknown }).code;
  if (code !== 'HPE_INVALID_CONSTANT' && code !== 'HPE_CLOSED_CONNECTION') return error;
  return Object.assign(
    new Error(
      'bytes past the end of the response: a Content-Length shorter than the body, or data after the last chunk',
      { cause: error },
    ),
    { code: 'ERR_BODY_OVERRUN' },
  );
}

/** A web `Response` over a Node response, its body decoded. */
function toResponse(response: IncomingMessage): Response {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 599) {
    throw new Error(`HTTP ${status}: a status no response can carry (not one RFC 9309 maps)`);
  }
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // A header value the Fetch standard rejects is dropped, as undici's fetch drops it.
    }
  }
  // Only a success's body is read (fetchRobotsTxt maps every other status by its code alone):
  // the others are let go undecoded, so that a coding we cannot read does not hide a 404.
  if (nullBodyStatuses.has(status) || status < 200 || status >= 300) {
    response.resume();
    response.destroy();
    // No body at all: a string one would add a Content-Type the server never sent.
    return new Response(null, { status, headers });
  }
  const decoded = decodeBody(response, headers.get('content-encoding') ?? undefined);
  headers.delete('content-encoding');
  headers.delete('content-length');
  const body = Readable.toWeb(decoded) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
