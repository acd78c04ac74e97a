/**
 * Lint family `encoding`, its HTML page: what kind of page a body served as robots.txt is, read
 * from its title, first heading and opening text, and the one `html-content` finding it gets. Run
 * once, before the lines, when the body looks like HTML.
 *
 * A page without rules gives the same verdicts whether crawlers read it (no rules: everything
 * allowed) or take it for a missing file (a 4xx status: everything allowed, RFC 9309 §2.3.1.3):
 * when the page says it is an error, a missing file's page or a refusal of this fetch (a firewall's
 * or a network filter's page), it is an info that names the one status that would matter (5xx). A
 * server error's or maintenance page stays an error (served with its 5xx status, as such pages
 * are, it makes Google treat the whole site as disallowed), and so does any other page: a site's
 * page served for robots.txt (and every page Google reads rules out of).
 */

import { decodeByteString } from '../../util/bytes.js';
import { terminalSafe } from '../../util/terminal.js';
import type { LintContext } from '../context.js';

// How much of the body is read for the page's title and opening text.
const HEAD_CHARS = 8192;
// The opening visible text read for what the page says, when its title does not say it.
const OPENING_CHARS = 300;

const SERVER_ERROR =
  /\b5\d\d\b|internal server error|service unavailable|bad gateway|gateway time-?out|maintenance|temporarily unavailable/i;

// A missing file's page or an error page, in the languages the pages most often come in.
const MISSING =
  /\b40[34]\b|not found|no such file|(?:does ?n[o']t|not) exist|cannot be found|can[’']t be found|(?<!\b(?:in|an|the) )\berror(?:s|page)?\b|page unavailable|can[’']t be displayed|não encontrad|no encontrad|introuvable|non trouv|nicht gefunden|niet gevonden|non trovat|не найден|找不到|无法找到|不存在|存在しません|見つかりません|찾을 수 없/i;

// A refusal of this fetch: a firewall's, bot protection's or network filter's page, or a site
// closed to the fetcher's country.
const REFUSED =
  /forbidden|access denied|\b(?:blocked|banned)\b|request (?:was )?rejected|requested url was rejected|request unsuccessful|captcha|security service|not available (?:in your|to customers)|only available in|unzulässig/i;

// A page that only frames another page, filling the window: how a network filter shows its deny
// page for the URL asked for (an operator's block list), with no text of its own.
const WHOLE_FRAME = /<iframe\b[^>]*\bsrc=["']?(https?:\/\/[^"'\s>]+)[^>]*\bheight=["']?100%/i;

// Blanks of a byte string (not `\s`, which takes the byte 0xA0 of a UTF-8 character for one).
const BLANKS = /[\t\n\f\r ]+/g;

/** The text a page shows first (scripts, styles, markup and comments left out). */
function openingText(head: string): string {
  return decodeByteString(
    head
      .replace(/<(script|style|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
      .replace(/<!--[\s\S]*?(?:-->|$)|<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(BLANKS, ' ')
      .trim()
      .slice(0, OPENING_CHARS * 4),
  ).slice(0, OPENING_CHARS);
}

/** What a page's title, first heading or opening text says, or undefined. */
function pageSaying(text: string, says: RegExp, opening: boolean): string | undefined {
  const head = text.slice(0, HEAD_CHARS);
  const title = /<(title|h1)\b[^>]*>([^<]{1,480})<\/\1/gi;
  for (const m of head.matchAll(title)) {
    const words = decodeByteString(m[2]!.replace(BLANKS, ' ').trim()).slice(0, 120);
    if (says.test(words)) return words;
  }
  if (!opening) return undefined;
  const visible = openingText(head);
  const m = says.exec(visible);
  if (m === null) return undefined;
  // The sentence it stands in, as the page says it (at most 60 characters either side).
  const ends = /[.!?。！？]/g;
  let from = Math.max(0, m.index - 60);
  let to = Math.min(visible.length, m.index + m[0].length + 60);
  for (const end of visible.matchAll(ends)) {
    if (end.index < m.index && end.index >= from) from = end.index + 1;
    else if (end.index >= m.index + m[0].length) {
      to = Math.min(to, end.index + 1);
      break;
    }
  }
  return visible.slice(from, to).trim();
}

/** A page of no text of its own that frames another in the whole window: what it frames. */
function wholeFrame(head: string): string | undefined {
  const src = WHOLE_FRAME.exec(head)?.[1];
  if (src === undefined || openingText(head) !== '') return undefined;
  const url = decodeByteString(src);
  return `a page framing ${url.length > 60 ? `${url.slice(0, 60)}…` : url}`;
}

/** The `html-content` finding of an HTML body. */
export function reportHtmlPage(context: LintContext): void {
  const { text } = context;
  const rules = context.robots.groups.reduce((n, g) => n + g.rules.length, 0);
  const parsed = `${rules === 0 ? 'it has no rules, so everything is allowed' : `Google reads ${rules} rule${rules === 1 ? '' : 's'} out of it, whatever the page meant`}`;
  const error = pageSaying(text, SERVER_ERROR, false);
  const refused =
    error === undefined && rules === 0
      ? (pageSaying(text, REFUSED, true) ?? wholeFrame(text.slice(0, HEAD_CHARS)))
      : undefined;
  const missing =
    error === undefined && refused === undefined && rules === 0
      ? pageSaying(text, MISSING, true)
      : undefined;
  const said = (words: string) => `"${terminalSafe(words)}"`;
  const either =
    'Holding no rules, it gives the same verdicts whether crawlers read it (no rules) or take robots.txt for absent (a 4xx status, RFC 9309 §2.3.1.3): they may fetch everything. Only a 5xx status would matter: Google then treats the whole site as disallowed (§2.3.1.4).';
  context.report({
    code: 'html-content',
    line: 1,
    ...((refused !== undefined || missing !== undefined) && { severity: 'info' as const }),
    message:
      refused !== undefined
        ? `The body is a page refusing this fetch (${said(refused)}: a firewall's, bot protection's or network filter's page), not a robots.txt file: the fetcher was turned away, by the site or by a filter on its own network. ${either} To see what crawlers get, fetch robots.txt as they do (Search Console's robots.txt report shows Google's copy).`
        : missing !== undefined
          ? `The body is an error or missing file's page (${said(missing)}), not a robots.txt file: the server seems to have none. ${either} To block anything, serve a plain-text robots.txt.`
          : error === undefined
            ? `The body is an HTML page, not a robots.txt file (a server that answers a missing file with a page?). Crawlers parse it as robots.txt anyway: ${parsed}. Serve a plain-text robots.txt (or a 404).`
            : `The body is a server's error or maintenance page (${said(error)}), not a robots.txt file. Served with a 5xx status, as such pages usually are, it makes Google treat the whole site as disallowed until robots.txt can be fetched again (RFC 9309 §2.3.1.4); served with 200, crawlers parse it as robots.txt: ${parsed}. Fix the error so that the robots.txt file is served.`,
  });
}
