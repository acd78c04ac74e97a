/**
 * `lintRobotsTxt`: diagnostics with line and column for everything Google's parser reads
 * differently from how a person reads it. Every message describes what the reference does.
 */

import { formatRule, ruleKey } from '../explain.js';
import { readBody, resolveOptions } from '../parse/body.js';
import { type DirectiveKind, LineFlag, MAX_LINE_LENGTH, tokenize } from '../parse/tokenize.js';
import { ParsedRobotsTxt, parseReadings } from '../robots.js';
import type { AgentLine, Group, Rule } from '../types.js';
import { asciiLowerCase, decodeByteString, isSpace } from '../util/bytes.js';
import { diagnosticCatalog } from './catalog.js';
import { readingDiagnostics } from './readings.js';
import { canMatch, findShadowedRules } from './shadowing.js';
import type {
  Diagnostic,
  DiagnosticCode,
  LintOptions,
  LintResult,
  RelatedLocation,
} from './types.js';

/** Where a directive's key and value are in the byte string. */
interface DirectiveSpan {
  readonly kind: DirectiveKind;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

interface LineSpan {
  readonly flags: number;
  readonly start: number;
  readonly end: number;
}

const CANONICAL: Readonly<Record<Exclude<DirectiveKind, 'unknown'>, string>> = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

/**
 * Directives some crawlers know but Google ignores, with what to say about each. A `Map`: keys come
 * from the file, and a plain object would answer `constructor` with an inherited property.
 */
/**
 * What to tell a site owner about each key Google's report calls recognised-but-unsupported
 * (`UNSUPPORTED_TAGS`, exactly: a test keeps the two in step). Every other unrecognised key is an
 * `unknown-directive`, as the report tags it `unknown`.
 */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  'crawl-delay': 'Google ignores Crawl-delay (Bing, Yandex and some others honour it).',
  noindex:
    'Google ignores Noindex in robots.txt (unsupported since 2019): use a `noindex` robots meta tag or an `X-Robots-Tag` header instead.',
  nofollow: 'Google ignores Nofollow in robots.txt: use a robots meta tag or `X-Robots-Tag`.',
  noarchive: 'Google ignores Noarchive in robots.txt: use a robots meta tag or `X-Robots-Tag`.',
  host: 'Google ignores Host (it was a Yandex extension, since retired): use redirects for the preferred host.',
  domain:
    'Google ignores Domain (not a robots.txt directive): use redirects for the preferred host.',
  'clean-param': 'Google ignores Clean-param (a Yandex extension).',
  'request-rate': 'Google ignores Request-rate (a non-standard extension some crawlers honour).',
  'visit-time': 'Google ignores Visit-time (a non-standard extension).',
  'revisit-after':
    'Google ignores Revisit-after (an HTML meta tag of old, not a robots.txt directive).',
  'content-signal':
    "Google records Content-Signal but does not act on it: it states AI usage preferences (Cloudflare's Content Signals Policy) for crawlers that read them.",
  'content-usage':
    'Google records Content-Usage but does not act on it: it states AI usage preferences (IETF AIPREF) for crawlers that read them.',
};

/** The keys {@link UNSUPPORTED} explains: for the test that keeps it in step with the report. */
export const UNSUPPORTED_KEYS: readonly string[] = Object.keys(UNSUPPORTED);

// A latin-1 or binary file would otherwise give one diagnostic per line.
const MAX_INVALID_UTF8 = 20;

/**
 * Lints a robots.txt body: unknown and unsupported directives, accepted typos, missing colons,
 * rules outside groups, patterns that never match, shadowed rules, user-agent tokens the
 * reference truncates, too-long lines, content past 500 KiB, BOMs, bad UTF-8, HTML bodies and
 * relative sitemap URLs. Never throws on any content (a `TypeError` for a wrong argument type).
 *
 * @example
 * const { diagnostics, errorCount } = lintRobotsTxt('Disallow: /x\nUser-agent: *\nCrawl-delay: 5\n');
 * diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`);
 * // ['1:11 rule-outside-group', '3:1 unsupported-directive', …]; errorCount === 1
 */
