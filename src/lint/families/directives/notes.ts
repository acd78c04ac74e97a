/**
 * Lines of the directives family written for people or another reader, not for crawlers: a
 * server's message served as the file, lines that are no directive (a lone word, a sentence, ASCII
 * art without its `#`), notes written as a key (`Added 17.6.2019`), and the blocks of a
 * convention its own tool reads (`User-agent: AGLS` / `Meta:`). Checked line by line with the keys.
 */

import { MAX_LINE_LENGTH } from '../../../parse/tokenize.js';
import { asciiLowerCase, decodeByteString, isSpace } from '../../../util/bytes.js';
import { terminalSafe } from '../../../util/terminal.js';
import { type WrittenBlock, writtenBlocks } from '../../blocks.js';
import type { DirectiveSpan, LineSpan, LintContext } from '../../context.js';
import { knownCrawlerToken, nearCrawlerName } from '../../crawler-names.js';
import { messageFinding } from '../html-page.js';
import { keyLike, misspeltKey, nearKey } from '../key-typos.js';
import { known, UNSUPPORTED } from './keys.js';

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

/**
 * The one finding of a body that holds no key a crawler reads; false for a line without text. A
 * body that says it is a missing file's or a refusal's message (`404 page not found`, judge 4B
 * 3992) is an info, as such an HTML page is: read with the page's words (`html-page.ts`).
 */
export function serverMessage(context: LintContext, span: LineSpan, line: number): boolean {
  const { start, end } = lineText(context, span);
  if (start === end) return false;
  const shown = terminalSafe(
    decodeByteString(context.text.slice(start, Math.min(end, start + 60))),
  );
  const says = messageFinding(context.text);
  context.report({
    code: 'ignored-line',
    line,
    ...(says?.info === true && { severity: 'info' as const }),
    message:
      says?.message ??
      `The file holds no robots.txt directive, only text such as "${shown}" (a server's message served as the file?). Crawlers parse it as robots.txt anyway: it has no rules, so everything is allowed. Serve the robots.txt file (or a 404 if there is none).`,
    from: start,
    to: end,
  });
  return true;
}

export function ignoredLine(context: LintContext, span: LineSpan, line: number): void {
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
export function isDecoration(text: string): boolean {
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
export function isNote(context: LintContext, d: DirectiveSpan, line: number): boolean {
  const raw = context.text.slice(d.keyStart, d.keyEnd);
  if (!/^[A-Za-z]+(?:[\t ]+[A-Za-z]+)*$/.test(raw)) return false;
  if (known(context, d) || /^https?$/i.test(raw) || /^acap-/i.test(raw)) return false;
  const value = context.text.slice(d.valueStart, d.valueEnd);
  if (/[/*]|https?:|\.[a-z]{2,}\b/i.test(value)) return false;
  if (!DATE.test(value) && !/[\t ]/.test(raw)) return false;
  return misspeltKey(context, line, d) === undefined;
}
