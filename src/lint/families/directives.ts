/**
 * Lint family `directives`: how Google reads each line's key — ignored lines, missing colons,
 * keys with spaces, accepted typos, keys read by prefix, and the keys it does not act on. The
 * `unsupported-directive` / `unknown-directive` split follows Google's report exactly
 * (`UNSUPPORTED_TAGS`, `reportRobotsTxt`): a test keeps the two in step.
 */

import { readExtensions } from '../../extensions/records.js';
import { LineFlag } from '../../parse/tokenize.js';
import { asciiLowerCase, decodeByteString } from '../../util/bytes.js';
import { terminalSafe, visibleText } from '../../util/terminal.js';
import { listOf } from '../blocks.js';
import type { DirectiveSpan, LintChecks, LintContext, LintFamily } from '../context.js';
import type { ProposedFix } from '../types.js';
import {
  CANONICAL,
  FOR_OTHER_READERS,
  HONOURED_ELSEWHERE,
  known,
  PAGE_TAGS,
  UNSUPPORTED,
} from './directives/keys.js';
import {
  conventionBlocks,
  ignoredLine,
  isDecoration,
  isNote,
  serverMessage,
} from './directives/notes.js';
import { nonGoogleAgents, pageTagFinding } from './directives/page-tags.js';
import { misspeltKey } from './key-typos.js';

export { UNSUPPORTED_KEYS } from './directives/keys.js';

export const directives: LintFamily = {
  name: 'directives',
  codes: {
    'ignored-line': {
      severity: 'warning',
      summary: 'A line that is neither a directive, a comment nor blank is ignored.',
    },
    'missing-colon': {
      severity: 'warning',
      summary: 'Key and value are separated by whitespace instead of a colon.',
    },
    'space-in-key': {
      severity: 'warning',
      summary: 'The key contains whitespace: a later colon made part of the value the key.',
    },
    'accepted-typo': {
      severity: 'warning',
      summary: 'A misspelt key that Google accepts but other parsers may not.',
    },
    'nonstandard-key': {
      severity: 'info',
      summary: 'A key that Google reads by its prefix (e.g. `Disallowed`).',
    },
    'unsupported-directive': {
      severity: 'warning',
      summary:
        "A key Google's report calls recognised but unsupported: a warning for Noindex, Nofollow and Noarchive in a group Googlebot reads (Google ignores them), an info for keys other crawlers read (Crawl-delay, Host, Request-rate, Visit-time, Clean-param, Content-Signal, …) unless the value is one no crawler can read.",
    },
    'unknown-directive': {
      severity: 'warning',
      summary: "A key Google's report calls unknown: no crawler following RFC 9309 uses it.",
    },
  },
  check: checkDirectives,
};

function checkDirectives(context: LintContext): LintChecks {
  // A body without one directive a crawler reads (`Forbidden`, `404 Not Found`, `Not Found`, which
  // Google reads as the key "Not") is a server's message served as the file: said once, on its
  // first line of text, rather than line by line. A line with a colon, a misspelt key, or a bare
  // URL (a Sitemap line without its key), is a directive meant.
  const meant = (d: DirectiveSpan, line: number): boolean =>
    known(context, d) ||
    context.text.slice(d.keyStart, d.valueStart).includes(':') ||
    /^https?$/i.test(context.text.slice(d.keyStart, d.keyEnd)) ||
    misspeltKey(context, line, d) !== undefined;
  const message =
    !context.html && context.directives.every((d, line) => d === undefined || !meant(d, line));
  let said = false;
  // What Google's report says of the message's words stays, as infos (as in an HTML page).
  const quiet: LintContext = {
    ...context,
    report: (f) => context.report({ ...f, severity: 'info', fix: undefined }),
  };
  return {
    line(line, span, directive) {
      if (message) {
        if (!said && !(span.flags & (LineFlag.empty | LineFlag.isComment))) {
          said = serverMessage(context, span, line);
        }
        if (directive !== undefined) key(quiet, directive, span.flags, line);
        return;
      }
      if (directive === undefined) {
        if (!context.html && !(span.flags & (LineFlag.empty | LineFlag.isComment))) {
          ignoredLine(context, span, line);
        }
        return;
      }
      key(context, directive, span.flags, line);
    },
  };
}

/** A key naming a sitemap by its kind, before or after the word: `Video Sitemap`, `Image-Sitemap`. */
const QUALIFIED_SITEMAP = /^[A-Za-z]+(?:[\t _-]+[A-Za-z]+)*[\t _-]+sitemaps?$/i;

