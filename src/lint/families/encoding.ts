/**
 * Lint family `encoding`: what the bytes are — an HTML page, binary data, byte order marks, bytes that are not
 * UTF-8, NUL bytes.
 */

import { MAX_LINE_LENGTH } from '../../parse/tokenize.js';
import type { AgentLine } from '../../types.js';
import { asciiLowerCase, decodeByteString } from '../../util/bytes.js';
import { terminalSafe } from '../../util/terminal.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import { reportHtmlPage } from './html-page.js';

// A latin-1 or binary file would otherwise give one diagnostic per line.
const MAX_INVALID_UTF8 = 20;

export const encoding: LintFamily = {
  name: 'encoding',
  codes: {
    'html-content': {
      severity: 'error',
      summary: 'The body is an HTML page, not a robots.txt file.',
    },
    'binary-content': {
      severity: 'error',
      summary: 'The body is binary data (an image, an archive), not a robots.txt file.',
    },
    'byte-order-mark': {
      severity: 'info',
      summary: 'The file starts with a UTF-8 byte order mark, which Google skips.',
    },
    'partial-byte-order-mark': {
      severity: 'warning',
      summary: 'The file starts with part of a UTF-8 byte order mark.',
    },
    'stray-byte-order-mark': {
      severity: 'error',
      summary: 'A byte order mark inside the file makes its line an unknown directive.',
    },
    'invalid-utf8': {
      severity: 'warning',
      summary: 'A line has bytes that are not valid UTF-8 (RFC 9309 requires UTF-8).',
    },
    'nul-byte': {
      severity: 'warning',
      summary: 'A NUL byte ends the usable part of a line.',
    },
    'utf16-encoding': {
      severity: 'error',
      summary: 'The file is UTF-16: Google reads no rules from it (save it as UTF-8).',
    },
  },

  check: checkEncoding,
};

function checkEncoding(context: LintContext): LintChecks {
  const { text } = context;
  if (context.utf16) {
    const b0 = text.charCodeAt(0);
    const sign =
      b0 === 0xff
        ? 'a UTF-16LE byte order mark'
        : b0 === 0xfe
          ? 'a UTF-16BE byte order mark'
          : 'a NUL byte between the characters';
    context.report({
      code: 'utf16-encoding',
      line: 1,
      message: `The file is UTF-16 (${sign}). Google reads robots.txt as UTF-8 and finds no rule in it: every crawler may fetch everything. Save the file as UTF-8 (RFC 9309 §2.2).`,
    });
    return {};
  }
  if (context.binary) {
    const rules = context.robots.groups.reduce((n, g) => n + g.rules.length, 0);
    const kind = binaryKind(text);
    context.report({
      code: 'binary-content',
      line: 1,
      message: `The body is binary data${kind === undefined ? '' : ` (${kind})`}, not a robots.txt file (a server that answers with the wrong file?). Crawlers parse it as robots.txt anyway: ${rules === 0 ? 'it has no rules, so everything is allowed' : `Google reads ${rules} rule${rules === 1 ? '' : 's'} out of its bytes, whatever they meant`}. Serve a plain-text robots.txt (or a 404).`,
    });
    return {};
  }
  if (context.html) reportHtmlPage(context);
  const bom = context.summary.bomLength;
  if (bom === 3) {
    context.report({
      code: 'byte-order-mark',
      line: 1,
      message:
        'The file starts with a UTF-8 byte order mark. Google skips it; some other parsers read it as part of the first key, which then names nothing.',
    });
  } else if (bom > 0) {
    context.report({
      code: 'partial-byte-order-mark',
      line: 1,
      message: `The file starts with ${bom} of the 3 bytes of a UTF-8 byte order mark; Google skips them, other parsers may not.`,
    });
  }
  let invalidUtf8 = 0;
  let nextNul = -1;
  return {
    line(line, span, directive) {
      // The next NUL is searched for once and reused by the lines before it: a search per line
      // would rescan the rest of the body each time (quadratic on a file of many short lines).
      if (nextNul < span.start) {
        nextNul = text.indexOf('\0', span.start);
        if (nextNul < 0) nextNul = text.length;
      }
      if (nextNul < span.end && nextNul < span.start + MAX_LINE_LENGTH) {
        context.report({
          code: 'nul-byte',
          line,
          message:
            'A NUL byte ends the line for Google’s parser: everything after it on this line is ignored.',
          from: nextNul,
        });
      }
      const bad = invalidUtf8Offset(text, span.start, span.end);
      // Bytes in a comment are never read: a latin-1 comment is harmless.
      const hash = bad < 0 ? -1 : text.indexOf('#', span.start);
      const inComment = hash >= 0 && hash < bad;
      if (bad >= 0 && !inComment && invalidUtf8 < MAX_INVALID_UTF8 && !context.html) {
        invalidUtf8++;
        const more =
          invalidUtf8 === MAX_INVALID_UTF8
            ? ' Further lines with invalid UTF-8 are not reported.'
            : '';
        // In a crawler's name they change nothing a crawler reads: Google keeps the product
        // token before them, and no crawler's name holds such bytes. Worth knowing, no warning.
        const agent = directive?.kind === 'user-agent' ? agentOn(context, line) : undefined;
        context.report({
          code: 'invalid-utf8',
          line,
          message:
            agent === undefined
              ? `Bytes that are not valid UTF-8 (the file is probably in another encoding; RFC 9309 §2.2 requires UTF-8). Google escapes them as %XX in rules, so they match only URLs with those exact escapes.${more}`
              : `Bytes that are not valid UTF-8 in a crawler's name (the file is probably in another encoding): Google reads only ${agent.token === '' ? 'the product token before them, none here, so the line names no crawler' : `the product token before them, "${terminalSafe(agent.token)}"`}, and no crawler's name holds such bytes.${more}`,
          from: bad,
          ...(agent === undefined ? {} : { severity: 'info' as const }),
        });
      }
      if (directive?.kind === 'unknown' && text.startsWith('\xef\xbb\xbf', directive.keyStart)) {
        context.report({
          code: 'stray-byte-order-mark',
          line,
          message:
            'The line starts with a byte order mark (files concatenated?): Google reads it as part of the key, so this line is an unknown directive and does nothing.',
          from: directive.keyStart,
          to: directive.keyEnd,
        });
      }
    },
  };
}

