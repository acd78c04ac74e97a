/**
 * Lint family `values`: values that do not say what their writer meant — a second directive on
 * the line (lost line breaks), characters a URL never carries unescaped, regular-expression
 * syntax, a host or URL written where a path goes, and a Crawl-delay so long it starves the site.
 */

import { ruleKey } from '../../explain.js';
import { readExtensions } from '../../extensions/records.js';
import { decodeByteString } from '../../util/bytes.js';
import { terminalSafe, visibleText } from '../../util/terminal.js';
import type { DirectiveSpan, LintChecks, LintContext, LintFamily } from '../context.js';
import { deleteLineFix } from '../fix.js';
import type { ProposedFix } from '../types.js';
import { NEVER_RAW, NEVER_RAW_IN_PATH } from '../url-text.js';
import { coveredBy, hostFolder, hostInPath, portInPath, spelledElsewhere } from './values/hosts.js';
import { gluedToComment, secondDirective } from './values/line-breaks.js';
import {
  bothEncodings,
  queryLikeSpace,
  spaceTypo,
  UNENCODED_UNCHANGED,
} from './values/query-spaces.js';
import { regexQuestion } from './values/regex-question.js';
import { separatorOf, straySpace } from './values/space-readings.js';

/** Seconds of Crawl-delay from which the pages a day it allows are worth saying. */
export const LONG_CRAWL_DELAY = 30;

const SECONDS_A_DAY = 86_400;

/**
 * A character class, an alternation or a start anchor (`/^custom$/`): regular-expression syntax
 * robots.txt does not have.
 */
export const REGEX_SYNTAX: RegExp =
  /\[\^?(?:[A-Za-z0-9_]-[A-Za-z0-9_]|\\[dws]|[_.])+\]|\([^)/]*\|[^)/]*\)|\\[.?dws]|(?<=^\/?)\^/;

/**
 * The robots.txt pattern a regular expression stands for, when every construct it uses has one:
 * `.*` (also as a group, `(.*)`) is `*`, an escaped `.`, `?`, `/`, `-`, `_` or `&` is that
 * character, a start anchor `^` goes, and a final `$` stays (`/(.*)\.csv$` is `/*.csv$`); an
 * unescaped `.` is kept as the dot it is meant to be (`/.*.pdf$`: the pattern matches fewer paths
 * than the expression, never more). Undefined when the value holds anything else a regular
 * expression gives a meaning — a class, another group, an alternation, `+`, `?`, `{n}`, `\d`, a
 * `^` or `$` inside — or when nothing changes.
 */
