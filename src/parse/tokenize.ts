/**
 * The tokenizer: a byte string → lines → key/value directives, exactly as Google's reference
 * parser (`RobotsTxtParser::Parse`, `GetKeyAndValueFrom`, `Key::Parse`) reads them.
 */

import { utf8Length } from '../util/bytes.js';
import { type CharCodes, viewOf, withCharCodes } from '../util/char-codes.js';

/** What a directive line is, after Google's lenient key recognition. */
export type DirectiveKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';

// The line flags and the line cap as module constants: the tokenizer's loop reads these
// (V8 folds them), where reading an exported binding costs a check on every line.
const EMPTY = 1;
const HAS_COMMENT = 2;
const IS_COMMENT = 4;
const HAS_DIRECTIVE = 8;
const ACCEPTABLE_TYPO = 16;
const TOO_LONG = 32;
const MISSING_COLON = 64;
/** {@link MAX_LINE_LENGTH}. */
const LINE_CAP = 2083 * 8 - 1;

/** Bit flags of a line, as the reference's `LineMetadata`. */
export const LineFlag: {
  readonly empty: 1;
  readonly hasComment: 2;
  readonly isComment: 4;
  readonly hasDirective: 8;
  readonly acceptableTypo: 16;
  readonly tooLong: 32;
  readonly missingColon: 64;
} = {
  empty: EMPTY,
  hasComment: HAS_COMMENT,
  isComment: IS_COMMENT,
  hasDirective: HAS_DIRECTIVE,
  acceptableTypo: ACCEPTABLE_TYPO,
  tooLong: TOO_LONG,
  missingColon: MISSING_COLON,
} as const;

/**
 * Google's line cap: 8 × 2083 − 1 bytes of a line are kept, the rest of the line is dropped.
 * Google-specific; RFC 9309 sets no per-line limit.
 */
export const MAX_LINE_LENGTH: number = LINE_CAP;

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB; Google reads exactly that much. */
export const DEFAULT_MAX_BYTES: number = 500 * 1024;

/**
 * Receives the tokenizer's output in file order. Offsets index the text tokenized (a byte string,
 * or UTF-16 text: see `tokenizeText`).
 */
export interface TokenizeHandler {
  /** A line with a key and a value; the value is trimmed and comment-free, not yet escaped. */
  directive(
    line: number,
    kind: DirectiveKind,
    keyStart: number,
    keyEnd: number,
    valueStart: number,
    valueEnd: number,
  ): void;
  /**
   * Every line, after its directive (if any): its flags and its extent (terminator excluded).
   * Optional: a reader that wants only the directives saves a call per line.
   */
  line?(line: number, flags: number, start: number, end: number): void;
}

