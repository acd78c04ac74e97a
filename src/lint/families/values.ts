/**
 * Lint family `values`: values that do not say what their writer meant — a second directive on
 * the line (lost line breaks), characters a URL never carries unescaped, regular-expression
 * syntax, a host or URL written where a path goes, and a Crawl-delay so long it starves the site.
 */

import { ANY_OTHER_AGENT } from '../../changes/verdict-changes.js';
import { readExtensions } from '../../extensions/records.js';
import { extractProductToken, isGlobalAgent } from '../../parse/agent.js';
import { escapePattern } from '../../parse/escape.js';
import type { RobotsTxt } from '../../types.js';
import { decodeByteString } from '../../util/bytes.js';
import { terminalSafe, visibleText } from '../../util/terminal.js';
import type { DirectiveSpan, LineSpan, LintChecks, LintContext, LintFamily } from '../context.js';
import { lineBreakOf } from '../fix.js';
import type { CrawlerTargets, ProposedFix } from '../types.js';
import { NEVER_RAW, NEVER_RAW_IN_PATH } from '../url-text.js';

/** Seconds of Crawl-delay from which the pages a day it allows are worth saying. */
const LONG_CRAWL_DELAY = 30;

const SECONDS_A_DAY = 86_400;

/**
 * A key of another directive inside a value: `Disallow: / User-agent: MJ12bot`, or right after a
 * lone `/` (`Disallow: /User-agent: Foo`).
 */
const SECOND_DIRECTIVE =
  /(?:[\t ]+|(?<=^\/))((?:user-?agent|disallow|allow|sitemap|crawl-delay|host|noindex)[\t ]*:)/gi;

/** Whether a value holds another directive after its first (reported as `directive-in-value`). */
export function holdsDirective(value: string): boolean {
  return value.search(SECOND_DIRECTIVE) !== -1;
}

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

/**
 * A name ending in the extension of a file a site serves (`index.html`, `admin.cfm`): no host.
 * `.pl` and `.py` are Perl and Python scripts as well as Poland's and Paraguay's domains: a file
 * when one word stands before them (`submit.pl`), a host with more (`www.example.pl`).
 */
export const FILE_NAME: RegExp =
  /\.(?:s?html?|php\d?|aspx?|jsp|cfml?|cfc|cgi|xml|txt|json|js|css|ico|pdf|gif|jpe?g|png|svg|docx?|xlsx?|csv|zip|rss|exe|dll)$|^[^./]+\.(?:pl|py)$/i;

/**
 * `https://host/path`, `//host/path`, `host.tld/path`, `1.2.3.4/path`, `/https:/host/path`, and
 * `host.tld*` (a wildcard for the rest of the URL).
 */
