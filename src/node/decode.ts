/**
 * Content decoding that fails closed: a gzip, deflate or br body that is cut or corrupt errors
 * instead of ending early, so a partial file is never taken for the whole one.
 */

import { pipeline, type Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';

/** Codings undone at most, one over the other. */
const maxCodings = 5;

/** The `Accept-Encoding` asked for: the codings {@link decodeBody} knows. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

/**
 * The body decoded by its `Content-Encoding` (codings applied in order, so undone in reverse).
 * zlib's default finish mode checks the end of the stream: a body cut before the end of its
 * encoding errors ("unexpected end of file"), as does a corrupt one. An unknown coding is an
 * error too: the bytes could not be read as text.
 */
export function decodeBody(body: Readable, contentEncoding: string | undefined): Readable {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return body;
  // Each decoder holds its own buffers: a header listing thousands of codings must not make as
  // many (undici's fetch stops at 5 too).
  if (codings.length > maxCodings) {
    body.destroy();
    throw new Error(`too many Content-Encoding codings (${codings.length}, at most ${maxCodings})`);
  }
  const decoders: Transform[] = [];
  for (const coding of codings.reverse()) {
    const decoder = decoderFor(coding);
    if (decoder === undefined) {
      body.destroy();
      throw new Error(`unsupported Content-Encoding: ${coding}`);
    }
    decoders.push(decoder);
  }
  const last = decoders[decoders.length - 1] as Transform;
  // Any error (a cut stream, a reset, a bad coding) destroys the chain and errors its end.
  pipeline([body, ...decoders], () => {});
  return last;
}

function decoderFor(coding: string): Transform | undefined {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      return deflateDecoder();
    default:
      return undefined;
  }
}

/**
 * `deflate` is meant to be zlib-wrapped (RFC 9110 §8.4.1.2), but some servers send raw deflate:
 * the first byte tells which (a zlib header's low nibble is 8, the deflate method).
 */
function deflateDecoder(): Transform {
  let decoder: Transform | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (decoder === undefined) {
        decoder = ((chunk[0] ?? 0) & 0x0f) === 0x08 ? createInflate() : createInflateRaw();
        decoder.on('data', (data: Buffer) => this.push(data));
        decoder.on('error', (error) => this.destroy(error));
      }
      decoder.write(chunk, callback);
    },
    flush(callback) {
      if (decoder === undefined) {
        callback();
        return;
      }
      decoder.once('end', () => callback());
      decoder.end();
    },
  });
}
