/**
 * Lint family `directives`: how Google reads each line's key — ignored lines, missing colons,
 * keys with spaces, accepted typos, keys read by prefix, and the keys it does not act on. The
 * `unsupported-directive` / `unknown-directive` split follows Google's report exactly
 * (`UNSUPPORTED_TAGS`, `reportRobotsTxt`): a test keeps the two in step.
 */

import { readExtensions } from '../../extensions/records.js';
import { matchesPattern } from '../../match/pattern.js';
import { LineFlag, MAX_LINE_LENGTH } from '../../parse/tokenize.js';
import type { AgentLine } from '../../types.js';
import { asciiLowerCase, decodeByteString, isSpace } from '../../util/bytes.js';
import { terminalSafe, visibleText } from '../../util/terminal.js';
import { listOf, type WrittenBlock, writtenBlocks } from '../blocks.js';
import type { DirectiveSpan, LineSpan, LintChecks, LintContext, LintFamily } from '../context.js';
import { knownCrawlerToken, nearCrawlerName } from '../crawler-names.js';
import type { ProposedFix } from '../types.js';
import { keyLike, misspeltKey, nearKey } from './key-typos.js';

/**
 * Keys other crawlers act on (or once did): that Google ignores them is worth knowing, not a
 * warning, wherever they stand — in a group, in `*`, or outside any group — since other crawlers
 * still read them there. Only a value no reader can use (`Crawl-delay: soon`) is a warning.
 */
const HONOURED_ELSEWHERE: ReadonlySet<string> = new Set([
  'crawl-delay',
  'clean-param',
  'request-rate',
  'visit-time',
  'host',
  'domain',
  'revisit-after',
]);

/** A name no file gives a group: checked, it gets the `*` group. */
const GLOBAL_PROBE = 'RobotsRepLintProbe';

/** Keys whose effect a site owner expects from Google: a tag or a header gives it. */
const PAGE_TAGS: ReadonlySet<string> = new Set(['noindex', 'nofollow', 'noarchive']);

const CANONICAL = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
} as const;

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
        "A key Google's report calls recognised but unsupported: a warning for Noindex, Nofollow and Noarchive (Google ignores them), an info for keys other crawlers read (Crawl-delay, Host, Request-rate, Visit-time, Clean-param, Content-Signal, …) unless the value is one no crawler can read.",
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

/** Whether a crawler reads the directive's key: a rule, a group line, or an extension. */
function known(context: LintContext, d: DirectiveSpan): boolean {
  return (
    d.kind !== 'unknown' ||
    Object.hasOwn(UNSUPPORTED, asciiLowerCase(context.text.slice(d.keyStart, d.keyEnd)))
  );
}

const conventions = new WeakMap<LintContext, ReadonlySet<WrittenBlock>>();

/**
 * Blocks written for a reader's own convention, not for a crawler (judge N, 2560: `User-agent:
 * AGLS` / `Meta: /harvest/aglsharvest.txt`, the Australian AGLS metadata harvest pointer): User-agent
 * lines naming no crawler the package knows (nor a near miss of one), in a group without rules,
 * followed only by lines whose keys no crawler reads (none of Crawl-delay's kin) and that misspell
 * no key one does. The lines are the point, read by the tool of that convention: infos.
 */
export function conventionBlocks(context: LintContext): ReadonlySet<WrittenBlock> {
  const cached = conventions.get(context);
  if (cached !== undefined) return cached;
  const found = new Set<WrittenBlock>();
  for (const block of writtenBlocks(context).blocks) {
    const group = context.robots.groups[block.group];
    if (group === undefined || group.rules.length > 0) continue;
    if (block.otherLines.length === 0 || block.agents.length === 0) continue;
    const noCrawler = block.agents.every(
      (a) =>
        !a.global &&
        a.token !== '' &&
        !knownCrawlerToken(a.token) &&
        nearCrawlerName(a.token) === undefined,
    );
    const ownKeys = block.otherLines.every((line) => {
      const d = context.directives[line];
      return (
        d !== undefined &&
        !known(context, d) &&
        /^[A-Za-z][A-Za-z-]*$/.test(context.text.slice(d.keyStart, d.keyEnd)) &&
        misspeltKey(context, line, d) === undefined
      );
    });
    if (noCrawler && ownKeys) found.add(block);
  }
  conventions.set(context, found);
  return found;
}