export function lintRobotsTxt(
  body: string | Uint8Array | ArrayBuffer,
  options: LintOptions = {},
): LintResult {
  // The body is converted once, for the parser and for the offsets below.
  const byteBody = readBody(body);
  const text = byteBody.text;
  // Only maxBytes: lint reports what a crawler reading the file Google's way sees.
  const { maxBytes: givenMaxBytes } = options;
  const parseOptions = resolveOptions(
    givenMaxBytes === undefined ? {} : { maxBytes: givenMaxBytes },
    'lintRobotsTxt',
  );
  const maxBytes = parseOptions.maxBytes;
  const robots = new ParsedRobotsTxt(byteBody, parseOptions);
  const lines: LineSpan[] = [];
  const directives: (DirectiveSpan | undefined)[] = [];
  const summary = tokenize(text, maxBytes, {
    directive(line, kind, keyStart, keyEnd, valueStart, valueEnd) {
      directives[line] = { kind, keyStart, keyEnd, valueStart, valueEnd };
    },
    line(line, flags, start, end) {
      lines[line] = { flags, start, end };
    },
  });

  const diagnostics: Diagnostic[] = [];
  const column = (line: number, offset: number): number => {
    const start = lines[line]?.start ?? 0;
    return offset <= start ? 1 : decodeByteString(text.slice(start, offset)).length + 1;
  };
  const add: Add = (code, line, message, from, to, related) => {
    const col = from === undefined ? 1 : column(line, from);
    diagnostics.push({
      code,
      severity: diagnosticCatalog[code].severity,
      message,
      line,
      column: col,
      ...(to !== undefined && to > (from ?? 0) ? { endColumn: column(line, to) } : {}),
      ...(related !== undefined ? { related } : {}),
    });
  };

  const html = looksLikeHtml(text, summary.bomLength);
  if (html) {
    add(
      'html-content',
      1,
      'The body is an HTML page, not a robots.txt file (a server that answers a missing file with a page?). Crawlers parse it as robots.txt anyway: it has no rules, so everything is allowed.',
    );
  }
  if (summary.bomLength === 3) {
    add(
      'byte-order-mark',
      1,
      'The file starts with a UTF-8 byte order mark. Google skips it; some other parsers read it as part of the first key, which then names nothing.',
    );
  } else if (summary.bomLength > 0) {
    add(
      'partial-byte-order-mark',
      1,
      `The file starts with ${summary.bomLength} of the 3 bytes of a UTF-8 byte order mark; Google skips them, other parsers may not.`,
    );
  }
  if (summary.truncated) {
    const line = Math.max(1, summary.lineCount);
    add(
      'content-past-limit',
      line,
      `The body is longer than ${maxBytes} bytes (${text.length} bytes seen); Google reads only the first ${maxBytes} bytes (500 KiB), so everything from line ${line} on is ignored. Move important rules up and shorten the file.`,
    );
  }

  let invalidUtf8 = 0;
  let nextNul = -1;
  for (let line = 1; line < lines.length; line++) {
    const span = lines[line]!;
    const directive = directives[line];
    if (span.flags & LineFlag.tooLong) {
      add(
        'line-too-long',
        line,
        `The line is ${span.end - span.start} bytes long; Google keeps only the first ${MAX_LINE_LENGTH} bytes of a line and ignores the rest (a final \`$\` past the cut is lost).`,
        span.start + MAX_LINE_LENGTH,
      );
    }
    // The next NUL is searched for once and reused by the lines before it: a search per line
    // would rescan the rest of the body each time (quadratic on a file of many short lines).
    if (nextNul < span.start) {
      nextNul = text.indexOf('\0', span.start);
      if (nextNul < 0) nextNul = text.length;
    }
    const nul = nextNul;
    if (nul < span.end && nul < span.start + MAX_LINE_LENGTH) {
      add(
        'nul-byte',
        line,
        'A NUL byte ends the line for Google’s parser: everything after it on this line is ignored.',
        nul,
      );
    }
    const bad = invalidUtf8Offset(text, span.start, span.end);
    if (bad >= 0 && invalidUtf8 < MAX_INVALID_UTF8 && !html) {
      invalidUtf8++;
      add(
        'invalid-utf8',
        line,
        `Bytes that are not valid UTF-8 (the file is probably in another encoding; RFC 9309 §2.2 requires UTF-8). Google escapes them as %XX in rules, so they match only URLs with those exact escapes.${invalidUtf8 === MAX_INVALID_UTF8 ? ' Further lines with invalid UTF-8 are not reported.' : ''}`,
        bad,
      );
    }
    if (directive === undefined) {
      if (!html && !(span.flags & (LineFlag.empty | LineFlag.isComment))) {
        lintIgnoredLine(text, span, line, add);
      }
      continue;
    }
    lintKey(text, directive, span.flags, line, html, add);
  }

  for (const rule of robots.rulesOutsideGroups) {
    const d = directives[rule.line];
    add(
      'rule-outside-group',
      rule.line,
      `"${ruleKey(rule.type)}" comes before any User-agent line, so no crawler applies it (RFC 9309 §2.1). Add a "User-agent: *" line above it.`,
      d?.keyStart,
      d?.valueEnd,
    );
  }
  for (const rule of [...robots.rulesOutsideGroups, ...robots.groups.flatMap((g) => g.rules)]) {
    lintPattern(rule, directives[rule.line], text, add);
  }
  for (const group of robots.groups) {
    for (const agent of group.agents) lintAgent(agent, directives[agent.line], add);
    lintGroupRules(group, directives, add);
  }
  const last = robots.groups[robots.groups.length - 1];
  if (last !== undefined && last.rules.length === 0) {
    const named = last.agents.filter((a) => !a.global && a.token !== '');
    const first = named[0];
    if (first !== undefined) {
      const d = directives[first.line];
      const tokens = named.map((a) => a.token).join(', ');
      add(
        'user-agent-without-rules',
        first.line,
        `No Allow or Disallow line follows: ${tokens} may crawl everything, and the "User-agent: *" rules no longer apply to ${named.length === 1 ? 'it' : 'them'} (a line naming a crawler hides the * group). Add "Disallow:" to say so explicitly, or rules.`,
        d?.keyStart,
        d?.valueEnd,
      );
    }
  }
  for (const sitemap of robots.sitemapLines) {
    if (!isAbsoluteHttpUrl(sitemap.url)) {
      const d = directives[sitemap.line];
      add(
        'relative-sitemap',
        sitemap.line,
        sitemap.url === ''
          ? 'The Sitemap line has no URL.'
          : `"${sitemap.url}" is not an absolute http(s) URL; Google ignores it. Write the full URL, e.g. https://example.com${sitemap.url.startsWith('/') ? sitemap.url : `/${sitemap.url}`}.`,
        d?.valueStart,
        d?.valueEnd,
      );
    }
  }

  if (options.readings === true) {
    for (const d of readingDiagnostics(robots, parseReadings(body, parseOptions))) {
      diagnostics.push({ ...d, severity: diagnosticCatalog[d.code].severity });
    }
  }

  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errorCount++;
    else if (d.severity === 'warning') warningCount++;
    else infoCount++;
  }
  return { diagnostics, errorCount, warningCount, infoCount, robots };
}

