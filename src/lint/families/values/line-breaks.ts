/**
 * The `values` family's lost line breaks (`directive-in-value`): another directive's key inside a
 * value (`Disallow: / User-agent: MJ12bot`) or glued to a comment's words (`# SitemapSitemap:`),
 * with the fix that restores the line breaks. Runs on every directive and comment line lint reads.
 */

import { extractProductToken, isGlobalAgent } from '../../../parse/agent.js';
import { escapePattern } from '../../../parse/escape.js';
import type { Group } from '../../../types.js';
import { decodeByteString } from '../../../util/bytes.js';
import { terminalSafe } from '../../../util/terminal.js';
import type { DirectiveSpan, LineSpan, LintContext } from '../../context.js';
import { lineBreakOf } from '../../fix.js';
import type { CrawlerTargets } from '../../types.js';

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

/** `Disallow: / User-agent: MJ12bot`: reported, with a fix that restores the line breaks. */
export function secondDirective(context: LintContext, line: number, d: DirectiveSpan): boolean {
  const value = context.text.slice(d.valueStart, d.valueEnd);
  const matches = [...value.matchAll(SECOND_DIRECTIVE)];
  const first = matches[0];
  if (first === undefined) return false;
  const head = value.slice(0, first.index);
  const key = decodeByteString(first[1]!.replace(/[\t ]*:$/, ''));
  const keyAt = (m: RegExpExecArray | RegExpMatchArray): number =>
    d.valueStart + m.index! + m[0].length - m[1]!.length;
  const rule = d.kind === 'allow' || d.kind === 'disallow';
  // `Disallow: / User-agent: MJ12bot` after other rules of its group: split, the rule stays in
  // this line's group, which it may not have been meant for; the by-hand advice says what it
  // would do there.
  const opening = ruleRun(context, line) !== undefined;
  const eol = context.text.includes('\r\n') ? '\r\n' : '\n';
  context.report({
    code: 'directive-in-value',
    line,
    message: `The value holds another directive ("${terminalSafe(key)}:"): the file's line breaks seem lost, and Google reads the whole line as one ${rule ? `rule with the pattern "${terminalSafe(decodeByteString(value))}", which matches no URL` : 'directive'}, so everything after the first directive does nothing.${opening ? '' : ' Put each directive on a line of its own.'}`,
    from: keyAt(first),
    to: d.valueEnd,
    fix: {
      description: 'Put each directive on a line of its own.',
      edits: matches.map((m) => ({ start: d.valueStart + m.index!, end: keyAt(m), text: eol })),
      // A rule before a `User-agent:` is targeted only where it stands; the fix may not decide
      // that it was meant for this line's group (the by-hand advice asks).
      ...(rule && head !== '' && !opening ? { targets: [decodeByteString(head)] } : {}),
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
export function gluedToComment(context: LintContext, line: number, span: LineSpan): void {
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
  if (d.kind === 'allow' || d.kind === 'disallow') return ruleByHand(context, line) ?? plain;
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

/** A rule line whose value goes on with a `User-agent:`: its rule (key and value) and that name. */
interface Opening {
  readonly rule: string;
  readonly agent: string;
}

/** `Disallow: / User-agent: MJ12bot`: the rule before the inner `User-agent:`, and its name. */
function opensGroup(context: LintContext, line: number): Opening | undefined {
  const d = context.directives[line];
  if (d === undefined || (d.kind !== 'allow' && d.kind !== 'disallow')) return undefined;
  const value = context.text.slice(d.valueStart, d.valueEnd);
  const matches = [...value.matchAll(SECOND_DIRECTIVE)];
  const first = matches[0];
  if (first === undefined || !/^user-?agent/i.test(first[1]!)) return undefined;
  const head = value.slice(0, first.index).trim();
  if (head === '') return undefined;
  const start = first.index! + first[0].length;
  const agent = value.slice(start, matches[1]?.index ?? value.length).trim();
  const key = d.kind === 'allow' ? 'Allow' : 'Disallow';
  return { rule: `${key}: ${decodeByteString(head)}`, agent: decodeByteString(agent) };
}

/** The next (or previous) line holding a directive, or undefined. */
function directiveBeside(context: LintContext, line: number, step: 1 | -1): number | undefined {
  for (let at = line + step; at > 0 && at < context.lines.length; at += step) {
    if (context.directives[at] !== undefined) return at;
  }
  return undefined;
}

/**
 * The run of rule lines around `line` that each go on with a `User-agent:`, and the group its
 * first line's rule stands in; undefined when that rule is the group's first (`User-agent:
 * Iron33` then `Disallow:/User-agent: Keyword Density`, corpus 0677): right after the group's
 * User-agent lines it is theirs, and splitting the run gives each rule to the crawler before it.
 */
function ruleRun(
  context: LintContext,
  line: number,
): { first: number; last: number; group: Group } | undefined {
  if (opensGroup(context, line) === undefined) return undefined;
  let first = line;
  for (let at = directiveBeside(context, first, -1); at !== undefined; ) {
    if (opensGroup(context, at) === undefined) break;
    first = at;
    at = directiveBeside(context, at, -1);
  }
  let last = line;
  for (let at = directiveBeside(context, last, 1); at !== undefined; ) {
    if (opensGroup(context, at) === undefined) break;
    last = at;
    at = directiveBeside(context, at, 1);
  }
  const group = context.robots.groups.find((g) => g.rules.some((r) => r.line === first));
  if (group === undefined || group.rules[0]!.line === first) return undefined;
  return { first, last, group };
}

/**
 * What to do by hand with a run of rule lines that each go on with a `User-agent:` (corpus
 * 1525: `Disallow: / User-agent: MJ12bot`, `Disallow: / User-agent: CCBot`, … in the `*`
 * group). Split as written, the first line's rule stays in the group it stands in, and blocks
 * what it names for every crawler of that group (there: the whole site, for every crawler);
 * each `User-agent:` most likely starts the group of the rule that opens the next line, and the
 * last one's crawler is left with no rule. The advice says both, and what was likely meant.
 */
function ruleByHand(context: LintContext, line: number): string | undefined {
  const run = ruleRun(context, line);
  if (run === undefined) return undefined;
  const { first, last, group } = run;
  const start = opensGroup(context, first)!;
  const end = opensGroup(context, last)!;
  const global = group.agents.some((a) => a.global);
  const names = group.agents.map((a) => `"${terminalSafe(a.value)}"`);
  const crawlers = global
    ? 'every crawler without a group of its own'
    : `${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}`;
  const pattern = start.rule.slice(start.rule.indexOf(':') + 1).trim();
  const where = /^\/?\**$/.test(pattern)
    ? 'the whole site'
    : `every URL "${terminalSafe(pattern)}" matches`;
  const effect = start.rule.startsWith('Disallow')
    ? `block ${crawlers} from ${where}`
    : `allow ${crawlers} ${where}`;
  const lines = first === last ? `line ${first}` : `lines ${first}–${last}`;
  const next = directiveBeside(context, first, 1);
  const nextOpening = next === undefined ? undefined : opensGroup(context, next);
  const nextKind = next === undefined ? undefined : context.directives[next]!.kind;
  const follows =
    nextOpening !== undefined
      ? `"${terminalSafe(nextOpening.rule)}" (the start of line ${next}) after it`
      : nextKind === 'allow' || nextKind === 'disallow'
        ? `its rules (line ${next} on) after it`
        : 'the rules meant for it after it';
  const after = directiveBeside(context, last, 1);
  const afterKind = after === undefined ? undefined : context.directives[after]!.kind;
  const orphan =
    last !== first && afterKind !== 'allow' && afterKind !== 'disallow'
      ? `; line ${last}'s "User-agent: ${terminalSafe(end.agent)}" has no rule after it, so give it the one meant (with none, that crawler may crawl everything)`
      : '';
  return `Do not split ${first === last ? 'it' : 'these lines'} as written: line ${first}'s "${terminalSafe(start.rule)}" would stay in the group of ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''} (line ${group.agents[0]!.line}) and ${effect}. Each "User-agent:" of ${lines} most likely starts the group of the rule that opens the next line: write "User-agent: ${terminalSafe(start.agent)}" on a line of its own with ${follows}, and so on${orphan}. Keep line ${first}'s "${terminalSafe(start.rule)}" in the group above only if it was meant for ${global ? 'every crawler' : 'those crawlers'}.`;
}
