/**
 * FTP retrieval for `robots-rep/node` through basic-ftp: an anonymous login and RETR, as Google
 * fetches `ftp://host/robots.txt`, connected only to an address the policy allows — for the data
 * connection too (basic-ftp opens it only to the control connection's address).
 */

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Writable } from 'node:stream';
import { Client } from 'basic-ftp';
import type { FtpFunction } from '../fetch/ftp.js';
import { type AddressCheck, addressBlocked } from './address.js';
import type { LookupFunction } from './http.js';

/** Retrieves `ftp:` URLs where `check` allows, resolving names with `lookup`. */
export function createFtpRetrieval(
  check: AddressCheck,
  lookup: LookupFunction = dnsLookup,
): FtpFunction {
  return async (input, { signal, limit }) => {
    const url = new URL(input);
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    // The address is resolved and checked here, and basic-ftp connects to that very address.
    const address = await allowedAddress(host, url, check, lookup);
    signal.throwIfAborted();
    // No timeout of its own: the fetch's deadline closes the client through `signal`.
    const client = new Client(0, { allowSeparateTransferHost: false });
    const close = (): void => client.close();
    signal.addEventListener('abort', close, { once: true });
    const sink = createSink(limit, close);
    try {
      await client.access({
        host: address,
        port: url.port === '' ? 21 : Number(url.port),
        // RFC 1635 anonymous FTP (robots.txt URLs carry no user-info): the password is
        // conventionally an e-mail-like string.
        user: 'anonymous',
        password: 'anonymous@',
        secure: false,
      });
      const reply = await client.downloadTo(sink.writable, decodeURIComponent(url.pathname));
      return { body: sink.bytes(), reply: reply.code };
    } catch (error) {
      // Enough bytes were read: the transfer was cut on purpose, the rest is not needed.
      if (sink.full() && !signal.aborted) return { body: sink.bytes() };
      throw error;
    } finally {
      signal.removeEventListener('abort', close);
      client.close();
    }
  };
}

async function allowedAddress(
  host: string,
  url: URL,
  check: AddressCheck,
  lookup: LookupFunction,
): Promise<string> {
  const addresses: LookupAddress[] =
    isIP(host) !== 0
      ? [{ address: host, family: isIP(host) }]
      : await new Promise((resolve, reject) =>
          lookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
        );
  const allowed = addresses.find((entry) => check(entry.address, url) === undefined);
  if (allowed !== undefined) return allowed.address;
  const first = addresses[0];
  if (first === undefined) {
    throw Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
  }
  throw addressBlocked(host, first.address, check(first.address, url) ?? 'reserved');
}

/** A writable that keeps the first `limit` bytes, then calls `stop` (the rest is not wanted). */
function createSink(limit: number, stop: () => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const writable = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (size < limit) {
        const room = limit - size;
        const kept = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
        chunks.push(kept);
        size += kept.byteLength;
        if (size >= limit) stop();
      }
      callback();
    },
  });
  return {
    writable,
    full: () => size >= limit,
    bytes: () => new Uint8Array(Buffer.concat(chunks, size)),
  };
}