const HOST_IN_VALUE =
  /^\/?(?:https?:\/\/?|\/\/)?((?:[a-z0-9-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?((?:\/|\*).*)?$/i;

/** `secure.*`: a name whose last label is a wildcard — a host only beside other hosts. */
const WILDCARD_HOST = /^([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)*)\.\*$/i;

/** A value starting with a dotted name and no `/` before it (`static.example`, `cdn.example.com/`). */
const DOTTED_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?=[/*:]|$)/i;

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

/** `Disallow: / User-agent: MJ12bot`: reported, with a fix that restores the line breaks. */
function secondDirective(context: LintContext, line: number, d: DirectiveSpan): boolean {
  const value = context.text.slice(d.valueStart, d.valueEnd);
  const matches = [...value.matchAll(SECOND_DIRECTIVE)];
  const first = matches[0];
  if (first === undefined) return false;
  const head = value.slice(0, first.index);
  const key = decodeByteString(first[1]!.replace(/[\t ]*:$/, ''));
  const keyAt = (m: RegExpExecArray | RegExpMatchArray): number =>
    d.valueStart + m.index! + m[0].length - m[1]!.length;
  const rule = d.kind === 'allow' || d.kind === 'disallow';
  const eol = context.text.includes('\r\n') ? '\r\n' : '\n';
  context.report({
    code: 'directive-in-value',
    line,
    message: `The value holds another directive ("${terminalSafe(key)}:"): the file's line breaks seem lost, and Google reads the whole line as one ${rule ? `rule with the pattern "${terminalSafe(decodeByteString(value))}", which matches no URL` : 'directive'}, so everything after the first directive does nothing. Put each directive on a line of its own.`,
    from: keyAt(first),
    to: d.valueEnd,
    fix: {
      description: 'Put each directive on a line of its own.',
      edits: matches.map((m) => ({ start: d.valueStart + m.index!, end: keyAt(m), text: eol })),
      ...(rule && head !== '' ? { targets: [decodeByteString(head)] } : {}),
      ...ownTargets(context, line, d),
      otherwise: byHand(context, line, d),
      // The comparison sees crawlers by product token: only with one for every name the line
      // holds does "no verdict changes" mean nothing it meant is lost (`008` has none).
      ...(namesHaveTokens(d.kind === 'user-agent', value, matches) && {
        whenUnchanged:
          'Nothing is lost: what it was meant to say is in force anyway (splitting it changes no verdict), so this is tidying only.',
      }),
    },
  });
  return true;
}

/**
 * What each crawler's own line says it is to be blocked from, for the lines whose split changes
 * its rules: `User-agent: admantx Disallow: /` targets `/` for admantx (as Google reads its
 * token), and so does each User-agent line above it in the same group that holds its rules in
 * its value too (a run of such lines is one group: splitting one gives its rules to the lines
 * above, which their own values give them as well). A `User-agent:` inside a value names the
 * crawler the Disallows after it are for. A User-agent line above without rules of its own in
 * its value targets nothing: splitting may not block it.
 */
function ownTargets(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
): { crawlerTargets?: CrawlerTargets[] } {
  const lines: { value: string; agent: string | undefined }[] = [];
  if (d.kind === 'user-agent') {
    const group = context.robots.groups.find((g) => g.agents.some((a) => a.line === line));
    for (const a of group?.agents ?? []) {
      if (a.line > line) break;
      const span = context.directives[a.line];
      if (span === undefined) continue;
      const value = context.text.slice(span.valueStart, span.valueEnd);
      lines.push({ value, agent: a.global ? '*' : a.token === '' ? undefined : a.token });
    }
  } else {
    lines.push({ value: context.text.slice(d.valueStart, d.valueEnd), agent: undefined });
  }
  const out = new Map<string, string[]>();
  for (const { value, agent } of lines) {
    const matches = [...value.matchAll(SECOND_DIRECTIVE)];
    let current = agent;
    matches.forEach((m, i) => {
      const key = m[1]!.replace(/[\t ]*:$/, '').toLowerCase();
      const text = decodeByteString(
        value.slice(m.index! + m[0].length, matches[i + 1]?.index ?? value.length),
      ).trim();
      if (key === 'user-agent' || key === 'useragent') {
        const token = extractProductToken(text);
        current = isGlobalAgent(text) ? '*' : token === '' ? undefined : token;
      } else if (key === 'disallow' && current !== undefined && text !== '') {
        const list = out.get(current) ?? [];
        list.push(escapePattern(text));
        out.set(current, list);
      }
    });
  }
  if (out.size === 0) return {};
  return { crawlerTargets: [...out].map(([agent, patterns]) => ({ agent, patterns })) };
}

/**
 * A directive glued to the words of a comment (`# SitemapSitemap: https://…/sitemap.xml`, seed
 * 2621's 6095): a lost line break made it part of the comment. Its key follows a letter or digit
 * with no space (a rule commented out on purpose has `#` or a space before it), and its value is
 * what that directive takes: an absolute URL for Sitemap, a name for User-agent, a path for
 * Allow and Disallow.
 */
const GLUED_DIRECTIVE =
  /(?<=[a-z0-9])(?:Sitemap[\t ]*:[\t ]*https?:\/\/|User-?agent[\t ]*:[\t ]*[A-Za-z*]|(?:Disallow|Allow)[\t ]*:[\t ]*[/*])/;

/** `# SitemapSitemap: https://…`: reported as lost line breaks, with a fix that restores one. */
function gluedToComment(context: LintContext, line: number, span: LineSpan): void {
  const { text } = context;
  let hash = span.start;
  while (hash < span.end && (text[hash] === ' ' || text[hash] === '\t')) hash++;
  if (text[hash] !== '#') return;
  const comment = text.slice(hash, span.end);
  const found = GLUED_DIRECTIVE.exec(comment);
  if (found === null) return;
  const at = hash + found.index;
  const key = /^[A-Za-z-]+/.exec(found[0])![0];
  const rest = text.slice(at, span.end);
  const rule = /^(?:dis)?allow/i.test(key);
  const value = rest.slice(rest.indexOf(':') + 1).trim();
  context.report({
    code: 'directive-in-value',
    line,
    message: `The comment holds a directive ("${terminalSafe(key)}:") glued to its words: a line break seems lost, and crawlers read the whole line as a comment, so the directive does nothing${/^sitemap/i.test(key) ? ' (the sitemap is announced to no crawler)' : ''}. Put it on a line of its own.`,
    from: at,
    to: span.end,
    fix: {
      description: `Put "${terminalSafe(decodeByteString(rest.slice(0, 40)))}${rest.length > 40 ? '…' : ''}" on a line of its own.`,
      edits: [{ start: at, end: at, text: lineBreakOf(context, line) }],
      ...(rule && value !== '' ? { targets: [escapePattern(decodeByteString(value))] } : {}),
      otherwise: 'Put the directive on a line of its own by hand.',
    },
  });
}

/** Whether every crawler name on a line (its own value, if a User-agent line, and those after an inner `User-agent:`) has a product token. */
function namesHaveTokens(
  agentLine: boolean,
  value: string,
  matches: readonly RegExpMatchArray[],
): boolean {
  const names: string[] = agentLine ? [value.slice(0, matches[0]!.index)] : [];
  matches.forEach((m, i) => {
    if (!/^user-?agent/i.test(m[1]!)) return;
    const start = m.index! + m[0].length;
    names.push(value.slice(start, matches[i + 1]?.index ?? value.length));
  });
  return names.every((name) => /^[A-Za-z_-]/.test(name.trim()));
}

/**
 * What to do by hand when splitting the line is refused. A User-agent line right after other
 * User-agent lines opens one group with them: split alone, its rules would apply to them too
 * (`User-agent: *` then `User-agent: GPTBot Disallow: /` blocks the site for every crawler).
 */
function byHand(context: LintContext, line: number, d: DirectiveSpan): string {
  const plain = 'Put each directive on a line of its own by hand.';
  if (d.kind !== 'user-agent') return plain;
  // The run of User-agent lines (blank lines and comments between them) this line ends.
  let first = 0;
  for (let above = line - 1; above > 0; above--) {
    const directive = context.directives[above];
    if (directive === undefined) continue;
    if (directive.kind !== 'user-agent') break;
    first = above;
  }
  if (first === 0) return plain;
  const lines =
    first === line - 1
      ? `line above it (line ${first})`
      : `lines above it (lines ${first}–${line - 1})`;
  return `Put each directive on a line of its own by hand, but first move the User-agent ${lines} or give ${first === line - 1 ? 'it' : 'them'} rules of ${first === line - 1 ? 'its' : 'their'} own: as written ${first === line - 1 ? 'it shares' : 'they share'} this line's group, so the rules split out of it would apply to ${first === line - 1 ? 'it' : 'them'} too.`;
}

/** A rule naming a host: reported (and not as `pattern-never-matches`) with what to do instead. */
function hostInPath(context: LintContext, line: number, d: DirectiveSpan, value: string): boolean {
  const host = hostOfRule(context.robots, line, value);
  if (host === undefined) return false;
  const path = host.path;
  // `host.tld*`: the wildcard stands for the rest of the URL, the whole site's paths.
  const wholeSite = path === '' || /^\/?\**\$?$/.test(path);
  const name = terminalSafe(decodeByteString(host.host));
  const pathText = terminalSafe(decodeByteString(path));
  context.report({
    code: 'host-in-path',
    line,
    message: `"${terminalSafe(decodeByteString(value))}" names the host ${name}, but a rule takes only a path: Google matches it against paths, which never start like this, so it does nothing. A robots.txt applies only to its own host (RFC 9309 §2.3): if ${name} is another host, it needs its own robots.txt (https://${name.replaceAll('*', '…')}/robots.txt)${
      wholeSite
        ? `; writing the path alone here would ${d.kind === 'allow' ? 'allow' : 'block'} this whole site.`
        : `; only if ${name} is this site's own host, write "${pathText}".`
    }`,
    from: d.valueStart,
    to: d.valueEnd,
    ...(d.kind === 'allow'
      ? openedAnyway(context, line, path)
      : !wholeSite && coveredBy(context, line, d, path)),
  });
  return true;
}

/**
 * When an Allow naming a host (`Allow: http://www.googleadservices.com/pagead/x.js`) means a
 * path its group's crawlers may fetch anyway: nothing is lost, whichever host it names (another
 * host's files are its own robots.txt's business, and here no rule blocks the path). The fix
 * deletes the line, and lint's check that it changes no verdict makes the finding an info. A
 * wildcard of the path is tried as nothing and as a character.
 */
function openedAnyway(
  context: LintContext,
  line: number,
  path: string,
): { fix: ProposedFix } | undefined {
  const group = groupOfRuleLine(context).get(line);
  if (group === undefined) return undefined;
  const rooted = path.startsWith('/') ? path : `/${path}`;
  const probes = ['', 'x'].map((fill) => rooted.replace(/\$$/, '').replaceAll('*', fill));
  const names = group.agents.map((a) => (a.global ? ANY_OTHER_AGENT : a.token));
  if (names.some((n) => n === '')) return undefined;
  const open = probes.every((p) => names.every((n) => context.robots.isAllowed(p, n)));
  if (!open) return undefined;
  const span = context.lines[line]!;
  const next = context.lines[line + 1]?.start ?? context.text.length;
  const shown = terminalSafe(decodeByteString(rooted));
  return {
    fix: {
      description: `Delete line ${line}.`,
      edits: [{ start: span.start, end: next, text: '' }],
      otherwise: 'Remove the line.',
      whenUnchanged: `Nothing is lost: no rule of the group blocks "${shown}", so on either host the line opens nothing, and it can be removed.`,
    },
  };
}

/** `/m.example.com/page`: a first folder named as a host of two labels or more. */
const HOST_FOLDER = /^\/((?:[a-z0-9-]+\.)+[a-z]{2,})(\/[^*$\s]+)$/i;

// The values of every directive of a file, read once per file.
const valuesByFile = new WeakMap<LintContext, Set<string>>();

/**
 * `Disallow: /m.athenahealth.com/ehr-modal-redirect` (judge I, 4486): a host written as the first
 * folder of a path. Folders named like hosts exist (Adobe's `/www.adobe.com/…`, a site's pages
 * about other domains such as `/twitter.com/`), so it is reported only when another line of the
 * file names the rest of the path itself (`Noindex: /ehr-modal-redirect`): the host was put in
 * front of a path the file uses. No fix: which host was meant is the owner's to say.
 */
function hostFolder(context: LintContext, line: number, d: DirectiveSpan, value: string): boolean {
  const match = HOST_FOLDER.exec(value);
  if (match === null || FILE_NAME.test(match[1]!)) return false;
  let named = valuesByFile.get(context);
  if (named === undefined) {
    named = new Set();
    for (const other of context.directives) {
      if (other !== undefined) named.add(context.text.slice(other.valueStart, other.valueEnd));
    }
    valuesByFile.set(context, named);
  }
  const rest = match[2]!;
  if (!named.has(rest)) return false;
  const name = terminalSafe(decodeByteString(match[1]!));
  const restText = terminalSafe(decodeByteString(rest));
  context.report({
    code: 'host-in-path',
    line,
    message: `"${terminalSafe(decodeByteString(value))}" starts with the host ${name} written as a folder, and another line of the file names "${restText}" itself: Google matches the rule against this site's paths, so it applies only to a folder named "${name}". A robots.txt applies only to its own host (RFC 9309 §2.3): if ${name} is another host, it needs its own robots.txt (https://${name}/robots.txt); if it is this site, write "${restText}".`,
    from: d.valueStart,
    to: d.valueEnd,
  });
  return true;
}

// The group of each rule line, built once per file: a file of thousands of host-in-path lines
// (4237, 3892) would otherwise search every group for each of them.
const groupsByLine = new WeakMap<LintContext, Map<number, RobotsTxt['groups'][number]>>();

function groupOfRuleLine(context: LintContext): Map<number, RobotsTxt['groups'][number]> {
  let map = groupsByLine.get(context);
  if (map === undefined) {
    map = new Map();
    for (const g of context.robots.groups) for (const r of g.rules) map.set(r.line, g);
    groupsByLine.set(context, map);
  }
  return map;
}

/**
 * When a Disallow naming a host (`Disallow: https://host/a/b.pdf`) means a path that another
 * Disallow of the same group already blocks (`Disallow: /a/`, a prefix of it, with no Allow of
 * the group under that prefix): nothing is lost. The fix deletes the line, and lint's check
 * that it changes no verdict makes the finding an info.
 */
function coveredBy(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  path: string,
): { fix: ProposedFix } | undefined {
  if (d.kind !== 'disallow' || !path.startsWith('/')) return undefined;
  const group = groupOfRuleLine(context).get(line);
  if (group === undefined) return undefined;
  const prefix = (p: string): boolean => p !== '' && path.startsWith(p) && !/[*$]/.test(p);
  const cover = group.rules.find(
    (r) => r.line !== line && r.type === 'disallow' && prefix(r.pattern),
  );
  if (cover === undefined) return undefined;
  // An Allow under the covering Disallow may open part of the path: then it is not covered.
  if (
    group.rules.some(
      (r) =>
        r.type === 'allow' &&
        (r.pattern.startsWith(cover.pattern) ||
          cover.pattern.startsWith(r.pattern.replace(/[*$].*$/, ''))),
    )
  ) {
    return undefined;
  }
  const span = context.lines[line]!;
  const next = context.lines[line + 1]?.start ?? context.text.length;
  const shown = terminalSafe(decodeByteString(cover.value));
  return {
    fix: {
      description: `Delete line ${line}.`,
      edits: [{ start: span.start, end: next, text: '' }],
      otherwise: 'Remove the line.',
      whenUnchanged: `Nothing is lost: line ${cover.line} ("Disallow: ${shown}") of the same group already blocks "${terminalSafe(decodeByteString(path))}", so the line can be removed.`,
    },
  };
}

/**
 * A port written where a path goes: `/:8080/admin`, or a `*` standing for the host before one
 * (`*8080/admin*`, the alternate HTTP ports of IANA's registry, which no path segment is named).
 * A URL's path never holds its port: the rule never matches here.
 */
const PORT_IN_VALUE =
  /^\/?\*?:(\d{2,5})(?=\/|\*|$)|^\*(80|443|8000|8008|8080|8081|8443|8888)(?=\/)/;

/** A rule naming a port: reported as `host-in-path` is, the other origin needing its own robots.txt. */
function portInPath(context: LintContext, line: number, d: DirectiveSpan, value: string): boolean {
  const match = PORT_IN_VALUE.exec(value);
  if (match === null) return false;
  const port = match[1] ?? match[2]!;
  const shown = terminalSafe(decodeByteString(value));
  context.report({
    code: 'host-in-path',
    line,
    message: `"${shown}" names the port ${port}, but a rule takes only a path, and a URL's path never holds its port: Google matches it against paths only, so it blocks nothing on that port. A robots.txt applies only to its own host, scheme and port (RFC 9309 §2.3): the site on port ${port} needs its own robots.txt (served from that port).`,
    from: d.valueStart,
    to: d.valueEnd,
  });
  return true;
}

/**
 * The host a rule's value names ({@link hostOfValue}), or a name ending in `.*` (`secure.*`)
 * when another rule of its group names a host by a dotted name too (`static.example`): beside
 * such lines `secure.*` is a host with a wildcard for its domain, while `page.*` alone is a
 * file's name (`pattern-never-matches` proposes `/page.*`).
 */
export function hostOfRule(
  robots: RobotsTxt,
  line: number,
  value: string,
): { host: string; path: string } | undefined {
  const host = hostOfValue(value);
  if (host !== undefined) return host;
  const wildcard = WILDCARD_HOST.exec(value);
  if (wildcard === null) return undefined;
  const group = robots.groups.find((g) => g.rules.some((r) => r.line === line));
  const beside = group?.rules.some((r) => {
    if (r.line === line) return false;
    const name = DOTTED_NAME.exec(r.value)?.[0];
    return name !== undefined && !FILE_NAME.test(name);
  });
  return beside ? { host: `${wildcard[1]!}.*`, path: '' } : undefined;
}

/** The host and path of a rule value written as a URL or host name; undefined for a path. */
export function hostOfValue(value: string): { host: string; path: string } | undefined {
  // A path starting with `/` names a host only when a scheme follows the slash (`/https:/…`).
  if (value.startsWith('/') && !/^\/https?:/i.test(value)) return undefined;
  if (value.startsWith('*')) return undefined;
  const match = HOST_IN_VALUE.exec(value);
  if (match === null) return undefined;
  // Without a scheme, a host is followed by a path (`staging.example.com/`), and is not a file
  // name (`index.html/x`).
  if (
    !/^\/?(?:https?:|\/\/)/i.test(value) &&
    (match[2] === undefined || FILE_NAME.test(match[1]!))
  ) {
    return undefined;
  }
  return { host: match[1]!, path: match[2] ?? '' };
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

// A rule another rule already covers (`/sitecore` above `/sitecore modules/`): fixing it changes
// no verdict of a URL a crawler requests.
const UNENCODED_UNCHANGED =
  'Nothing is lost: the other rules already decide every URL it names as the fixed line would, so this is tidying only.';

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
  // encoded fix blocks that.)
  const placeholder = /\{[*\d]*\}/.exec(decodeByteString(value));
  if (placeholder !== null) {
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds "${terminalSafe(placeholder[0])}", a template's placeholder left unfilled: the line was meant to hold a path, and no URL carries these characters, so the rule matches nothing. Write the path it stands for (or "/" for the whole site, if that was meant), or remove the line.`,
      from: d.valueStart + first,
      to: d.valueEnd,
    });
    return;
  }
  // `Disallow: /a /b`: two patterns on one line.
  const parts = value.split(/[\t ]+/);
  if (parts.length > 1 && parts.every((p) => p.startsWith('/') || p.startsWith('*'))) {
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
  // A space beside `*`, `?`, `&` or `=` is a typo, not part of any URL (`/* jsessionid=`): the
  // fix drops it (and an HTML-escaped `&amp;`), where elsewhere it encodes it.
  const typo = /[*?&=][\t ]+|[\t ]+[*?&=]/.test(value) && !/[^\t *?&=][\t ]+[^\t *?&=]/.test(value);
  const fixed = typo
    ? decodeByteString(value.replace(/[\t ]+/g, '').replaceAll('&amp;', '&'))
    : decodeByteString(encoded);
  if (typo) {
    context.report({
      code: 'unencoded-character',
      line,
      message: `"${shown}" holds ${char}, which a URL never carries there, so this rule never matches the paths it names. Write "${terminalSafe(fixed)}".`,
      from: d.valueStart + first,
      to: d.valueEnd,
      fix: {
        description: `Write "${terminalSafe(fixed)}"`,
        edits: [{ start: d.valueStart, end: d.valueEnd, text: fixed }],
        targets: [fixed],
        otherwise: 'Remove the space by hand.',
        whenUnchanged: UNENCODED_UNCHANGED,
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
    fix: {
      description: `Write "${terminalSafe(fixed)}"`,
      edits: [{ start: d.valueStart, end: d.valueEnd, text: fixed }],
      targets: [fixed],
      otherwise: 'Write the path as a URL carries it by hand.',
      whenUnchanged: UNENCODED_UNCHANGED,
    },
  });
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