/** What the tokenizer saw of the body as a whole. */
export interface TokenizeSummary {
  /** Number of lines handed to the handler. */
  readonly lineCount: number;
  /** Characters of the text that were parsed: bytes of a byte string (all of UTF-16 text). */
  readonly bytesParsed: number;
  /** True when the body was longer than `maxBytes`. */
  readonly truncated: boolean;
  /** Bytes of a leading (possibly partial) UTF-8 BOM that were skipped: 0 to 3. */
  readonly bomLength: number;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte string into lines and directives and hands them to `handler`.
 *
 * Lines end at LF, CR or CR LF (RFC 9309 §2.2). A leading UTF-8 BOM, or any prefix of one, is
 * skipped (Google-specific). Past `maxBytes` nothing is read; a line cut by that limit is
 * dropped, since a partial rule would not be the rule the site wrote.
 */
export function tokenize(
  text: string,
  maxBytes: number,
  handler: TokenizeHandler,
): TokenizeSummary {
  return tokenizeText(text, maxBytes, handler, false)!;
}

/**
 * Lines of UTF-16 text up to this long are certainly within the line cap in UTF-8 (3 bytes or
 * fewer per code unit); longer ones are measured.
 */
const UTF16_SAFE_LINE = Math.floor(LINE_CAP / 3);

/**
 * {@link tokenize}, also over UTF-16 text: with `utf16`, `text` is the decoded text of a valid
 * UTF-8 body of at most `maxBytes` bytes. Its lines and directives are those of the body's bytes
 * (every structural character is ASCII, and a non-ASCII character is never one), a leading
 * U+FEFF is the BOM, and offsets index the text. A line longer than the line cap in bytes (the
 * cap could split a character) stops the run: then the result is null, and the body must be read
 * as bytes.
 */
export function tokenizeText(
  text: string,
  maxBytes: number,
  handler: TokenizeHandler,
  utf16: boolean,
  codes?: CharCodes,
): TokenizeSummary | null {
  if (codes !== undefined) return tokenizeCodes(text, codes, maxBytes, handler, utf16);
  return withCharCodes(text, utf16, (read) => tokenizeCodes(text, read, maxBytes, handler, utf16));
}

/**
 * {@link tokenizeText} given the text's character codes (`codes[i]` is `text.charCodeAt(i)` for
 * every `i` of the text): single characters are read from them, searches run on the text.
 */
function tokenizeCodes(
  text: string,
  codes: CharCodes,
  maxBytes: number,
  handler: TokenizeHandler,
  utf16: boolean,
): TokenizeSummary | null {
  let end = text.length;
  const truncated = !utf16 && end > maxBytes;
  if (truncated) {
    end = Math.max(0, Math.floor(maxBytes));
    // A line cut by the limit is dropped; one whose terminator is the first byte past the limit
    // is complete and kept.
    const after = text.charCodeAt(end);
    if (after !== LF && after !== CR) {
      const lastBreak =
        end === 0 ? -1 : Math.max(text.lastIndexOf('\n', end - 1), text.lastIndexOf('\r', end - 1));
      // Keep the terminator of the last whole line (a CR LF split by the limit keeps its CR).
      end = lastBreak + 1;
    }
  }

  let pos = 0;
  let bomLength = 0;
  // Google-specific: skip the longest prefix of EF BB BF at the very start of the body (in
  // UTF-16 text, a whole BOM is one U+FEFF).
  if (utf16) {
    const first = text.charCodeAt(0);
    if (first === 0xfeff) {
      pos = 1;
      bomLength = 3;
    } else if (first >= 0xf000 && first <= 0xffff) {
      // Its UTF-8 starts with EF: the reference skips that byte (and a following BB) alone,
      // leaving part of a character, which only bytes can hold.
      return null;
    }
  } else if (pos < end && codes[0] === 0xef) {
    pos = 1;
    if (pos < end && codes[1] === 0xbb) {
      pos = 2;
      if (pos < end && codes[2] === 0xbf) pos = 3;
    }
    bomLength = pos;
  }

  const wantsLines = handler.line !== undefined;
  const view = viewOf(codes);
  let lineNumber = 0;
  // The next LF, CR, `#`, NUL and `:` at or after where each was last searched from: one native
  // search finds each occurrence once, so no search rescans the body.
  let nextLf = -1;
  let nextCr = -1;
  let nextHash = -1;
  let nextNul = -1;
  let nextColon = -1;
  for (;;) {
    if (nextLf < pos) nextLf = indexOrEnd(text, '\n', pos, end);
    if (nextCr < pos) nextCr = indexOrEnd(text, '\r', pos, end);
    const lineEnd = nextLf < nextCr ? nextLf : nextCr;
    if (
      utf16 &&
      lineEnd - pos > UTF16_SAFE_LINE &&
      utf8Length(text.slice(pos, lineEnd)) > LINE_CAP
    ) {
      return null;
    }
    lineNumber++;

    // The line: its flags, and its directive (if any) handed to the handler.
    let flags = 0;
    let e = lineEnd;
    if (e - pos > LINE_CAP) {
      flags |= TOO_LONG;
      e = pos + LINE_CAP;
    }
    // The reference works on C strings: a NUL ends the usable part of the line.
    if (nextNul < pos) nextNul = indexOrEnd(text, '\0', pos, end);
    if (nextNul < e) e = nextNul;
    // RFC 9309 §2.2: `#` starts a comment that runs to the end of the line.
    if (nextHash < pos) nextHash = indexOrEnd(text, '#', pos, end);
    if (nextHash < e) {
      flags |= HAS_COMMENT;
      e = nextHash;
    }
    let s = pos;
    while (s < e && isWhitespace(codes[s]!)) s++;
    while (e > s && isWhitespace(codes[e - 1]!)) e--;
    if (s === e) {
      flags |= flags & HAS_COMMENT ? IS_COMMENT : EMPTY;
    } else {
      const length = usualKeyLength(codes, view, s, e);
      if (length > 0) {
        // The line's first colon ends the key (see usualKeyLength): no search for it.
        let valueStart = s + length + 1;
        while (valueStart < e && isWhitespace(codes[valueStart]!)) valueStart++;
        flags |= HAS_DIRECTIVE;
        handler.directive(lineNumber, usualKind(length), s, s + length, valueStart, e);
      } else {
        if (nextColon < s) nextColon = indexOrEnd(text, ':', s, end);
        flags = directiveOf(codes, lineNumber, s, e, nextColon, flags, handler);
      }
    }

    if (wantsLines) handler.line!(lineNumber, flags, pos, lineEnd);
    if (lineEnd >= end) break;
    // RFC 9309 §2.2: CR LF is one terminator; LF CR and CR CR are two. The searches tell which
    // character ends the line, and whether an LF follows it.
    pos =
      lineEnd === nextCr && lineEnd + 1 < end && nextLf === lineEnd + 1 ? lineEnd + 2 : lineEnd + 1;
    // A body ending in a terminator still has a final (empty) line, handled by the loop.
  }
  return { lineCount: lineNumber, bytesParsed: end, truncated, bomLength };
}

function indexOrEnd(text: string, needle: string, from: number, end: number): number {
  const i = text.indexOf(needle, from);
  return i < 0 || i > end ? end : i;
}

/**
 * The directive of a usual key of this length ({@link usualKeyLength}: `Disallow`, `Allow`,
 * `User-agent` and `Sitemap` differ in length).
 */
function usualKind(length: number): DirectiveKind {
  switch (length) {
    case 8:
      return 'disallow';
    case 5:
      return 'allow';
    case 10:
      return 'user-agent';
    default:
      return 'sitemap';
  }
}

/**
 * The length of the key when the trimmed line `text[s, end)` starts with one of the usual keys
 * spelt in full (any ASCII case) and straight followed by `:`, else 0. Such a line is read as
 * {@link directiveOf} reads it: that colon is the line's first (the key's characters are
 * letters and `-`), the key is exactly the word, and it is that word's directive. `view`: the
 * codes' bytes, read four at a time (see {@link folded4}).
 */
function usualKeyLength(codes: CharCodes, view: DataView, s: number, end: number): number {
  let length = 0;
  // Each case first checks that the key and its colon fit in the line: no read past the text
  // (reading past the end of a typed array makes V8 slow down every read of the function, and
  // past the view's end throws).
  switch (codes[s]! | 0x20) {
    case 0x64: // d
      if (s + 8 < end && folded4(view, s) === DISA && folded4(view, s + 4) === LLOW) length = 8;
      break;
    case 0x61: // a
      if (s + 5 < end && folded4(view, s + 1) === LLOW) length = 5;
      break;
    case 0x75: // u
      if (
        s + 10 < end &&
        folded4(view, s + 1) === SER_ &&
        folded4(view, s + 5) === AGEN &&
        folded(codes, s + 9) === 0x74 // t
      ) {
        length = 10;
      }
      break;
    case 0x73: // s
      if (s + 7 < end && folded4(view, s + 1) === ITEM && folded4(view, s + 3) === EMAP) length = 7;
      break;
  }
  return length > 0 && codes[s + length]! === 0x3a ? length : 0;
}

/**
 * The four character codes at `i` read as one little-endian number, each with bit 5 set (as
 * {@link folded} sets it): one read where four cost four. The caller checks they are in the text.
 */
function folded4(view: DataView, i: number): number {
  return view.getInt32(i, true) | 0x20202020;
}

// Four lower-case characters as {@link folded4} reads them: the first in the low byte.
const DISA = 0x61736964;
const LLOW = 0x776f6c6c;
const SER_ = 0x2d726573;
const AGEN = 0x6e656761;
const ITEM = 0x6d657469;
const EMAP = 0x70616d65;

/**
 * Reads the directive of the trimmed, comment-free, non-empty line `text[s, end)` whose first
 * `:` at or after `s` is at `colon` (possibly past the line), hands it to `handler`, and returns
 * the line's flags (`flags` plus what the directive adds).
 */
function directiveOf(
  codes: CharCodes,
  lineNumber: number,
  s: number,
  end: number,
  colon: number,
  flags: number,
  handler: TokenizeHandler,
): number {
  let separator = colon;
  let valueStart = separator + 1;
  if (separator >= end) {
    // Google-specific: a missing colon is accepted when whitespace separates exactly two
    // tokens (`Disallow /x`).
    separator = -1;
    for (let i = s; i < end; i++) {
      const c = codes[i]!;
      if (c === 0x20 || c === 0x09) {
        separator = i;
        break;
      }
    }
    if (separator < 0) return flags;
    let v = separator;
    while (v < end && (codes[v]! === 0x20 || codes[v]! === 0x09)) v++;
    for (let i = v; i < end; i++) {
      const c = codes[i]!;
      if (c === 0x20 || c === 0x09) return flags;
    }
    flags |= MISSING_COLON;
    valueStart = separator + 1;
  }

  let keyEnd = separator;
  while (keyEnd > s && isWhitespace(codes[keyEnd - 1]!)) keyEnd--;
  if (keyEnd === s) return flags;
  while (valueStart < end && isWhitespace(codes[valueStart]!)) valueStart++;

  flags |= HAS_DIRECTIVE;
  // Key recognition compares the key's characters in place (ASCII case-folded), so a line
  // costs no string allocation. Like the reference, a key *starting* with a known word is that
  // word. Dispatch on the first letter: most lines then need a single, unrolled comparison.
  let kind: DirectiveKind = 'unknown';
  const length = keyEnd - s;
  switch (codes[s]! | 0x20) {
    case 0x75: // u
      if (length >= 10 && isSerAgent(codes, s + 1, 0x2d)) {
        kind = 'user-agent';
      } else if (
        (length >= 9 && isSerAgent(codes, s + 1, -1)) ||
        (length >= 10 && isSerAgent(codes, s + 1, 0x20))
      ) {
        kind = 'user-agent';
        flags |= ACCEPTABLE_TYPO;
      }
      break;
    case 0x61: // a
      if (length >= 5 && isLlow(codes, s + 1)) kind = 'allow';
      break;
    case 0x64: // d
      if (
        length >= 8 &&
        folded(codes, s + 1) === 0x69 && // i
        folded(codes, s + 2) === 0x73 && // s
        folded(codes, s + 3) === 0x61 && // a
        isLlow(codes, s + 4)
      ) {
        kind = 'disallow';
      } else if (isDisallowTypo(codes, s, keyEnd)) {
        kind = 'disallow';
        flags |= ACCEPTABLE_TYPO;
      }
      break;
    case 0x73: // s
      if (keyStartsWith(codes, s, keyEnd, 'sitemap')) {
        kind = 'sitemap';
      } else if (keyStartsWith(codes, s, keyEnd, 'site-map')) {
        kind = 'sitemap';
        flags |= ACCEPTABLE_TYPO;
      }
      break;
  }
  handler.directive(lineNumber, kind, s, keyEnd, valueStart, end);
  return flags;
}

/**
 * The character code at `i` with bit 5 set: ASCII-case-folded for a letter. It equals a lower-case
 * letter only for that letter in either case, and `-` or space only for themselves or for CR and
 * NUL, which a line never holds here: only ASCII letters are folded, as the reference's
 * `strncasecmp` does.
 */
function folded(codes: CharCodes, i: number): number {
  return codes[i]! | 0x20;
}

/** Whether `text` holds `llow` at `i`, ignoring ASCII case. */
function isLlow(codes: CharCodes, i: number): boolean {
  return (
    folded(codes, i) === 0x6c &&
    folded(codes, i + 1) === 0x6c &&
    folded(codes, i + 2) === 0x6f &&
    folded(codes, i + 3) === 0x77
  );
}

/**
 * Whether `text` holds `ser` + `separator` + `agent` at `i`, ignoring ASCII case; `separator`
 * −1 is none (`useragent`).
 */
function isSerAgent(codes: CharCodes, i: number, separator: number): boolean {
  if (folded(codes, i) !== 0x73 || folded(codes, i + 1) !== 0x65 || folded(codes, i + 2) !== 0x72) {
    return false;
  }
  let a = i + 3;
  if (separator >= 0 && folded(codes, a++) !== separator) return false;
  return (
    folded(codes, a) === 0x61 &&
    folded(codes, a + 1) === 0x67 &&
    folded(codes, a + 2) === 0x65 &&
    folded(codes, a + 3) === 0x6e &&
    folded(codes, a + 4) === 0x74
  );
}

// Google-specific: frequent misspellings of `disallow` that the reference accepts.
const DISALLOW_TYPOS = ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'] as const;

/**
 * Whether the key `text[start, end)` starts with `word` (lower-case ASCII), ignoring ASCII case
 * (see {@link folded}).
 */
function keyStartsWith(codes: CharCodes, start: number, end: number, word: string): boolean {
  if (end - start < word.length) return false;
  for (let i = 0; i < word.length; i++) {
    if (folded(codes, start + i) !== word.charCodeAt(i)) return false;
  }
  return true;
}

function isDisallowTypo(codes: CharCodes, start: number, end: number): boolean {
  for (const typo of DISALLOW_TYPOS) if (keyStartsWith(codes, start, end, typo)) return true;
  return false;
}

/**
 * ASCII whitespace as C's `isspace` (`isSpace` of util/bytes), here for the tokenizer's loop:
 * V8 checks an imported function on every call.
 */
function isWhitespace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}
