/**
 * The fix of a `blocked-resources` finding: Allow lines that outrank the blocking rule for the
 * CSS and JavaScript under it, or removing a rule that names the files itself; checked on one
 * copy of the file before it is offered.
 */

import { byteStringBody } from '../../../parse/body.js';
import { ParsedRobotsTxt } from '../../../robots.js';
import type { Explanation, RobotsTxt, Rule } from '../../../types.js';
import { andList } from '../../blocks.js';
import type { LintContext } from '../../context.js';
import type { FixEdit } from '../../types.js';
import type { ResourceKind } from './layouts.js';

/** What a fix does to the blocking line. */
export type Remedy =
  /**
   * Add these Allow lines after it; `typed`: the rule names the files' own type without `$`
   * (`/*.js`), so it matches other files too (`.json`, `.jsp`) and stays for them.
   */
  | { readonly kind: 'add'; readonly allows: readonly string[]; readonly typed?: string }
  /** Remove it: it names the blocked files' type (`/*.js$`). */
  | { readonly kind: 'remove' }
  /** Make it an Allow: it names the very file that serves them (`/WebResource.axd`). */
  | { readonly kind: 'swap' };

/** A blocking line, its blocked URLs and the edit that would open them. */
export interface Proposal {
  readonly line: number;
  readonly explanation: Explanation;
  readonly blocked: readonly (readonly [ResourceKind, string])[];
  readonly remedy: Remedy;
  readonly edit: FixEdit;
}

export function propose(
  context: LintContext,
  line: number,
  explanation: Explanation,
  blocked: readonly (readonly [ResourceKind, string])[],
): Proposal {
  const remedy = remedyFor(
    explanation.rule!.value,
    blocked.map(([kind, url]) => [kind as 'css' | 'js', url] as const),
  );
  const span = context.lines[line]!;
  const eol = context.text.slice(span.end, span.end + 2) === '\r\n' ? '\r\n' : '\n';
  const next = context.lines[line + 1]?.start ?? context.text.length;
  const d = context.directives[line]!;
  const edit: FixEdit =
    remedy.kind === 'remove'
      ? { start: span.start, end: next, text: '' }
      : remedy.kind === 'swap'
        ? { start: d.keyStart, end: d.keyEnd, text: 'Allow' }
        : {
            start: span.end,
            end: span.end,
            text: remedy.allows.map((a) => `${eol}Allow: ${a}`).join(''),
          };
  return { line, explanation, blocked, remedy, edit };
}

/**
 * How to open the blocked files: Allow patterns that outrank the Disallow, longer than it (RFC
 * 9309 §2.2.2: the longest match wins) and anchored as Drupal's own robots.txt writes them
 * (`/core/*.js$` and `/core/*.js?`), so that they open `.js` files with or without a query but
 * not `.json` or `.jsp`; a rule that only blocks URLs with a query gets the `?` form alone, and a
 * file served without such an extension (`/WebResource.axd?d=…`) an Allow of its path, which
 * outranks a rule on its type (`*.axd`) by length. A rule that names the files' own type
 * (`/*.js$`) should go, unless it is written without `$` (`/*.js` matches `.json` and `.jsp`
 * too): then `/*.js$` and `/*.js?` outrank it for the files alone. One that names the very file
 * (`/WebResource.axd`) should be an Allow.
 */
export function remedyFor(
  value: string,
  blocked: readonly (readonly ['css' | 'js', string])[],
): Remedy {
  const paths = blocked.map(([, url]) => url.split('?')[0]!);
  const types = paths.map((path) => /\.[A-Za-z0-9]+$/.exec(path)?.[0].toLowerCase());
  const literal = value.replace(/[*$]+$/, '');
  if (!literal.includes('*') && paths.includes(literal)) return { kind: 'swap' };
  // A rule on the files' own type (`*.js$`), or on the very handler that serves them by its name
  // (`*/WebResource.axd*`), matches nothing else: it goes. One on a handler's type (`*.axd`)
  // matches every handler of it, Trace.axd and elmah.axd too, which owners block on purpose: it
  // stays, and the handlers that serve the files get Allows below.
  const named = types.flatMap((type, i) =>
    type !== undefined && new RegExp(`\\${type}\\b`, 'i').test(value) ? [i] : [],
  );
  const itself = (i: number) =>
    types[i] === `.${blocked[i]![0]}` ||
    value.toLowerCase().includes(paths[i]!.slice(paths[i]!.lastIndexOf('/') + 1).toLowerCase());
  if (named.length > 0 && named.every(itself)) {
    // Written without `$` (`/*.js`, `/*.js*`), the type is a prefix of others (`.json`, `.jsp`,
    // `.jsx`, `.js.map`) and of folders (`/x.js/`): removing the rule opens those too, so the
    // files' own type, with or without a query, gets Allows that outrank it (judge Y, 2572).
    const stem = value.replace(/[*$]+$/, '');
    const type = /\.(?:css|js)$/i.exec(stem)?.[0];
    if (type === undefined || value.endsWith('$')) return { kind: 'remove' };
    return { kind: 'add', allows: [`${stem}$`, `${stem}?`], typed: type.toLowerCase() };
  }
  const prefix = value.replace(/[*$]+$/, '');
  const join = (base: string, tail: string) => `${base}*${tail}`.replace(/\*\*+/g, '*');
  const query = prefix.indexOf('?');
  const base = (query >= 0 ? prefix.slice(0, query) : prefix) || '/';
  const allows = new Set<string>();
  blocked.forEach(([kind], i) => {
    if (types[i] !== `.${kind}`) allows.add(paths[i]!);
    else if (query >= 0) allows.add(join(base, `.${kind}?`));
    else {
      allows.add(join(base, `.${kind}$`));
      allows.add(join(base, `.${kind}?`));
    }
  });
  return { kind: 'add', allows: [...allows] };
}