function key(context: LintContext, d: DirectiveSpan, flags: number, line: number): void {
  const { text } = context;
  const raw = text.slice(d.keyStart, d.keyEnd);
  const keyText = decodeByteString(raw);
  const lower = asciiLowerCase(raw);
  const span = { from: d.keyStart, to: d.keyEnd };
  // A line of ASCII art (`$$$$..... $$$$8MMM`) is read as a key no one meant: info.
  const quiet = isDecoration(raw) ? { severity: 'info' as const } : {};
  if (d.kind === 'unknown' && isNote(context, d, line)) {
    // One finding; on a line without a colon, the code that Google's report gives it.
    context.report({
      code: flags & LineFlag.missingColon ? 'missing-colon' : 'unknown-directive',
      line,
      message: `"${visibleText(shorten(decodeByteString(text.slice(d.keyStart, d.valueEnd))))}" is not a directive but a note written without "#": Google ignores the line (it does not end the group either), and so does every other crawler. Prefix it with "#" to make it a comment.`,
      ...span,
      severity: 'info',
      fix: {
        description: 'Prefix the line with "# ".',
        edits: [{ start: d.keyStart, end: d.keyStart, text: '# ' }],
        otherwise: 'Prefix the line with "#".',
      },
    });
    return;
  }
  if (flags & LineFlag.missingColon) {
    context.report({
      code: 'missing-colon',
      line,
      message: missingColonMessage(shorten(keyText), d, text),
      from: d.keyEnd,
      to: d.valueStart,
      ...quiet,
      // `Not Found`: a key no crawler reads, and no misspelt one (`unknown-directive` says so), is
      // not fixed by a colon.
      ...((known(context, d) || misspeltKey(context, line, d) !== undefined) && {
        fix: {
          description: `Write "${shorten(keyText)}: ${shorten(decodeByteString(text.slice(d.valueStart, d.valueEnd)))}".`,
          edits: [{ start: d.keyEnd, end: d.valueStart, text: ': ' }],
          otherwise: 'Put a colon after the key.',
          // `Noindex /x`, a misspelt key: no crawler acts on the line, colon or not, and the
          // key's own finding says what to do (keys other crawlers read keep the warning).
          ...(d.kind === 'unknown' &&
            !HONOURED_ELSEWHERE.has(lower) &&
            !FOR_OTHER_READERS.has(lower) && {
              whenUnchanged: `The colon alone changes nothing: no crawler acts on a "${shorten(keyText)}" line, with a colon or without; the line's other finding says what to do about it.`,
            }),
          // `User-agent: *` / `Allow /` and nothing else (judge P, 1470): read or ignored, the
          // line allows what no Disallow blocks, so every reading gives the same verdicts.
          ...(d.kind === 'allow' &&
            unopposed(context, line) && {
              whenUnchanged:
                'Nothing is lost: no Disallow of the crawlers it is written for opposes it, so a crawler that ignores the line reads the same verdicts as one that reads it.',
            }),
        },
      }),
    });
  }
  if (d.kind === 'unknown') {
    const unsupported = Object.hasOwn(UNSUPPORTED, lower) ? UNSUPPORTED[lower] : undefined;
    if (unsupported !== undefined) {
      context.report({
        code: 'unsupported-directive',
        line,
        ...unsupportedFinding(context, lower, unsupported, line),
        ...span,
      });
      return;
    }
    const bareUrl = lower === 'http' || lower === 'https';
    // `Video Sitemap: https://…` (judge N, 0504; `Image Sitemap`, `News Sitemap`): a sitemap
    // named by its kind. Crawlers read sitemaps from "Sitemap:" lines only, whatever they hold,
    // and a Sitemap line changes no verdict.
    const kindOfSitemap =
      QUALIFIED_SITEMAP.test(raw) &&
      /^https?:\/\/[^\s/]/i.test(text.slice(d.valueStart, d.valueEnd));
    // ACAP (2007): a publishers' extension written on purpose, which no crawler reads any more.
    const acap = lower.startsWith('acap-');
    // A key of a convention its group names (`User-agent: AGLS` / `Meta:`), as ACAP's: an info.
    const convention = acap
      ? undefined
      : [...conventionBlocks(context)].find((b) => b.otherLines.includes(line));
    const slip =
      acap || bareUrl || kindOfSitemap || convention !== undefined
        ? undefined
        : misspeltKey(context, line, d);
    context.report({
      code: 'unknown-directive',
      line,
      message: acap
        ? `"${shorten(keyText)}" is an ACAP line (Automated Content Access Protocol, 2007): no search engine reads ACAP, and Google ignores the line (it does not end the group either). Harmless; a rule for crawlers needs Allow or Disallow.`
        : convention !== undefined
          ? `"${visibleText(shorten(keyText))}" is a line of the convention its group names (User-agent: ${listOf(convention.agents.map((a) => terminalSafe(a.value)))}), which names no crawler: no search engine reads it, and Google ignores the line. Harmless; a rule for crawlers needs Allow or Disallow.`
          : slip !== undefined && slip.invisible !== ''
            ? `Unknown directive "${visibleText(shorten(keyText))}": it starts with an invisible character (${visibleText(slip.invisible)}), which Google reads as part of the key, so it ignores the line (it does not end the group either).`
            : `${unknownMessage(keyText, raw, lower)}${slip === undefined ? '' : ` It looks like a misspelt "${slip.meant}".`}${kindOfSitemap ? ' It names a sitemap by its kind: crawlers read a sitemap of any kind (video, image, news) only from a "Sitemap:" line, so this one is never submitted.' : ''}`,
      ...span,
      ...(acap || convention !== undefined ? { severity: 'info' as const } : quiet),
      ...(slip === undefined ? {} : { fix: slip.fix }),
      ...(kindOfSitemap && {
        fix: {
          description: `Write "Sitemap: ${shorten(decodeByteString(text.slice(d.valueStart, d.valueEnd)))}".`,
          edits: [{ start: d.keyStart, end: d.keyEnd, text: 'Sitemap' }],
          otherwise: 'Write "Sitemap: <url>".',
        },
      }),
      ...(bareUrl && {
        fix: {
          description: `Write "Sitemap: ${shorten(decodeByteString(text.slice(d.keyStart, d.valueEnd)))}".`,
          edits: [{ start: d.keyStart, end: d.keyStart, text: 'Sitemap: ' }],
          otherwise: 'Write "Sitemap: <url>".',
        },
      }),
    });
    return;
  }
  const canonical = CANONICAL[d.kind];
  const value = decodeByteString(text.slice(d.valueStart, d.valueEnd));
  if (flags & LineFlag.acceptableTypo) {
    context.report({
      code: 'accepted-typo',
      line,
      message: `"${keyText}" is a misspelling of "${canonical}": Google accepts it, RFC 9309 and other parsers do not.`,
      ...span,
      fix: keyFix(d, canonical),
    });
  } else if (/[\t\n\v\f\r ]/.test(raw)) {
    // `Sitemap https://…` without a colon: the colon of the URL splits it.
    const url = /^(\S+)[\t ]+(https?)$/i.exec(keyText);
    const written =
      url !== null && value.startsWith('//') ? `${canonical}: ${url[2]}:${value}` : '';
    // `Sitemap index: https://…` (judge N's class beside `Video Sitemap`): Google reads the
    // sitemap by the key's prefix, as with `Sitemaps:`; other parsers may not.
    const sitemapKind = written === '' && d.kind === 'sitemap' && /^https?:\/\/[^\s/]/i.test(value);
    context.report({
      code: 'space-in-key',
      ...(written !== '' && {
        fix: {
          description: `Write "${written}".`,
          edits: [{ start: d.keyStart, end: d.valueEnd, text: written }],
          otherwise: `Write "${canonical}: " and the full URL.`,
        },
      }),
      ...(sitemapKind && { fix: keyFix(d, canonical), severity: 'info' as const }),
      line,
      message:
        url !== null && value.startsWith('//')
          ? `No colon after "${url[1]}": the colon of the URL splits the line, so Google reads the key "${keyText}" and the URL "${value}", which is not a full URL and is ignored.`
          : `The key is "${keyText}": a colon later on the line makes everything before it the key, so Google reads this as "${canonical}" with the value "${value}".${sitemapKind ? ' Other parsers may ignore the line.' : ''}`,
      ...span,
    });
  } else if (lower !== canonical.toLowerCase()) {
    // `Sitemap：https://…`: the fullwidth colon is the slip (`relative-sitemap` fixes it).
    if (context.text.slice(d.keyStart, d.keyEnd).includes('\xef\xbc\x9a')) return;
    context.report({
      code: 'nonstandard-key',
      line,
      message: `"${keyText}" is read as "${canonical}" (Google matches keys by prefix); other parsers may ignore the line.`,
      ...span,
      fix: keyFix(d, canonical),
    });
  }
}