type Add = (
  code: DiagnosticCode,
  line: number,
  message: string,
  from?: number,
  to?: number,
  related?: readonly RelatedLocation[],
) => void;

function lintIgnoredLine(text: string, span: LineSpan, line: number, add: Add): void {
  let end = Math.min(span.end, span.start + MAX_LINE_LENGTH);
  // Searched within the line only: an unbounded search per line rescans the rest of the body.
  for (let i = span.start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x23 || c === 0) {
      end = i;
      break;
    }
  }
  let start = span.start;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (start === end) return;
  const content = text.slice(start, end);
  const message = content.includes(':')
    ? 'The line has nothing before its colon (an empty key), so Google ignores it.'
    : 'The line is ignored: it has no colon, and without one Google accepts only exactly two words ("Disallow /x").';
  add('ignored-line', line, message, start, end);
}

function lintKey(
  text: string,
  d: DirectiveSpan,
  flags: number,
  line: number,
  html: boolean,
  add: Add,
): void {
  const key = text.slice(d.keyStart, d.keyEnd);
  const keyText = decodeByteString(key);
  const lower = asciiLowerCase(key);
  if (d.kind === 'unknown') {
    if (key.startsWith('\xef\xbb\xbf')) {
      add(
        'stray-byte-order-mark',
        line,
        'The line starts with a byte order mark (files concatenated?): Google reads it as part of the key, so this line is an unknown directive and does nothing.',
        d.keyStart,
        d.keyEnd,
      );
      return;
    }
    const unsupported = Object.hasOwn(UNSUPPORTED, lower) ? UNSUPPORTED[lower] : undefined;
    if (unsupported !== undefined) {
      add('unsupported-directive', line, unsupported, d.keyStart, d.keyEnd);
    } else if (!html) {
      const hint =
        lower === 'http' || lower === 'https'
          ? ' It looks like a bare URL: write "Sitemap: <url>".'
          : '';
      add(
        'unknown-directive',
        line,
        `Unknown directive "${keyText}": Google ignores the line (it does not end the group either).${hint}`,
        d.keyStart,
        d.keyEnd,
      );
    }
    return;
  }
  const canonical = CANONICAL[d.kind];
  if (flags & LineFlag.missingColon) {
    add(
      'missing-colon',
      line,
      `No colon after "${keyText}": Google reads the line as "${canonical}: ${decodeByteString(text.slice(d.valueStart, d.valueEnd))}", but RFC 9309 requires the colon and other parsers ignore the line.`,
      d.keyEnd,
      d.valueStart,
    );
  }
  if (flags & LineFlag.acceptableTypo) {
    add(
      'accepted-typo',
      line,
      `"${keyText}" is a misspelling of "${canonical}": Google accepts it, RFC 9309 and other parsers do not.`,
      d.keyStart,
      d.keyEnd,
    );
  } else if (/[\t\n\v\f\r ]/.test(key)) {
    add(
      'space-in-key',
      line,
      `The key is "${keyText}": a colon later on the line makes everything before it the key, so Google reads this as "${canonical}" with the value "${decodeByteString(text.slice(d.valueStart, d.valueEnd))}".`,
      d.keyStart,
      d.keyEnd,
    );
  } else if (lower !== canonical.toLowerCase()) {
    add(
      'nonstandard-key',
      line,
      `"${keyText}" is read as "${canonical}" (Google matches keys by prefix); other parsers may ignore the line.`,
      d.keyStart,
      d.keyEnd,
    );
  }
}

