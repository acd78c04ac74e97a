/**
 * The entry points that parse a body: `parseRobotsTxt` (Google's reading or another one),
 * `parseReadings` (every reading at once), and the copies the fetcher and the store parse. The
 * parsed file itself, the facade that answers checks, is `ParsedRobotsTxt` (`parsed-robots.ts`).
 */

import {
  byteStringBody,
  checkBody,
  INTERPRETATIONS,
  readBody,
  readBytes,
  resolveOptions,
} from './parse/body.js';
import { ParsedRobotsTxt, useEveryReading } from './parsed-robots.js';
import {
  groupAtLineOf,
  isLegacyInterpretation,
  READINGS,
  ReadingRobotsTxt,
} from './readings/reading-robots.js';
import type { Interpretation, ParseOptions, Readings, RobotsTxt } from './types.js';
import { byteStringToBytes } from './util/bytes.js';

export { lastCheckWork, ParsedRobotsTxt } from './parsed-robots.js';

useEveryReading((body, maxBytes, parsed) => readingsOf(body, { maxBytes }, parsed));

/**
 * Parses a robots.txt body once; the result answers any number of checks.
 *
 * A string body is read as its UTF-8 encoding, a `Uint8Array` (or `ArrayBuffer`) as raw bytes.
 * Never throws on any content: what is not a directive is skipped and recorded in `lines`.
 * Throws a `TypeError` only for an argument of the wrong type.
 *
 * @example
 * const robots = parseRobotsTxt('User-agent: *\nDisallow: /private\n');
 * robots.isAllowed('https://example.com/private/x', 'ExampleBot'); // false
 * robots.explain('https://example.com/private/x', 'ExampleBot').line; // 2
 */
export function parseRobotsTxt(
  body: string | Uint8Array | ArrayBuffer,
  options?: ParseOptions,
): RobotsTxt {
  return parseResolved(body, resolveOptions(options));
}

/** {@link parseRobotsTxt} with options already resolved (`resolveOptions`): checked once. */
export function parseResolved(
  body: string | Uint8Array | ArrayBuffer,
  options: Required<ParseOptions>,
): RobotsTxt {
  const reading = options.interpretation;
  if (!isLegacyInterpretation(reading))
    return new ParsedRobotsTxt(readBody(body, options.maxBytes), options);
  // Google's reading of the body is the model (and stands for Google's in `compare`).
  const google = new ParsedRobotsTxt(readBody(body, options.maxBytes), {
    ...options,
    interpretation: 'google',
  });
  return new ReadingRobotsTxt(
    google,
    READINGS[reading](body, options.maxBytes, groupAtLineOf(google)),
  );
}

/**
 * A stored copy (a byte string) parsed under `options`' reading. `bytes`, when the caller has
 * them (a copy just fetched), are the same bytes: the tokenizer and a reading read them rather
 * than writing them out of the string again, and the file keeps `byteString`, the string the
 * store keeps, so that the body is held once.
 */
export function parseByteString(
  byteString: string,
  options: Required<ParseOptions>,
  bytes?: Uint8Array,
): RobotsTxt {
  const reading = options.interpretation;
  const given = bytes !== undefined && bytes.length === byteString.length ? bytes : undefined;
  const body = given === undefined ? byteStringBody(byteString) : readBytes(given, 0, byteString);
  if (!isLegacyInterpretation(reading)) return new ParsedRobotsTxt(body, options);
  const google = new ParsedRobotsTxt(body, {
    ...options,
    interpretation: 'google',
  });
  return new ReadingRobotsTxt(
    google,
    READINGS[reading](
      given ?? byteStringToBytes(byteString),
      options.maxBytes,
      groupAtLineOf(google),
    ),
  );
}

/**
 * `body` under every reading, each with its defaults and the `given` options; `parsed`, a file
 * already parsed from `body`, stands for its own reading.
 */
function readingsOf(
  body: string | Uint8Array | ArrayBuffer,
  given: Omit<ParseOptions, 'interpretation'>,
  parsed?: RobotsTxt,
): Readings {
  const entries = INTERPRETATIONS.map((interpretation) => [
    interpretation,
    interpretation === parsed?.options.interpretation
      ? parsed
      : parseResolved(body, resolveOptions({ ...given, interpretation })),
  ]);
  return Object.fromEntries(entries) as Record<Interpretation, RobotsTxt>;
}

/**
 * Parses `body` under every reading; `options.interpretation` is ignored, the other options
 * apply to every reading (as overrides of each reading's defaults).
 *
 * @example
 * const readings = parseReadings('User-agent: *\nDisallow: /*.pdf\n');
 * readings.google.isAllowed('https://e.com/a.pdf', 'Bot'); // false
 * readings['draft-1996'].isAllowed('https://e.com/a.pdf', 'Bot'); // true
 */
export function parseReadings(
  body: string | Uint8Array | ArrayBuffer,
  options?: ParseOptions,
): Readings {
  const { interpretation: _, ...given } = options ?? {};
  // Checked once, naming this function.
  resolveOptions(given, 'parseReadings');
  checkBody(body, 'parseReadings');
  return readingsOf(body, given);
}
