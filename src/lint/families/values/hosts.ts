/**
 * The `values` family's hosts (`host-in-path`): a host, URL, IP address or port written where a
 * rule's path goes (`Disallow: staging.example.com/`), which never matches here: another host
 * needs its own robots.txt. Runs on every Allow and Disallow line lint reads.
 */

import { ANY_OTHER_AGENT } from '../../../changes/verdict-changes.js';
import type { RobotsTxt, Rule } from '../../../types.js';
import { decodeByteString } from '../../../util/bytes.js';
import { terminalSafe } from '../../../util/terminal.js';
import type { DirectiveSpan, LintContext } from '../../context.js';
import { deleteLineFix } from '../../fix.js';
import type { ProposedFix } from '../../types.js';

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

/** A rule naming a host: reported (and not as `pattern-never-matches`) with what to do instead. */
export function hostInPath(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  value: string,
): boolean {
  const host = hostOfRule(context.robots, line, value);
  if (host === undefined) return false;
  const path = host.path;
  // `host.tld*`: the wildcard stands for the rest of the URL, the whole site's paths.
  const wholeSite = path === '' || /^\/?\**\$?$/.test(path);
  const name = terminalSafe(decodeByteString(host.host));
  const pathText = terminalSafe(decodeByteString(path));
  // `Disallow: /https://twitter.com/` (judge M, 5002): starting with "/", it is a path prefix
  // that works, matching the junk paths a broken relative link produces (`/https://twitter.com/…`
  // requested from this site). It does nothing for the other host: worth knowing, no warning.
  // When the file's Sitemap names the same site (`/https://www.pc.gc.ca/en/…` beside
  // `Sitemap: https://www.pc.gc.ca/…`), the owner meant a path of their own: a warning still.
  if (value.startsWith('/') && !sameSiteAsSitemap(context, host.host)) {
    const shown = terminalSafe(decodeByteString(value));
    context.report({
      code: 'host-in-path',
      line,
      severity: 'info',
      message: `"${shown}" starts with "/", so it is a path of this site: it matches only paths beginning with "${shown}", such as the ones a link written without its scheme or a broken share link produces here, and it does nothing for ${name} itself (a robots.txt applies only to its own host, RFC 9309 §2.3: ${name} has its own). If blocking those paths is meant, this is fine.`,
      from: d.valueStart,
      to: d.valueEnd,
    });
    return true;
  }
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
  const shown = terminalSafe(decodeByteString(rooted));
  const fix = deleteLineFix(
    context,
    line,
    `Nothing is lost: no rule of the group blocks "${shown}", so on either host the line opens nothing, and it can be removed.`,
  );
  return fix === undefined ? undefined : { fix };
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
export function hostFolder(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  value: string,
): boolean {
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

/** The last labels that name a site: two (`twitter.com`), three under a short second level (`vodacom.co.za`). */
function siteOf(host: string): string {
  const labels = host.toLowerCase().split('.');
  const n = labels.length >= 3 && labels.at(-2)!.length <= 3 && labels.at(-1)!.length === 2 ? 3 : 2;
  return labels.slice(-n).join('.');
}

/** Whether a Sitemap line of the file names a host of the same site as `host`. */
function sameSiteAsSitemap(context: LintContext, host: string): boolean {
  const site = siteOf(host);
  return context.robots.sitemaps.some((url) => {
    const named = /^https?:\/\/([^/:?#]+)/i.exec(url)?.[1];
    return named !== undefined && siteOf(named) === site;
  });
}

// The group of each rule line, built once per file: a file of thousands of host-in-path lines
// (4237, 3892) would otherwise search every group for each of them.
const groupsByLine = new WeakMap<LintContext, Map<number, RobotsTxt['groups'][number]>>();

export function groupOfRuleLine(context: LintContext): Map<number, RobotsTxt['groups'][number]> {
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
 * Disallow of the same group already blocks (`Disallow: /a/` or `/a/*`, a prefix of it, with no
 * Allow of the group under that prefix): nothing is lost. The fix deletes the line, and lint's check
 * that it changes no verdict makes the finding an info. The same holds for a rule with a raw space
 * (`Disallow: /sitecore modules/` beside `/sitecore`, judge L 2291): `path` is then the rule as
 * meant (`/sitecore%20modules/`), and a covering pattern may hold a `*` (judge L 2954) when it is a
 * prefix of the meant rule's text; with `allowsUnderOnly`, only an Allow under the covering rule
 * (whose fixed part starts with it) decides otherwise — one beginning with a `*` (`/*?page=`)
 * decides the same with or without the line.
 */
export function coveredBy(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  path: string,
  allowsUnderOnly = false,
): { fix: ProposedFix } | undefined {
  if (d.kind !== 'disallow') return undefined;
  if (!path.startsWith('/') && !(allowsUnderOnly && path.startsWith('*'))) return undefined;
  const group = groupOfRuleLine(context).get(line);
  if (group === undefined) return undefined;
  // The meant rule written already is `repeatedRule`'s (its fix deletes the line as well).
  if (allowsUnderOnly && group.rules.some((r) => r.line !== line && r.pattern === path))
    return undefined;
  const cover = coverOf(group.rules, line, 'disallow', path, allowsUnderOnly);
  if (cover === undefined) return undefined;
  const covering = literal(cover.pattern);
  // An Allow under the covering Disallow may open part of the path: then it is not covered. Under
  // a `*word` cover, an Allow decides a path both match alike unless its length lies between the
  // cover's and the meant rule's (the longest match wins, RFC 9309 §2.2.2).
  const opens = (r: Rule): boolean =>
    prefixOf(cover.pattern, path, allowsUnderOnly)
      ? r.pattern.startsWith(covering) ||
        (!allowsUnderOnly && covering.startsWith(r.pattern.replace(/[*$].*$/, '')))
      : r.pattern.length >= cover.pattern.length && r.pattern.length < path.length;
  if (group.rules.some((r) => r.type === 'allow' && opens(r))) {
    return undefined;
  }
  const shown = terminalSafe(decodeByteString(cover.value));
  const fix = deleteLineFix(
    context,
    line,
    `Nothing is lost: line ${cover.line} ("Disallow: ${shown}") of the same group already blocks "${terminalSafe(decodeByteString(path))}", so the line can be removed.`,
  );
  return fix === undefined ? undefined : { fix };
}

/**
 * A rule with raw spaces that another rule of its group writes with "-" or "_" in their place,
 * or without them, and of the same kind (a `penerbangan termurah-` slug beside
 * `penerbangan-termurah-`, judge 2A 3078): the line is a misspelt copy that matches nothing. The
 * fix deletes it; it changes no verdict a URL can get, so the finding is an info.
 */
export function spelledElsewhere(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  value: string,
): { readonly line: number; readonly value: string; readonly fix: ProposedFix } | undefined {
  if (!/[\t ]/.test(value)) return undefined;
  const group = groupOfRuleLine(context).get(line);
  const rule = group?.rules.find((r) => r.line === line);
  if (group === undefined || rule === undefined) return undefined;
  const spellings = new Set(['-', '_', ''].map((c) => value.replace(/[\t ]+/g, c)));
  const others = group.rules.filter((r) => r.line !== line && r.type === rule.type);
  const same = others.filter((r) => spellings.has(r.pattern));
  // Two spellings written (`/*not_found`, `/*not-found`, `/*not found`: 5183), or a space written
  // as "%20" elsewhere (3117): the group lists every spelling a URL may carry, and the space was
  // meant as "%20" (the encoding advice stands).
  if (same.length !== 1 || others.some((r) => r.pattern.includes('%20'))) return undefined;
  const [copy] = same as [Rule];
  const shown = terminalSafe(decodeByteString(copy.pattern));
  const fix = deleteLineFix(
    context,
    line,
    `Nothing is lost: line ${copy.line} ("${d.kind === 'allow' ? 'Allow' : 'Disallow'}: ${shown}") of the same group writes it as URLs carry it, so this line can be removed.`,
  );
  return fix === undefined ? undefined : { line: copy.line, value: shown, fix };
}

// A final `*` adds nothing to a pattern (`/common/*` covers what `/common/` does, judge K 1820).
const literal = (p: string): string => p.replace(/\*+$/, '');

/** Whether `pattern`, a prefix of `path`'s text, matches every URL `path` does. */
function prefixOf(pattern: string, path: string, wildcards: boolean): boolean {
  const fixed = literal(pattern);
  return (
    path.startsWith('/') &&
    fixed !== '' &&
    path.startsWith(fixed) &&
    !fixed.includes('$') &&
    (wildcards || !fixed.includes('*'))
  );
}

/**
 * The rule of `rules` (of `type`, on another line than `line`) that matches every URL the
 * pattern `path` matches, seen from the two patterns' text: one that is a prefix of it (with a
 * `*` inside only when `wildcards`), or, when `wildcards`, a `*word` whose word lies in a literal
 * part of it (judge N 1320: `*Cprice` covers `*%3Cprice`, the meant `*<price`). What `coveredBy`
 * and the bare word's check (`patterns.ts`) delete a line for.
 */
export function coverOf(
  rules: readonly Rule[],
  line: number,
  type: Rule['type'],
  path: string,
  wildcards: boolean,
): Rule | undefined {
  const inside = (p: string): boolean =>
    wildcards &&
    /^\*[^*$]+$/.test(p) &&
    path.split('*').some((part) => part.replace(/\$$/, '').includes(p.slice(1)));
  const other = (r: Rule): boolean => r.line !== line && r.type === type;
  return (
    rules.find((r) => other(r) && prefixOf(r.pattern, path, wildcards)) ??
    rules.find((r) => other(r) && inside(r.pattern))
  );
}

/**
 * A port written where a path goes: `/:8080/admin`, or a `*` standing for the host before one
 * (`*8080/admin*`, the alternate HTTP ports of IANA's registry, which no path segment is named).
 * A URL's path never holds its port: the rule never matches here.
 */
const PORT_IN_VALUE =
  /^\/?\*?:(\d{2,5})(?=\/|\*|$)|^\*(80|443|8000|8008|8080|8081|8443|8888)(?=\/)/;

/** A rule naming a port: reported as `host-in-path` is, the other origin needing its own robots.txt. */
export function portInPath(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  value: string,
): boolean {
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
function hostOfValue(value: string): { host: string; path: string } | undefined {
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