/** A line's text without spaces around it and from a `#` or NUL on (empty for none). */
function lineText(context: LintContext, span: LineSpan): { start: number; end: number } {
  const { text } = context;
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
  return { start, end };
}

/** The one finding of a body that holds no key a crawler reads; false for a line without text. */
function serverMessage(context: LintContext, span: LineSpan, line: number): boolean {
  const { start, end } = lineText(context, span);
  if (start === end) return false;
  const shown = terminalSafe(
    decodeByteString(context.text.slice(start, Math.min(end, start + 60))),
  );
  context.report({
    code: 'ignored-line',
    line,
    message: `The file holds no robots.txt directive, only text such as "${shown}" (a server's message served as the file?). Crawlers parse it as robots.txt anyway: it has no rules, so everything is allowed. Serve the robots.txt file (or a 404 if there is none).`,
    from: start,
    to: end,
  });
  return true;
}

function ignoredLine(context: LintContext, span: LineSpan, line: number): void {
  const { start, end } = lineText(context, span);
  if (start === end) return;
  const content = context.text.slice(start, end);
  // A lone word (`Kumar`, a name left on line 1) that is no key crawlers read nor a slip from one,
  // or a sentence (`All spiders are allowed to access all static resources`): a note without its
  // `#`, ignored by every crawler.
  const word =
    /^[A-Za-z][A-Za-z0-9_-]*$/.test(content) &&
    !nearKey(content) &&
    !Object.hasOwn(UNSUPPORTED, asciiLowerCase(content));
  if (word || isProse(content)) {
    const shown = terminalSafe(decodeByteString(content.slice(0, 60)));
    context.report({
      code: 'ignored-line',
      line,
      severity: 'info',
      message: `"${shown}${content.length > 60 ? '…' : ''}" is ${word ? 'a lone word' : 'a sentence'}, not a directive: Google ignores the line (it does not end the group either), and so does every other crawler. Prefix it with "#" to make it a comment.`,
      from: start,
      to: end,
      fix: {
        description: 'Prefix the line with "# ".',
        edits: [{ start, end: start, text: '# ' }],
        otherwise: 'Prefix the line with "#".',
      },
    });
    return;
  }
  const message = content.includes(':')
    ? 'The line has nothing before its colon (an empty key), so Google ignores it.'
    : 'The line is ignored: it has no colon, and without one Google accepts only exactly two words ("Disallow /x").';
  context.report({
    code: 'ignored-line',
    line,
    message,
    from: start,
    to: end,
    // ASCII art, a row of dashes: no directive was meant, and Google ignores it harmlessly.
    ...(isDecoration(content) && !content.startsWith(':') && { severity: 'info' as const }),
  });
}

/**
 * Three words or more of letters (a final `.`, `,`, `!` or `?` aside), none a key a crawler reads
 * or a slip from one, none a path: a sentence, not a directive whose colon was left out.
 */