/** A URL a proposal blocks that its edits leave blocked, and the line (of the file) that does. */
export interface LeftBlocked {
  readonly url: string;
  readonly line: number;
  readonly rule: Rule;
}

/** What {@link verifyFixes} found, proposal by proposal. */
export interface FixesChecked {
  /** The proposals whose edits open every URL they block. */
  readonly verified: Set<Proposal>;
  /**
   * Of the others, the URLs another line of the file still blocks once every edit is made
   * (`/js/main.js` by `Disallow: /js/` after `Disallow: *.js$` is removed): the line decides them
   * then, and the advice must say so.
   */
  readonly left: Map<Proposal, LeftBlocked[]>;
}

/**
 * Checks the proposals (with the `extra` edits of their fix: narrower lines it deletes) on one
 * copy of the file with every edit applied (a parse of the file, whatever the number of lines):
 * which open their blocked URLs to Googlebot, and for the others which lines still block them.
 */
export function verifyFixes(
  context: LintContext,
  items: readonly { readonly proposal: Proposal; readonly extra?: readonly FixEdit[] }[],
): FixesChecked {
  const verified = new Set<Proposal>();
  const left = new Map<Proposal, LeftBlocked[]>();
  if (items.length === 0) return { verified, left };
  const proposals = items.map((i) => i.proposal);
  const edits = items
    .flatMap((i) => [i.proposal.edit, ...(i.extra ?? [])])
    .sort((a, b) => a.start - b.start);
  // The copy's spans that are the file's, as [start in the copy, start in the file, length].
  const kept: [number, number, number][] = [];
  let text = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.start > at) kept.push([text.length, at, edit.start - at]);
    text += context.text.slice(at, Math.max(at, edit.start)) + edit.text;
    at = Math.max(at, edit.end);
  }
  kept.push([text.length, at, context.text.length - at]);
  text += context.text.slice(at);
  const changed: RobotsTxt = new ParsedRobotsTxt(byteStringBody(text), context.parseOptions);
  const lineOf = fileLines(context, text, kept);
  for (const proposal of proposals) {
    const still: LeftBlocked[] = [];
    for (const [, url] of proposal.blocked) {
      const e = changed.explain(url, 'Googlebot');
      if (e.allowed) continue;
      const line = e.rule === undefined ? undefined : lineOf(e.line);
      if (line !== undefined && line !== proposal.line) still.push({ url, line, rule: e.rule! });
    }
    if (proposal.blocked.every(([, url]) => changed.explain(url, 'Googlebot').allowed)) {
      verified.add(proposal);
    } else if (still.length > 0) {
      left.set(proposal, still);
    }
  }
  return { verified, left };
}

/** The line of the file a line of the copy comes from; undefined for a line an edit wrote. */
function fileLines(
  context: LintContext,
  copy: string,
  kept: readonly (readonly [number, number, number])[],
): (line: number) => number | undefined {
  let starts: number[] | undefined;
  const byStart = new Map<number, number>();
  context.lines.forEach((span, line) => {
    if (span !== undefined) byStart.set(span.start, line);
  });
  return (line) => {
    if (starts === undefined) {
      starts = [0];
      for (let i = 0; i < copy.length; i++) {
        const c = copy.charCodeAt(i);
        if (c === 10 || (c === 13 && copy.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
      }
    }
    const start = starts[line - 1];
    if (start === undefined) return undefined;
    const span = kept.find(([from, , length]) => start >= from && start < from + length);
    return span === undefined ? undefined : byStart.get(span[1] + start - span[0]);
  };
}

/** `"a"`, `"a" and "b"`, `"a", "b" and "c"`. */
export function listed(items: readonly string[]): string {
  return andList(items.map((i) => `"${i}"`));
}