function lintPattern(rule: Rule, d: DirectiveSpan | undefined, text: string, add: Add): void {
  if (rule.value === '') return;
  const from = d?.valueStart;
  const to = d?.valueEnd;
  if (!canMatch(rule)) {
    let hint = ` Did you mean "/${rule.value}"?`;
    if (rule.value === '$') hint = ' A lone "$" matches only the empty path, which never occurs.';
    else if (/^https?:\/\//i.test(rule.value)) {
      const slash = rule.value.indexOf('/', rule.value.indexOf('//') + 2);
      hint = ` Rules take a path, not a URL: write "${slash < 0 ? '/' : rule.value.slice(slash)}".`;
    }
    add(
      'pattern-never-matches',
      rule.line,
      `"${formatRule(rule)}" never matches: URL paths always start with "/", and a pattern must match from the start (RFC 9309 §2.2.2).${hint}`,
      from,
      to,
    );
  }
  const dollar = rule.value.indexOf('$');
  if (dollar >= 0 && dollar < rule.value.length - 1) {
    // A `$` byte survives decoding: the value's span in the body holds it.
    const at = d === undefined ? undefined : text.indexOf('$', d.valueStart);
    add(
      'literal-dollar',
      rule.line,
      'Only a "$" at the very end of a pattern anchors it; this one is a literal dollar sign that paths must contain.',
      at,
      at === undefined ? undefined : at + 1,
    );
  }
}

function lintAgent(agent: AgentLine, d: DirectiveSpan | undefined, add: Add): void {
  const from = d?.valueStart;
  const to = d?.valueEnd;
  if (agent.value === '') {
    add(
      'empty-user-agent',
      agent.line,
      'The User-agent line has no value, so it names no crawler.',
      d?.keyStart,
      d?.keyEnd,
    );
    return;
  }
  if (agent.global) return;
  if (agent.token === '') {
    const message = agent.value.startsWith('*')
      ? `"${agent.value}" names no crawler: it is not the global agent (only "*" alone, or "*" followed by a space, is) and it has no product token.`
      : `"${agent.value}" names no crawler: it has no product token (a run of letters, "-" and "_" at the start of the value).`;
    add('user-agent-no-token', agent.line, message, from, to);
    return;
  }
  if (agent.token === agent.value) return;
  const rest = agent.value.slice(agent.token.length);
  const next = rest.charCodeAt(0);
  if (next === 0x2f || isSpace(next)) {
    add(
      'user-agent-version',
      agent.line,
      `Only the product token "${agent.token}" counts; "${rest.trim()}" is ignored. Crawlers match their product token, so this is fine.`,
      from,
      to,
    );
    return;
  }
  const list = next === 0x2c ? ' Put each crawler on its own User-agent line.' : '';
  add(
    'user-agent-truncated',
    agent.line,
    `Google’s parser reads this as "${agent.token}": a product token stops at "${rest[0]}", the first character that is not a letter, "-" or "_". The group applies to a crawler querying "${agent.token}", not "${agent.value}".${list}`,
    from,
    to,
  );
}

function lintGroupRules(
  group: Group,
  directives: readonly (DirectiveSpan | undefined)[],
  add: Add,
): void {
  for (const finding of findShadowedRules(group.rules)) {
    const d = directives[finding.rule.line];
    add(finding.code, finding.rule.line, finding.message, d?.keyStart, d?.valueEnd, [
      { line: finding.by.line, message: `${formatRule(finding.by)} (line ${finding.by.line})` },
    ]);
  }
}

function looksLikeHtml(text: string, from: number): boolean {
  const head = asciiLowerCase(text.slice(from, from + 1024)).trimStart();
  return (
    head.startsWith('<!doctype html') ||
    head.startsWith('<html') ||
    head.startsWith('<head') ||
    head.startsWith('<body') ||
    (head.startsWith('<') && /<(html|head|body)[\s>]/.test(head))
  );
}

function isAbsoluteHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).host !== '';
  } catch {
    return false;
  }
}

/** Offset of the first byte of `text[start, end)` that starts an invalid UTF-8 sequence, or -1. */
function invalidUtf8Offset(text: string, start: number, end: number): number {
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
