/**
 * Reading a body: the accepted body types (string, Uint8Array, ArrayBuffer) as the text the
 * tokenizer reads, and the parse options with their defaults.
 */

import { argumentError } from '../errors.js';
import type { Interpretation, ParseOptions } from '../types.js';

/** The readings `interpretation` accepts. */
export const INTERPRETATIONS: readonly Interpretation[] = [
  'google',
  'rfc9309',
  'draft-1996',
  'python-urllib',
  'python-urllib-rfc9309',
];

import {
  byteStringOf,
  copyOfAscii,
  countUtf8,
  decodeUtf8,
  isAscii,
  latin1Of,
  stringToByteString,
} from '../util/bytes.js';
import { DEFAULT_MAX_BYTES } from './tokenize.js';

/** The defaults, one frozen object shared by every file parsed without options. */
const DEFAULT_OPTIONS: Required<ParseOptions> = Object.freeze({
  maxBytes: DEFAULT_MAX_BYTES,
  percentEncoding: 'reference',
  productTokenDigits: false,
  interpretation: 'google',
  workBudget: Number.POSITIVE_INFINITY,
});

/**
 * Fills in the defaults and checks the options' types; a TypeError names `caller` (the public
 * function given the options) and the bad option. Other keys are ignored.
 */
export function resolveOptions(
  options: ParseOptions | undefined,
  caller = 'parseRobotsTxt',
): Required<ParseOptions> {
  if (options === undefined) return DEFAULT_OPTIONS;
  if (options === null || typeof options !== 'object') {
    throw argumentError(caller, 'options', 'an object', options);
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || Number.isNaN(maxBytes) || maxBytes < 0) {
    throw argumentError(caller, 'options.maxBytes', 'a non-negative number', maxBytes);
  }
  const interpretation = options.interpretation ?? 'google';
  if (!INTERPRETATIONS.includes(interpretation)) {
    throw argumentError(
      caller,
      'options.interpretation',
      INTERPRETATIONS.map((i) => `'${i}'`).join(', '),
      interpretation,
    );
  }
  // The RFC reading is the strict readings' defaults; each stays an override of its own.
  const strict = interpretation === 'rfc9309';
  const percentEncoding = options.percentEncoding ?? (strict ? 'rfc9309' : 'reference');
  if (percentEncoding !== 'reference' && percentEncoding !== 'rfc9309') {
    throw argumentError(
      caller,
      'options.percentEncoding',
      "'reference' or 'rfc9309'",
      percentEncoding,
    );
  }
  const productTokenDigits = options.productTokenDigits ?? strict;
  const workBudget = options.workBudget ?? Number.POSITIVE_INFINITY;
  if (typeof workBudget !== 'number' || !(workBudget > 0)) {
    throw argumentError(
      caller,
      'options.workBudget',
      'a positive number (or Infinity)',
      workBudget,
    );
  }
  return {
    maxBytes,
    percentEncoding,
    productTokenDigits: productTokenDigits === true,
    interpretation,
    workBudget,
  };
}

/** A body as the tokenizer reads it. */
export interface BodyText {
  /** The body as a byte string (one character per byte), or its text when `utf16` is set. */
  readonly text: string;
  /** Every character is ASCII: the text is the body byte for byte, and nothing needs decoding. */
  readonly ascii: boolean;
  /**
   * The text is the decoding of a valid UTF-8 body that is read whole (it is no longer than the
   * parser's `maxBytes`), not a byte string: a value's non-ASCII characters are encoded to bytes
   * only when it must be escaped, and no value needs decoding. Saves converting a whole
   * non-ASCII body up front.
   */
  readonly utf16: boolean;
  /**
   * The body's bytes when it was given as bytes and `text` is their byte string: the text's
   * character codes, which the tokenizer copies natively (or reads in place: `withCharCodes`)
   * instead of writing them from the text. Never kept past the read (they are the caller's
   * array).
   */
  readonly codes?: Uint8Array;
}

/** A body as read, with its size in bytes. */
export interface SizedBodyText extends BodyText {
  /** Bytes in the body; -1 when not counted yet (UTF-16 text from a string). */
  readonly size: number;
}

/** Throws the TypeError naming `caller` unless `body` is a string, a Uint8Array or an ArrayBuffer. */
export function checkBody(
  body: unknown,
  caller: string,
): asserts body is string | Uint8Array | ArrayBuffer {
  if (typeof body !== 'string' && !(body instanceof Uint8Array) && !(body instanceof ArrayBuffer)) {
    throw argumentError(caller, 'body', 'a string, a Uint8Array or an ArrayBuffer', body);
  }
}