/** The key written as Google reads it: the line then means the same to every parser. */
function keyFix(d: DirectiveSpan, canonical: string): ProposedFix {
  return {
    description: `Write "${canonical}".`,
    edits: [{ start: d.keyStart, end: d.keyEnd, text: canonical }],
    otherwise: `Write the key as "${canonical}".`,
  };
}

/**
 * The message and severity of a key Google records but does not act on. AI usage preferences and
 * the keys other crawlers honour are infos (a broken value of one of those is a warning); Noindex
 * and its kin are warnings, and say so when a rule of the line's group keeps Google from ever
 * seeing a tag on the page.
 */
function unsupportedFinding(
  context: LintContext,
  lower: string,
  unsupported: string,
  line: number,
): { message: string; severity?: 'info' } {
  // AI usage preferences are written for the crawlers that read them, not for Google: the
  // ai-preferences family checks what they say.
  if (FOR_OTHER_READERS.has(lower)) return { message: unsupported, severity: 'info' };
  if (HONOURED_ELSEWHERE.has(lower)) {
    const broken = brokenValue(context, line);
    if (broken !== undefined) return { message: `${unsupported} ${broken}` };
    const others = nonGoogleAgents(context, line);
    return {
      severity: 'info',
      message:
        others === undefined
          ? unsupported
          : `${unsupported.replace(/ \(.*\)\.$/, '.')} This group is for ${listOf(others)}, not Google, so that is fine if they honour it.`,
    };
  }
  if (PAGE_TAGS.has(lower)) {
    const tagged = pageTagFinding(context, unsupported, line);
    if (tagged !== undefined) return tagged;
  }
  return { message: unsupported };
}

