/** Reading response bodies with a byte limit and a deadline, on web streams only. */

import type { FetchResponse } from './options.js';

/** Reads at most `limit` bytes of the body, then cancels it so the rest is never downloaded. */
export async function readAtMost(
  response: FetchResponse,
  limit: number,
  signal: AbortSignal,
): Promise<Uint8Array> {
  const body = streamOf(response);
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  try {
    while (size < limit) {
      // The race guards against a fetch that ignores the signal: a stalled body must not hang us.
      const { done, value } = await untilAborted(reader.read(), signal);
      if (done) {
        ended = true;
        break;
      }
      const room = limit - size;
      const chunk = value.byteLength > room ? value.subarray(0, room) : value;
      chunks.push(chunk);
      size += chunk.byteLength;
    }
  } finally {
    // Stops the download (and, for gzip/br, the decoding): a compression bomb ends here.
    reader.cancel().catch(ignore);
  }
  if (ended) checkDeclaredLength(response, size);
  // A body read in one chunk (an in-memory response, a small file) is that chunk, not a copy
  // (a copy of 500 KiB costs a millisecond or more); unless the chunk was cut at the limit and
  // would keep much more than it holds alive.
  const only = chunks.length === 1 ? chunks[0]! : undefined;
  if (only !== undefined && only.buffer.byteLength - only.byteLength <= only.byteLength >> 4) {
    return only;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Throws when a body the fetch did not decode ended short of its `Content-Length`: the message is
 * incomplete (RFC 9112 §6.3), whatever the fetch made of it (Node's and undici's error already; a
 * fetch you inject may end such a body quietly). A decoded body's length is not the declared one.
 */
function checkDeclaredLength(response: FetchResponse, size: number): void {
  const coding = response.headers.get('content-encoding')?.trim().toLowerCase() ?? '';
  if (coding !== '' && coding !== 'identity') return;
  const declared = response.headers.get('content-length')?.trim() ?? '';
  if (!/^\d{1,15}$/.test(declared) || size >= Number(declared)) return;
  throw new Error(`cut: ${size} of the ${declared} bytes its Content-Length declares`);
}

/** Rejects as soon as `signal` aborts, whether or not `promise` listens to it. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(ignore);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Cancels a response body that will not be read, freeing the connection. */
export function discard(response: FetchResponse): void {
  const body = response.body as { cancel?: () => Promise<void> } | null;
  if (typeof body?.cancel === 'function') body.cancel().catch(ignore);
}

/** The response's body as a web stream of bytes, or null when it has none. */
function streamOf(response: FetchResponse): ReadableStream<Uint8Array> | null {
  const body = response.body;
  if (body === null || body === undefined) return null;
  if (typeof (body as { getReader?: unknown }).getReader !== 'function') {
    throw new TypeError('the injected fetch returned a body that is not a web ReadableStream');
  }
  return body as ReadableStream<Uint8Array>;
}

function ignore(): void {}