export function patternOfRegex(value: string): string | undefined {
  let out = '';
  let i = /^\/?\^/.test(value) ? value.indexOf('^') + 1 : 0;
  if (i > 0 && value[0] === '/') out = '/';
  while (i < value.length) {
    const c = value[i]!;
    if (value.startsWith('(.*)', i)) {
      out += '*';
      i += 4;
    } else if (value.startsWith('.*', i)) {
      out += '*';
      i += 2;
    } else if (c === '\\') {
      const next = value[i + 1];
      if (next === undefined || !'.?/_-&'.includes(next)) return undefined;
      out += next;
      i += 2;
    } else if (c === '$') {
      if (i !== value.length - 1) return undefined;
      out += c;
      i++;
    } else if ('[](){}|+?^'.includes(c)) {
      return undefined;
    } else {
      out += c;
      i++;
    }
  }
  out = out.replace(/\*{2,}/g, '*');
  return out === value || !/^[/*]/.test(out) ? undefined : out;
}

/**
 * A template's placeholder left unfilled (`@CONTENT-REF`, `{path}`, `{*}`, `%%NAME%%`, `[[…]]`,
 * `<%…%>`, `${…}`, `$VAR`): the value stands for a path the template never wrote in.
 */
export const PLACEHOLDER: RegExp =
  /@[A-Z][A-Z0-9_-]*[A-Z0-9]|\{[^{}\s]*\}|%%[A-Za-z0-9_-]+%%|\[\[[^\]]*\]\]|<%.*?%>|\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*(?![a-z])/;

export const values: LintFamily = {
  name: 'values',
  codes: {
    'directive-in-value': {
      severity: 'warning',
      summary:
        'A value that holds another directive (`Disallow: / User-agent: MJ12bot`): the line breaks were lost, and Google reads one line.',
    },
    'unencoded-character': {
      severity: 'warning',
      summary:
        'A rule with a raw space (or `"`, `<`, `>`; `` ` ``, `{`, `}`, `\\` in the path): URLs carry these percent-encoded, so the rule never matches where it stands.',
    },
    'regex-syntax': {
      severity: 'warning',
      summary:
        'A rule with regular-expression syntax (`[0-9]`, `(a|b)`): robots.txt patterns know only `*` and `$`, so it is matched literally.',
    },
    'host-in-path': {
      severity: 'warning',
      summary:
        'A rule that names a host or IP address (`Disallow: staging.example.com/`): it never matches, and another host needs its own robots.txt.',
    },
    'long-crawl-delay': {
      severity: 'info',
      summary: 'A Crawl-delay of 30 seconds or more: the pages a day it allows a crawler.',
    },
  },
  check: checkValues,
};

/**
 * `Disallow: /?mygrays?/*` (judge 5A, 1778): `?` as a regular expression's quantifier (an
 * optional slash, an optional last letter), which robots.txt reads as the start of the query. No
 * fix: the expression stands for two paths, and which the site has is the owner's to say.
 */
function questionQuantifier(
  context: LintContext,
  line: number,
  directive: DirectiveSpan,
  value: string,
): boolean {
  const found = regexQuestion(value);
  if (found === undefined) return false;
  const key = directive.kind === 'allow' ? 'Allow' : 'Disallow';
  const paths = found.paths.map((p) => `"${key}: ${terminalSafe(decodeByteString(p))}"`);
  const shown = terminalSafe(decodeByteString(value));
  context.report({
    code: 'regex-syntax',
    line,
    message: `"${shown}" uses "?" as a regular expression does ("/?" an optional slash, "s?" an optional last character), but in robots.txt "?" is a literal character, the start of the query: the rule matches only URLs whose query string holds this text, which no link produces, so the paths it names stay ${directive.kind === 'allow' ? 'as the other rules decide' : 'open'}. For the paths it stands for, write ${paths.join(' and ')} (one line each, for the folders the site has).`,
    from: directive.valueStart,
    to: directive.valueEnd,
  });
  return true;
}

function checkValues(context: LintContext): LintChecks {
  return {
    line(line, span, directive) {
      if (context.html) return;
      if (directive === undefined) {
        gluedToComment(context, line, span);
        return;
      }
      if (secondDirective(context, line, directive)) return;
      if (directive.kind !== 'allow' && directive.kind !== 'disallow') return;
      const value = context.text.slice(directive.valueStart, directive.valueEnd);
      if (
        hostInPath(context, line, directive, value) ||
        hostFolder(context, line, directive, value)
      )
        return;
      if (portInPath(context, line, directive, value)) return;
      const regex = REGEX_SYNTAX.exec(value);
      if (regex === null && questionQuantifier(context, line, directive, value)) return;
      // A `\.` of a regular expression is that, not a character to encode.
      if (regex === null) unencoded(context, line, directive, value);
      // A pattern without its leading "/" never matches: `pattern-never-matches` says so, and
      // that it is a regular expression (seed 2621, 1187: one finding for the line, not two).
      else if (/^[/*]/.test(value)) {
        const meant = patternOfRegex(value);
        const key = directive.kind === 'allow' ? 'Allow' : 'Disallow';
        const byHand = 'Write one rule per path, with "*" where any characters may stand.';
        context.report({
          code: 'regex-syntax',
          line,
          message: `"${terminalSafe(decodeByteString(regex[0]))}" is regular-expression syntax, but robots.txt patterns know only "*" (any characters) and "$" (the end): Google matches it literally, so the rule matches only paths that contain exactly these characters.${meant === undefined ? ` ${byHand}` : ''}`,
          from: directive.valueStart + regex.index,
          to: directive.valueStart + regex.index + regex[0].length,
          ...(meant !== undefined && {
            fix: {
              description: `Write "${key}: ${terminalSafe(decodeByteString(meant))}", the pattern the expression stands for.`,
              edits: [{ start: directive.valueStart, end: directive.valueEnd, text: meant }],
              targets: [meant],
              otherwise: byHand,
            },
          }),
        });
      }
    },
    end() {
      for (const record of readExtensions(context.robots)) {
        if (record.type !== 'crawl-delay' || record.seconds === null) continue;
        if (record.seconds < LONG_CRAWL_DELAY) continue;
        const pages = Math.floor(SECONDS_A_DAY / record.seconds);
        const d = context.directives[record.line];
        context.report({
          code: 'long-crawl-delay',
          line: record.line,
          message: `A Crawl-delay of ${record.seconds} seconds lets a crawler that honours it (Bing does; Google does not) fetch at most ${pages.toLocaleString('en-US')} pages a day from this site. Lower it if the site has more pages than that to keep fresh.`,
          from: d?.valueStart,
          to: d?.valueEnd,
        });
      }
    },
  };
}

/**
 * The value with the characters a URL carries percent-encoded encoded, and where the first of
 * them is (-1 for none). Before any `*` or `?` the value is in the path; after a `*` it may be in
 * the query, where `{`, `}`, `` ` `` and `\` stay raw, so they alone are no finding there. But once
 * the path holds one raw, the writer wrote the path as a person reads it: up to a `?`, what
 * follows a `*` is that path too, and is encoded alike (`/{*}` is `/%7B*%7D`: both braces).
 */
function encodeRaw(value: string): { first: number; encoded: string } {
  const query = value.indexOf('?');
  const wildcard = value.indexOf('*');
  const certain = Math.min(...[query, wildcard, value.length].filter((i) => i >= 0));
  let rawInPath = false;
  for (let i = 0; i < certain; i++)
    if (NEVER_RAW_IN_PATH[value[i]!] !== undefined) rawInPath = true;
  // A space (or `"`, `<`, `>`) before any `?` is the same sign (`*{{ thumb }}*`, judge M 1975):
  // encoding it alone would leave a rule still matching nothing (`*{{%20thumb%20}}*`).
  const beforeQuery = query < 0 ? value : value.slice(0, query);
  for (const c of beforeQuery) if (NEVER_RAW[c] !== undefined) rawInPath = true;
  // So is a placeholder written as a folder of its own (`/*/{0}/`, judge 3C 0350, as `/{0}/` on
  // the next line): a path segment, not a query's text.
  if (/\/\{[*\d]*\}(?:\/|$)/.test(beforeQuery)) rawInPath = true;
  // Where path-only characters are encoded: up to the first `*`, or to the `?` once one is raw.
  const pathEnd = rawInPath ? (query < 0 ? value.length : query) : certain;
  let first = -1;
  let encoded = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    const replacement = NEVER_RAW[c] ?? (i < pathEnd ? NEVER_RAW_IN_PATH[c] : undefined);
    if (replacement !== undefined && first < 0) first = i;
    encoded += replacement ?? c;
  }
  return { first, encoded };
}

/**
 * Whether a rule of the file seeks `text` anywhere in a URL (after a `*`: a Disallow whose value
 * starts `/*` and goes on with `/{0}/`): the text is then what broken links carry, not a placeholder of the
 * file's own template.
 */
function soughtInUrls(context: LintContext, text: string): boolean {
  return context.robots.groups.some((g) =>
    g.rules.some((r) => {
      const value = decodeByteString(r.value);
      const at = value.indexOf(text);
      return at > 0 && value.lastIndexOf('*', at) >= 0;
    }),
  );
}

/** Raw spaces and other characters URLs carry percent-encoded, with the encoded rule as the fix. */
function unencoded(context: LintContext, line: number, d: DirectiveSpan, value: string): void {
  // A value that is no pattern at all is `pattern-never-matches`.
  if (!value.startsWith('/') && !value.startsWith('*')) return;
  const { first, encoded } = encodeRaw(value);
  if (first < 0) return;
  const shown = terminalSafe(decodeByteString(value));
  const char =
    value[first] === ' ' ? 'a space' : value[first] === '\t' ? 'a tab' : `"${value[first]}"`;
  if (trailingInvisible(context, line, d, value, first)) return;
  // `Disallow: /{*}` (seed 3576, 5906), `/{0}/`: a format placeholder left unfilled, not
  // characters of a path: encoded, it would block only paths no site has. (A named one,
  // `/{{product.url}}`, may be the literal text of a template a crawler found in a link: the
  // encoded fix blocks that, as it does for a placeholder some rule of the file seeks anywhere in a
  // URL, after a `*`: `/*/{0}/` beside `/{0}/`, judge O 0350, blocks links a broken template wrote.)
  const placeholder = /\{[*\d]*\}/.exec(decodeByteString(value));
  if (placeholder !== null && !soughtInUrls(context, placeholder[0])) {
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds "${terminalSafe(placeholder[0])}", a template's placeholder left unfilled: the line was meant to hold a path, and no URL carries these characters, so the rule matches nothing. Write the path it stands for (or "/" for the whole site, if that was meant), or remove the line.`,
      from: d.valueStart + first,
      to: d.valueEnd,
    });
    return;
  }
  // `/solution target=` (judge T, 2545): the rest of an HTML link copied with the path (an
  // attribute, a quote, a tag's end). Encoded, the rule would still match no URL: the path ends
  // at the space.
  const space = value.search(/[\t ]/);
  const rest = space < 0 ? '' : value.slice(space).trimStart();
  if (
    space > 1 &&
    !value.slice(0, space).includes('?') &&
    /^(?:(?:target|rel|class|id|style|title|href|onclick|data-[\w-]+)\s*=|["'>]|<\/?a\b)/i.test(
      rest,
    )
  ) {
    const path = decodeByteString(value.slice(0, space));
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds a space followed by "${terminalSafe(decodeByteString(rest.slice(0, 24)))}", the rest of an HTML link copied with the path: Google reads it as part of the pattern, which no URL carries, so the rule matches nothing. The path ends at the space: write "${terminalSafe(path)}".`,
      from: d.valueStart + space,
      to: d.valueEnd,
      fix: rewriteFix(d, path, 'Delete what follows the path by hand.'),
    });
    return;
  }
  // `Disallow: /a /b`: two patterns on one line.
  const parts = value.split(/[\t ]+/);
  // `/pre-paid-funeral-plan to /pre-paid-funeral-plan-unavailable` (judge P, 2775): two paths
  // with words between them, a note of a redirect or a move; encoded as one path, the line would
  // block a URL no site has. Which of the paths was meant is the owner's to say.
  const paths = parts.filter((p) => p.startsWith('/'));
  if (
    paths.length === 2 &&
    parts.length > 2 &&
    parts[0]!.startsWith('/') &&
    parts.at(-1)!.startsWith('/') &&
    parts.slice(1, -1).every((p) => /^[A-Za-z]+$/.test(p))
  ) {
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds two paths with ${parts.length === 3 ? `"${terminalSafe(parts[1]!)}"` : 'words'} between them, separated by spaces (a note of a move?): Google reads one pattern with spaces in it, which no URL carries (a space is sent as %20), so the rule matches nothing. Write a rule for each path meant, on a line of its own.`,
      from: d.valueStart + first,
      to: d.valueEnd,
      noFix: "which of the two paths the rule was written for is the owner's choice",
    });
    return;
  }
  // A part that alone reaches the whole site (`Disallow: / *reviews`, judge Z 6323) is a stray
  // space in one pattern, not a pattern of its own: the space is a typo (below), and no fix
  // writes a whole-site line.
  if (
    parts.length > 1 &&
    parts.every((p) => p.startsWith('/') || p.startsWith('*')) &&
    !parts.some((p) => /^\/?\**\$?$/.test(p))
  ) {
    const key = context.text.slice(d.keyStart, d.keyEnd);
    const eol = context.text.includes('\r\n') ? '\r\n' : '\n';
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds ${parts.length} patterns separated by whitespace, but a rule takes one: Google reads a single pattern with ${char} in it, which no URL carries (a space is sent as %20), so the rule matches nothing. Put each pattern on a line of its own.`,
      from: d.valueStart + first,
      to: d.valueEnd,
      fix: {
        description: `Write each pattern on its own "${decodeByteString(key)}" line`,
        edits: [{ start: d.valueStart, end: d.valueEnd, text: parts.join(`${eol}${key}: `) }],
        targets: parts.map((p) => decodeByteString(p)),
        otherwise: 'Put each pattern on a line of its own by hand.',
        whenUnchanged: UNENCODED_UNCHANGED,
      },
    });
    return;
  }
  if (strayReport(context, line, d, value, first)) return;
  // `*counter feit*` (judge S 4187): a space that may stand in a query string, a search term,
  // which URLs carry as "%20" or, from an HTML form, as "+": one rule for each.
  if (bothEncodings(context, line, d, value, (v) => encodeRaw(v).encoded)) return;
  // `/*/penerbangan termurah-*` beside `/*/penerbangan-termurah-*` (judge 2A 3078): a misspelt
  // copy of a rule of the group, deleted rather than encoded.
  const copy = spelledElsewhere(context, line, d, value);
  if (copy !== undefined) {
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds ${char}, which a URL never carries unescaped, so this rule matches nothing.`,
      from: d.valueStart + first,
      to: d.valueEnd,
      fix: copy.fix,
    });
    return;
  }
  // A space beside `*`, `?`, `&` or `=` is a typo, not part of any URL (`/* jsessionid=`): the
  // fix drops it (and an HTML-escaped `&amp;`), where elsewhere it encodes it.
  const typo = spaceTypo(value);
  if (!typo && separatorReport(context, line, d, value, first, encoded)) return;
  // The rule as meant is already blocked by another of its group (`/sitecore modules/` beside
  // `/sitecore`, judge L 2291): the fix deletes the line, which loses nothing.
  const meant = typo ? value.replace(/[\t ]+/g, '').replaceAll('&amp;', '&') : encoded;
  const cover = coveredBy(context, line, d, meant, true);
  if (cover !== undefined) {
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds ${char}, which a URL never carries unescaped, so this rule never matches the paths it names.`,
      from: d.valueStart + first,
      to: d.valueEnd,
      fix: cover.fix,
    });
    return;
  }
  const fixed = typo
    ? decodeByteString(value.replace(/[\t ]+/g, '').replaceAll('&amp;', '&'))
    : decodeByteString(encoded);
  // `/* */` (3680): without its space, a pattern of only "/" and "*" (`/**/`: every path with a
  // second "/") reaches far more than a typo's rule would; a C-style comment, most likely. The
  // line matches nothing as written: deleting it loses nothing.
  if (typo && /^[/*$]+$/.test(fixed)) {
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds ${char}, which a URL never carries there, so this rule matches nothing. Without the space it would be "${terminalSafe(fixed)}", a pattern of only "/" and "*" that reaches far more than the line seems to mean (a C-style comment? robots.txt comments start with "#"): delete the line, or write the paths meant.`,
      from: d.valueStart + first,
      to: d.valueEnd,
      fix: deleteLineFix(context, line),
    });
    return;
  }
  if (typo) {
    // The fix also turns HTML's escape `&amp;` into the `&` a URL carries (judge M 4595): said.
    const amp = value.includes('&amp;')
      ? ', with "&amp;" (HTML\'s escape of "&") written as "&"'
      : '';
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds ${char}, which a URL never carries there, so this rule never matches the paths it names. Write "${terminalSafe(fixed)}"${amp}.`,
      from: d.valueStart + first,
      to: d.valueEnd,
      fix: {
        ...rewriteFix(d, fixed, 'Remove the space by hand.'),
        description: `Write "${terminalSafe(fixed)}"${amp}`,
      },
    });
    return;
  }
  context.report({
    code: 'unencoded-character',
    line,
    message: `"${shown}" holds ${char}, which a URL never carries ${value[first] === '\\' ? 'in its path (browsers and crawlers turn it into "/")' : 'unescaped (crawlers request it percent-encoded)'}, so this rule never matches the paths it names. Write "${terminalSafe(fixed)}".`,
    from: d.valueStart + first,
    to: d.valueEnd,
    fix: rewriteFix(d, fixed, 'Write the path as a URL carries it by hand.'),
  });
}

/**
 * `…=2016- 06005&…=2016-06005` beside the same rule under an `/ast/` folder (judge 3C 5481): a
 * stray space (`straySpace`), which the fix removes. A search term's space (`*counter feit*`,
 * judge S 4187) is data, advised both ways by `bothEncodings`.
 */
function strayReport(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  value: string,
  first: number,
): boolean {
  const query = queryLikeSpace(value);
  if (query >= 0 && value[query] === '*') return false;
  const stray = straySpace(context, line, value);
  if (stray === undefined) return false;
  const fixed = decodeByteString(stray.fixed);
  const why =
    stray.twin !== undefined
      ? `line ${stray.twin.line} ("${ruleKey(stray.twin.type)}: ${terminalSafe(decodeByteString(stray.twin.value))}") writes the same rule without it under another prefix`
      : `the line writes "${terminalSafe(decodeByteString(stray.word ?? ''))}" whole elsewhere`;
  context.report({
    code: 'unencoded-character',
    line,
    message: `${spaceNeverMatches(value)} The space is a stray (${why}): write "${terminalSafe(fixed)}".`,
    from: d.valueStart + first,
    to: d.valueEnd,
    fix: {
      ...rewriteFix(d, fixed, 'Remove the space by hand.'),
      description: `Remove the space: write "${terminalSafe(fixed)}"`,
    },
  });
  return true;
}

/**
 * `/at/Finden_Sie Ihre_Karte` among `/at/Service_fur_Karteninhaber` (judge 3A 2276): a space typed
 * for the separator that joins the value's other words and its neighbours' (`separatorOf`). The
 * fix writes the separator; the message names the `encoded` form, if the name holds a space.
 */
function separatorReport(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  value: string,
  first: number,
  encoded: string,
): boolean {
  const sep = separatorOf(context, line, value);
  if (sep === undefined) return false;
  const joined = decodeByteString(value.replace(/[\t ]+/g, sep));
  context.report({
    code: 'unencoded-character',
    line,
    message: `${spaceNeverMatches(value)} Its other words are joined by "${sep}", as the rules beside it join theirs: the space is most likely a typo for "${sep}", so write "${terminalSafe(joined)}" (or "${terminalSafe(decodeByteString(encoded))}", if the name really holds a space: a URL carries it as %20).`,
    from: d.valueStart + first,
    to: d.valueEnd,
    fix: rewriteFix(d, joined, 'Write the path as the site spells it by hand.'),
  });
  return true;
}

/** What a raw space does to a rule, the opening of every message about one. */
function spaceNeverMatches(value: string): string {
  return `"${terminalSafe(decodeByteString(value))}" holds a space, which a URL never carries unescaped, so this rule never matches the paths it names.`;
}

/** The fix writing a rule's value as `text`, the paths it names as the fix's target. */
function rewriteFix(d: DirectiveSpan, text: string, otherwise: string): ProposedFix {
  return {
    description: `Write "${terminalSafe(text)}"`,
    edits: [{ start: d.valueStart, end: d.valueEnd, text }],
    targets: [text],
    otherwise,
    whenUnchanged: UNENCODED_UNCHANGED,
  };
}

/**
 * Whitespace and invisible format characters (bidi marks, zero-width characters, a soft hyphen,
 * a byte order mark) at the end of a value, as UTF-8 bytes: text copied from a page or a word
 * processor. Nothing of a path is in them.
 */
const TRAILING_INVISIBLE =
  /[\t ](?:[\t ]|\xc2\xad|\xe2\x80[\x8b-\x8f\xaa-\xae]|\xe2\x81[\xa0-\xa4]|\xef\xbb\xbf)*$/;

/**
 * `Disallow: /x/ ` + U+200E: a raw space followed only by invisible characters. The path ends
 * before the space (Google trims a line's trailing whitespace, not what hides behind an invisible
 * character): the fix drops the run, where encoding it would keep the invisible bytes in the rule.
 */
function trailingInvisible(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  value: string,
  first: number,
): boolean {
  const run = TRAILING_INVISIBLE.exec(value);
  if (run === null || run.index !== first || run[0].trim() === '') return false;
  const head = value.slice(0, run.index);
  if (head === '' || head === '/') return false;
  const fixed = decodeByteString(encodeRaw(head).encoded);
  const tail = visibleText(decodeByteString(run[0]));
  context.report({
    code: 'unencoded-character',
    line,
    message: `"${terminalSafe(decodeByteString(head))}" is followed by a space and invisible characters only ("${tail}"), which Google reads as part of the pattern: no URL carries them, so the rule never matches the paths it names. The path ends before them: write "${terminalSafe(fixed)}".`,
    from: d.valueStart + first,
    to: d.valueEnd,
    fix: {
      description: `Write "${terminalSafe(fixed)}"`,
      edits: [{ start: d.valueStart, end: d.valueEnd, text: fixed }],
      targets: [fixed],
      otherwise: 'Delete the space and the invisible characters after the path by hand.',
      whenUnchanged: UNENCODED_UNCHANGED,
    },
  });
  return true;
}