/** Methods of ES2024 strings, where the engine has them. */
interface WellFormed {
  isWellFormed?(): boolean;
  toWellFormed?(): string;
}

/**
 * Reads any accepted body (or throws a TypeError naming `caller` and the argument) as a byte
 * string, except that a non-ASCII string whose UTF-8 is at most `utf16Limit` bytes stays UTF-16
 * text (see {@link BodyText.utf16}), and so may bytes ({@link readBytes}): the parser passes its
 * `maxBytes`, readers that need the bytes (lint's columns) pass nothing.
 */
export function readBody(body: unknown, utf16Limit = 0, caller = 'parseRobotsTxt'): SizedBodyText {
  checkBody(body, caller);
  const longer = longerThan(body, utf16Limit);
  if (longer !== undefined) return longer;
  if (typeof body === 'string') {
    if (isAscii(body)) return { text: body, ascii: true, utf16: false, size: body.length };
    const text = body as string & WellFormed;
    // A lone surrogate is encoded as U+FFFD, so the text to read is the string made well-formed.
    if (body.length * 3 <= utf16Limit && text.toWellFormed !== undefined) {
      const wellFormed = text.isWellFormed!() ? body : text.toWellFormed();
      return { text: wellFormed, ascii: false, utf16: true, size: -1 };
    }
    const bytes = stringToByteString(body);
    return { text: bytes, ascii: false, utf16: false, size: bytes.length };
  }
  return readBytes(body instanceof Uint8Array ? body : new Uint8Array(body), utf16Limit);
}

/**
 * A body longer than the parser reads (`maxBytes`, given as `utf16Limit`), read only as far as
 * the parser does, or undefined: a 100 MB body costs its size count, not its conversion. The
 * parser reads `maxBytes` bytes and one more to know the body goes on; a string keeps one more
 * character, so that a surrogate pair cut in two lies past them.
 */
function longerThan(
  body: string | Uint8Array | ArrayBuffer,
  maxBytes: number,
): SizedBodyText | undefined {
  if (!(maxBytes > 0) || !Number.isFinite(maxBytes)) return undefined;
  if (typeof body === 'string') {
    if (body.length <= maxBytes + 2) return undefined;
    const head = body.slice(0, maxBytes + 2);
    const ascii = isAscii(head);
    // A byte string of its own, never a slice that keeps a much longer body alive; but a body
    // little longer than what is read (a file cut just past the limit) keeps its slice, which
    // holds at most a sixteenth more than a copy would and costs no copy (a millisecond or more
    // for 500 KiB, a tenth of the parse).
    const text = !ascii
      ? stringToByteString(head)
      : body.length - head.length <= head.length >> 4
        ? head
        : copyOfAscii(head);
    return { text, ascii, utf16: false, size: countUtf8(body) };
  }
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  if (bytes.length <= maxBytes + 1) return undefined;
  return { ...readBytes(bytes.subarray(0, maxBytes + 1), 0), size: bytes.length };
}

/**
 * {@link readBody} of bytes. `latin1` is their byte string from the platform's native Latin-1
 * decoding ({@link latin1Of}), where it has one: that costs less than checking that the body is
 * UTF-8, so every body is then read as bytes. Without it (browsers), valid UTF-8 that fits in
 * `utf16Limit` is decoded to UTF-16 text, and the rest is read as bytes.
 */
export function readBytes(
  bytes: Uint8Array,
  utf16Limit: number,
  latin1: string | undefined = latin1Of(bytes),
): SizedBodyText {
  if (latin1 !== undefined) {
    return { text: latin1, ascii: isAscii(latin1), utf16: false, size: bytes.length, codes: bytes };
  }
  const decoded = decodeUtf8(bytes);
  if (decoded !== undefined && decoded.length !== bytes.length && bytes.length <= utf16Limit) {
    return { text: decoded, ascii: false, utf16: true, size: bytes.length };
  }
  const text = byteStringOf(bytes, decoded);
  // Decoded to as many characters as bytes: all ASCII, without searching again.
  const ascii = decoded === undefined ? isAscii(text) : decoded.length === bytes.length;
  return { text, ascii, utf16: false, size: bytes.length, codes: bytes };
}

/** A byte string (one character per byte, as stored by the cache) as a body, without copying. */
export function byteStringBody(text: string): SizedBodyText {
  return { text, ascii: isAscii(text), utf16: false, size: text.length };
}