/** Whether the body (after a leading byte order mark) is an HTML page. */
export function looksLikeHtml(text: string): boolean {
  let from = 0;
  while (from < 3 && text.charCodeAt(from) === [0xef, 0xbb, 0xbf][from]) from++;
  const head = asciiLowerCase(text.slice(from, from + 1024)).trimStart();
  // A page starts with a tag; a robots.txt may start with `<!-- … -->` comments (read as ignored
  // lines) but has no page tags.
  return (
    head.startsWith('<!doctype html') ||
    (head.startsWith('<') &&
      /<(?:html|head|body|meta|script|style|iframe|title|link|div)[\s>/]/.test(head))
  );
}

// Bytes of the start of a body looked at to tell binary data from text.
const BINARY_SAMPLE = 1024;

/**
 * Whether a body (as a byte string) is binary data, not text: a tenth or more of its first bytes
 * are control characters that no text file holds (tab, line breaks and form feed are text).
 * Checked after {@link looksLikeUtf16}, whose NUL bytes would count.
 */
export function looksLikeBinary(text: string): boolean {
  const sample = Math.min(text.length, BINARY_SAMPLE);
  let control = 0;
  for (let i = 0; i < sample; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x09 || (c > 0x0d && c < 0x20) || c === 0x7f) control++;
  }
  return control >= 16 && control * 10 >= sample;
}

// File signatures of what servers send by mistake (the first bytes of the body).
const SIGNATURES: readonly (readonly [string, string])[] = [
  ['\xff\xd8\xff', 'a JPEG image'],
  ['\x89PNG', 'a PNG image'],
  ['GIF8', 'a GIF image'],
  ['\x00\x00\x01\x00', 'an icon'],
  ['%PDF', 'a PDF document'],
  ['PK\x03\x04', 'a ZIP archive'],
  ['\x1f\x8b', 'gzip-compressed data'],
];

/** What a binary body is, by its first bytes, when they are a known file signature. */
function binaryKind(text: string): string | undefined {
  return SIGNATURES.find(([signature]) => text.startsWith(signature))?.[1];
}

/**
 * Whether a body (as a byte string) is UTF-16 text: a UTF-16 byte order mark, or ASCII text with
 * a NUL in every other byte.
 */
export function looksLikeUtf16(text: string): boolean {
  const b0 = text.charCodeAt(0);
  const b1 = text.charCodeAt(1);
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) return true;
  const sample = Math.min(text.length, 64);
  if (sample < 8) return false;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample; i++) {
    if (text.charCodeAt(i) === 0) {
      if (i % 2 === 0) evenNul++;
      else oddNul++;
    }
  }
  const half = sample / 2;
  return (
    (evenNul > half * 0.8 && oddNul < half * 0.2) || (oddNul > half * 0.8 && evenNul < half * 0.2)
  );
}

/** Offset of the first byte of `text[start, end)` that starts an invalid UTF-8 sequence, or -1. */
export function invalidUtf8Offset(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    if (i + need >= end) return i;
    let code = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const b = text.charCodeAt(i + k);
      if ((b & 0xc0) !== 0x80) return i;
      code = (code << 6) | (b & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need;
  }
  return -1;
}

/** The User-agent line `line` as parsed (its product token), if it is in a group. */
function agentOn(context: LintContext, line: number): AgentLine | undefined {
  for (const group of context.robots.groups) {
    for (const agent of group.agents) if (agent.line === line) return agent;
  }
  return undefined;
}