/** Why a Crawl-delay, Request-rate, Visit-time or Clean-param value is read by no crawler. */
function brokenValue(context: LintContext, line: number): string | undefined {
  const record = readExtensions(context.robots).find((r) => r.line === line);
  if (record === undefined) return undefined;
  const value = terminalSafe(record.value);
  switch (record.type) {
    case 'crawl-delay':
      return record.seconds === null
        ? `Its value "${value}" is not a number of seconds, so no crawler reads it either: write e.g. "Crawl-delay: 10".`
        : undefined;
    case 'request-rate':
      return record.requests === null
        ? `Its value "${value}" is not a rate ("requests/seconds", e.g. "1/10s"), so no crawler reads it either.`
        : undefined;
    case 'visit-time':
      return record.window === null
        ? `Its value "${value}" is not a UTC time window ("HHMM-HHMM", e.g. "0600-0845"), so no crawler reads it either.`
        : undefined;
    case 'clean-param':
      return record.parameters.length === 0
        ? 'It names no parameter, so no crawler reads it either: write e.g. "Clean-param: utm_source&ref /articles/".'
        : undefined;
    default:
      return undefined;
  }
}

/**
 * Whether the groups of the crawlers an Allow line is written for hold no Disallow that matches
 * a path (Google merges every group naming one of them): the Allow then opens nothing.
 */
function unopposed(context: LintContext, line: number): boolean {
  const { groups } = context.robots;
  const own = groups.find((g) => g.rules.some((r) => r.line === line));
  if (own === undefined) return false;
  const names = new Set(own.agents.map((a) => (a.global ? '*' : asciiLowerCase(a.token))));
  return groups
    .filter((g) => g.agents.some((a) => names.has(a.global ? '*' : asciiLowerCase(a.token))))
    .every((g) => !g.rules.some((r) => r.type === 'disallow' && r.pattern !== ''));
}

/** Why Google took whitespace for the colon, and what it read. */
function missingColonMessage(keyText: string, d: DirectiveSpan, text: string): string {
  const value = decodeByteString(text.slice(d.valueStart, d.valueEnd));
  if (d.kind === 'unknown') {
    return `No colon after "${keyText}": Google reads the key "${keyText}" with the value "${value}" (whitespace between exactly two words stands for the colon).`;
  }
  return `No colon after "${keyText}": Google reads the line as "${CANONICAL[d.kind]}: ${value}" (whitespace between exactly two words stands for the colon), but RFC 9309 requires the colon and other parsers ignore the line.`;
}

function unknownMessage(fullKey: string, raw: string, lower: string): string {
  const keyText = shorten(fullKey);
  // A key starting with a byte order mark also gets the encoding family's `stray-byte-order-mark`.
  if (raw.startsWith('\xef\xbb\xbf')) {
    return `Unknown directive "${keyText.slice(1)}" behind a byte order mark: Google reads the mark as part of the key, so it ignores the line.`;
  }
  const hint = lower === 'http' || lower === 'https' ? ' It looks like a bare URL.' : '';
  return `Unknown directive "${visibleText(keyText)}": Google ignores the line (it does not end the group either).${hint}`;
}

/** A key quoted in a message: a line of an HTML page or a script can be thousands of characters. */
function shorten(key: string): string {
  return key.length > 80 ? `${key.slice(0, 80)}…` : key;
}