function isProse(text: string): boolean {
  const words = text.split(/[\t ]+/);
  return (
    words.length >= 3 &&
    words.every((w) => {
      const bare = w.replace(/[.,!?]$/, '');
      return (
        /^[A-Za-z][A-Za-z'-]*$/.test(bare) &&
        !keyLike(bare) &&
        !Object.hasOwn(UNSUPPORTED, asciiLowerCase(bare))
      );
    })
  );
}

/**
 * Text starting with an ASCII digit or punctuation (`$$$$.....`, `-----`, `=====`): no key a person
 * writes, so a line of it is decoration (a comment without its `#`), not a slip. A `/` or `*` in
 * front starts a path, written without its key: that stays a warning.
 */
function isDecoration(text: string): boolean {
  return /^[\x21-\x29\x2b-\x2e\x30-\x40\x5b-\x60\x7b-\x7e]/.test(text);
}

/** A date (`17.6.2019`, `2024-05-01`, `5/1/24`) or a time of day (`10:30`). */
const DATE = /\b(?:\d{1,4}[-./]\d{1,2}[-./]\d{1,4}|\d{1,2}:\d{2})\b/;

/**
 * A note written without `#` (`Added 17.6.2019`, `Last modified: May 1, 2024`): a key no crawler
 * reads and no misspelt one, of words only, with a value that names no path, URL or crawler —
 * a date in it, or a key of several words (Google's key ends at the colon). Google ignores the
 * line and it ends no group: a comment meant, not a directive.
 */
function isNote(context: LintContext, d: DirectiveSpan, line: number): boolean {
  const raw = context.text.slice(d.keyStart, d.keyEnd);
  if (!/^[A-Za-z]+(?:[\t ]+[A-Za-z]+)*$/.test(raw)) return false;
  if (known(context, d) || /^https?$/i.test(raw) || /^acap-/i.test(raw)) return false;
  const value = context.text.slice(d.valueStart, d.valueEnd);
  if (/[/*]|https?:|\.[a-z]{2,}\b/i.test(value)) return false;
  if (!DATE.test(value) && !/[\t ]/.test(raw)) return false;
  return misspeltKey(context, line, d) === undefined;
}

/** A key naming a sitemap by its kind, before or after the word: `Video Sitemap`, `Image-Sitemap`. */
const QUALIFIED_SITEMAP = /^[A-Za-z]+(?:[\t _-]+[A-Za-z]+)*[\t _-]+sitemaps?$/i;

/** Keys Google records but that are written for other readers (AI crawlers): info, not warning. */
const FOR_OTHER_READERS: ReadonlySet<string> = new Set(['content-signal', 'content-usage']);

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
    const blocked = blockingRule(context, line);
    // `User-agent: Baiduspider`, `Disallow: /`, `Noindex: /`: Google never reads the group, and
    // its crawlers may not fetch the path anyway. Removing the Disallow is no advice there.
    const others = blocked === undefined ? undefined : nonGoogleAgents(context, line);
    if (others !== undefined) {
      return {
        severity: 'info',
        message: `${unsupported.replace(/ \(.*$/, '.')} This group is for ${listOf(others)}, not Google, and ${blocked} already ${blocked!.startsWith('lines') ? 'keep' : 'keeps'} ${others.length === 1 ? 'it' : 'them'} from fetching this path: the line adds nothing (remove it).`,
      };
    }
    if (blocked !== undefined) {
      return {
        message: `${unsupported} But ${disallowing(blocked)} this path for the same crawlers, and Google never sees a tag or header on a page it may not fetch: remove ${blocking(context, line, '').length > 1 ? 'those Disallows' : 'that Disallow'} too, or the page can stay indexed (from links) without its content.`,
      };
    }
    // `Noindex: /x` beside `Disallow: /x/`: the pages under the path are blocked.
    const under = blockingRule(context, line, '/');
    if (under !== undefined) {
      return {
        message: `${unsupported} But ${disallowing(under)} the pages under this path for the same crawlers, and Google never sees a tag or header on a page it may not fetch: remove (or narrow) that Disallow too, or those pages can stay indexed (from links) without their content.`,
      };
    }
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
 * The line of a Disallow that blocks a Noindex (Nofollow, Noarchive) line's path (followed by
 * `below`: `/`, the pages under it) for every crawler of the line's group, as Google reads the
 * file; undefined when the path is not blocked (or the line names none).
 */
function blockingRule(context: LintContext, line: number, below = ''): string | undefined {
  const lines = blocking(context, line, below);
  if (lines.length === 0) return undefined;
  return lines.length === 1
    ? `line ${lines[0]}`
    : `lines ${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
}

/** `line 12 disallows`, `lines 5 and 12 disallow`. */
function disallowing(lines: string): string {
  return `${lines} ${lines.startsWith('lines') ? 'disallow' : 'disallows'}`;
}

/**
 * Every Disallow line that blocks the path a page-tag line names for the crawlers of its group
 * (1576: `Disallow: /play/search` beside the longer `/play/search*` that decides): removing only
 * the one that decides leaves the path blocked by the other. Empty when the path is allowed.
 */
function blocking(context: LintContext, line: number, below: string): number[] {
  const decided = decidingRule(context, line, below);
  if (decided === undefined) return [];
  const { path, agents } = decided;
  const found = new Set<number>([decided.line]);
  for (const agent of agents) {
    if (!agent.global && agent.token === '') continue;
    const name = agent.global ? undefined : asciiLowerCase(agent.token);
    const own = context.robots.groups.filter((g) =>
      g.agents.some((a) => !a.global && name !== undefined && asciiLowerCase(a.token) === name),
    );
    const read =
      own.length > 0 ? own : context.robots.groups.filter((g) => g.agents.some((a) => a.global));
    for (const g of read) {
      for (const r of g.rules) {
        if (r.type === 'disallow' && r.pattern !== '' && matchesPattern(r.pattern, path)) {
          found.add(r.line);
        }
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

function decidingRule(
  context: LintContext,
  line: number,
  below = '',
): { line: number; path: string; agents: readonly AgentLine[] } | undefined {
  const directive = context.robots.directives.find((d) => d.line === line);
  const group = directive === undefined ? undefined : context.robots.groups[directive.group];
  if (directive === undefined || group === undefined) return undefined;
  const value = directive.text;
  if (!value.startsWith('/') && !value.startsWith('*')) return undefined;
  // The paths the line names: its `*` matching nothing, then one segment (`/*/account/` names
  // `/x/account/`, which `Disallow: /*/account/` blocks, and not `/account/`).
  const fills = value.includes('*') ? ['', 'x'] : [''];
  for (const fill of fills) {
    const written = `/${value.replace(/\$$/, '').replaceAll('*', fill).replace(/^\/+/, '')}`;
    // `below`: a path under the written one (`/x` + `/` is `/x/`), unless it ends in `/` already.
    if (below !== '' && written.endsWith('/')) continue;
    const path = written + below;
    let blocking: number | undefined;
    for (const agent of group.agents) {
      if (!agent.global && agent.token === '') continue;
      const verdict = context.robots.explain(path, agent.global ? GLOBAL_PROBE : agent.token);
      if (verdict.allowed) {
        blocking = undefined;
        break;
      }
      blocking ??= verdict.line;
    }
    if (blocking !== undefined) return { line: blocking, path, agents: group.agents };
  }
  return undefined;
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

/**
 * The crawlers of the group a line is written in, when none of them is a Google crawler nor `*`;
 * undefined otherwise (and outside any group).
 */
function nonGoogleAgents(context: LintContext, line: number): string[] | undefined {
  const block = writtenBlocks(context).blockOfLine.get(line);
  if (block === undefined) return undefined;
  if (block.agents.length === 0) return undefined;
  const tokens: string[] = [];
  for (const agent of block.agents) {
    if (agent.global || /google/i.test(agent.value)) return undefined;
    tokens.push(agent.token === '' ? agent.value : agent.token);
  }
  return tokens;
}

/** A key quoted in a message: a line of an HTML page or a script can be thousands of characters. */
function shorten(key: string): string {
  return key.length > 80 ? `${key.slice(0, 80)}…` : key;
}
