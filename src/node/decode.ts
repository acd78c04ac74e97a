/**
 * Content decoding that fails closed: a gzip, deflate or br body that is cut, corrupt or followed
 * by bytes past the end of its stream errors instead of ending early (or waiting), so a partial
 * file is never taken for the whole one.
 */

import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
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
      return new CheckedDecoder(coding, () => createGunzip());
    case 'br':
      return new CheckedDecoder(coding, () => createBrotliDecompress());
    case 'deflate':
      // Meant to be zlib-wrapped (RFC 9110 §8.4.1.2), but some servers send raw deflate: the
      // first byte tells which (a zlib header's low nibble is 8, the deflate method).
      return new CheckedDecoder(coding, (first) =>
        ((first[0] ?? 0) & 0x0f) === 0x08 ? createInflate() : createInflateRaw(),
      );
    default:
      return undefined;
  }
}

/**
 * A zlib decoder, made on the first chunk, that fails closed at both ends of its stream: zlib's
 * finish check errors on a stream cut before its end, and bytes past the end (which inflate and
 * brotli stop reading at without a word, and gunzip reads as a corrupt member) error as well, as
 * soon as the stream ends: the body is not the encoded file, and nothing waits for more.
 */
class CheckedDecoder extends Transform {
  readonly #coding: string;
  readonly #create: (first: Buffer) => Transform & { readonly bytesWritten: number };
  #decoder: (Transform & { readonly bytesWritten: number }) | undefined;
  /** Bytes given to the decoder. */
  #fed = 0;
  #ended = false;
  /** The callback of `_flush`, once the body is over and the decoder has yet to end. */
  #finish: ((error?: Error | null) => void) | undefined;

  constructor(
    coding: string,
    create: (first: Buffer) => Transform & { readonly bytesWritten: number },
  ) {
    super();
    this.#coding = coding;
    this.#create = create;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.#ended) {
      callback(this.#overrun(chunk.byteLength));
      return;
    }
    if (this.#decoder === undefined) this.#decoder = this.#start(chunk);
    this.#fed += chunk.byteLength;
    this.#decoder.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback) {
    if (this.#ended) {
      callback(this.#check());
      return;
    }
    this.#finish = callback;
    // No byte at all is no stream either: zlib's finish check errors on it (a cut right after
    // the headers is not an empty file).
    this.#decoder ??= this.#start(Buffer.alloc(0));
    this.#decoder.end();
  }

  override _read(size: number) {
    // The decoder waits (paused) while what it gave has not been read: a bomb stays small.
    this.#decoder?.resume();
    super._read(size);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.#decoder?.destroy();
    callback(error);
  }

  #start(first: Buffer): Transform & { readonly bytesWritten: number } {
    const decoder = this.#create(first);
    decoder.on('data', (data: Buffer) => {
      if (!this.push(data)) decoder.pause();
    });
    decoder.on('error', (error) => this.destroy(error));
    decoder.on('end', () => {
      this.#ended = true;
      const finish = this.#finish;
      if (finish !== undefined) finish(this.#check());
      else {
        // Ended before the body did: anything fed past its end is an error now, not later.
        const error = this.#check();
        if (error !== null) this.destroy(error);
      }
    });
    return decoder;
  }

  /** An error when bytes were fed past the end of the stream, else null. */
  #check(): Error | null {
    const excess = this.#fed - (this.#decoder?.bytesWritten ?? 0);
    return excess > 0 ? this.#overrun(excess) : null;
  }

  #overrun(bytes: number): Error {
    return Object.assign(new Error(`${bytes} bytes after the end of the ${this.#coding} stream`), {
      code: 'ERR_TRAILING_BYTES',
    });
  }
}
