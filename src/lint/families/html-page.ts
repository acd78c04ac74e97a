/**
 * Lint family `encoding`, its HTML page: what kind of page a body served as robots.txt is, read
 * from its title, first heading and opening text (in the charset the page declares), and the one
 * `html-content` finding it gets. Run once, before the lines, when the body looks like HTML. A
 * plain-text body that holds no directive is read the same way ({@link messageFinding}): a
 * server's message (`404 page not found`) says what it is as a page does.
 *
 * A page without rules gives the same verdicts whether crawlers read it (no rules: everything
 * allowed) or take it for a missing file (a 4xx status: everything allowed, RFC 9309 §2.3.1.3):
 * when the page says it is an error, a missing file's page or a refusal of this fetch (a firewall's
 * or a network filter's page), it is an info that names the one status that would matter (5xx). A
 * server error's or maintenance page stays an error (served with its 5xx status, as such pages
 * are, it makes Google treat the whole site as disallowed), and so does any other page: a site's
 * page served for robots.txt (and every page Google reads rules out of).
 */

import { byteStringToBytes, decodeByteString, isAscii } from '../../util/bytes.js';
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
  /\b40[34]\b|not found|no such file|(?:does ?n[o']t|not) exist|cannot be found|can[’']t be found|(?<!\b(?:in|an|the) )\berror(?:s|page)?\b|page unavailable|can[’']t be displayed|não encontrad|no encontrad|introuvable|non trouv|nicht gefunden|niet gevonden|non trovat|не найден|has been removed|找不到|无法找到|無法找到|没有找到|沒有找到|未找到|不存在|存在しません|見つかりません|찾을 수 없|존재하지 않/i;

// A refusal of this fetch: a firewall's, bot protection's or network filter's page, or a site
// closed to the fetcher's country.
const REFUSED =
  /forbidden|access denied|\b(?:blocked|banned)\b|request (?:was )?rejected|requested url was rejected|request unsuccessful|captcha|security service|not available (?:in your|to customers)|only available in|unzulässig/i;

// A page that only frames another page, filling the window: how a network filter shows its deny
// page for the URL asked for (an operator's block list), with no text of its own.
const WHOLE_FRAME = /<iframe\b[^>]*\bsrc=["']?(https?:\/\/[^"'\s>]+)[^>]*\bheight=["']?100%/i;

// Blanks of a byte string (not `\s`, which takes the byte 0xA0 of a UTF-8 character for one).
const BLANKS = /[\t\n\f\r ]+/g;

// The charset a page declares: `<meta charset=gb2312>`, or a `Content-Type` in `http-equiv`.
const CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)/i;

/**
 * How a page's bytes read as text: in the charset it declares (`gb2312`, `Shift_JIS`, `EUC-KR`,
 * `windows-1251`: the platform's `TextDecoder` knows them, in Node and in browsers), unless they
 * are valid UTF-8 (a page whose declaration is wrong) or the charset is unknown.
 */
function pageDecoder(head: string): (bytes: string) => string {
  const label = CHARSET.exec(head)?.[1];
  let decoder: TextDecoder | undefined;
  try {
    decoder = label === undefined ? undefined : new TextDecoder(label);
  } catch {
    decoder = undefined;
  }
  // UTF-16 declared in an ASCII page means UTF-8 (as browsers read it); `replacement` reads nothing.
  if (
    decoder === undefined ||
    !/^(?:gb|big5|euc|iso-2022|shift|windows|iso-8859|koi|mac|ibm)/.test(decoder.encoding)
  )
    return decodeByteString;
  const legacy = decoder;
  return (bytes) => {
    if (isAscii(bytes)) return bytes;
    const utf8 = decodeByteString(bytes);
    return utf8.includes('\uFFFD') ? legacy.decode(byteStringToBytes(bytes)) : utf8;
  };
}

/** The text a page shows first (scripts, styles, markup and comments left out). */
function openingText(head: string, decode: (bytes: string) => string): string {
  return decode(
    head
      .replace(/<(script|style|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
      .replace(/<!--[\s\S]*?(?:-->|$)|<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(BLANKS, ' ')
      .trim()
      .slice(0, OPENING_CHARS * 4),
  ).slice(0, OPENING_CHARS);
}

/** The sentence of `visible` that a match of `says` stands in, or undefined. */
function sentenceSaying(visible: string, says: RegExp): string | undefined {
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

/** What a page's title, first heading or opening text says, or undefined. */
function pageSaying(text: string, says: RegExp, opening: boolean): string | undefined {
  const head = text.slice(0, HEAD_CHARS);
  const decode = pageDecoder(head);
  const title = /<(title|h1)\b[^>]*>([^<]{1,480})<\/\1/gi;
  for (const m of head.matchAll(title)) {
    const words = decode(m[2]!.replace(BLANKS, ' ').trim()).slice(0, 120);
    if (says.test(words)) return words;
  }
  return opening ? sentenceSaying(openingText(head, decode), says) : undefined;
}

/** A page of no text of its own that frames another in the whole window: what it frames. */
function wholeFrame(head: string): string | undefined {
  const src = WHOLE_FRAME.exec(head)?.[1];
  if (src === undefined || openingText(head, decodeByteString) !== '') return undefined;
  const url = decodeByteString(src);
  return `a page framing ${url.length > 60 ? `${url.slice(0, 60)}…` : url}`;
}

/** What a body says it is: a server's error, a refusal of the fetch or a missing file's page. */
interface Saying {
  readonly kind: 'error' | 'refused' | 'missing';
  readonly words: string;
}

/** What an HTML page says it is, or undefined (refusals and missing files only without rules). */
function pageSays(text: string, rules: number): Saying | undefined {
  const error = pageSaying(text, SERVER_ERROR, false);
  if (error !== undefined) return { kind: 'error', words: error };
  if (rules > 0) return undefined;
  const refused = pageSaying(text, REFUSED, true) ?? wholeFrame(text.slice(0, HEAD_CHARS));
  if (refused !== undefined) return { kind: 'refused', words: refused };
  const missing = pageSaying(text, MISSING, true);
  return missing === undefined ? undefined : { kind: 'missing', words: missing };
}

/**
 * What a plain-text body without rules says it is, or undefined: the first of the three that its
 * opening text says (`500 Server error` is a server's error; IIS's `The resource you are looking
 * for has been removed, … or is temporarily unavailable` a missing file's).
 */
function messageSays(text: string): Saying | undefined {
  const visible = decodeByteString(
    text
      .slice(0, OPENING_CHARS * 4)
      .replace(BLANKS, ' ')
      .trim(),
  ).slice(0, OPENING_CHARS);
  let first: { kind: Saying['kind']; at: number } | undefined;
  for (const [kind, says] of [
    ['error', SERVER_ERROR],
    ['refused', REFUSED],
    ['missing', MISSING],
  ] as const) {
    const at = visible.search(says);
    if (at >= 0 && (first === undefined || at < first.at)) first = { kind, at };
  }
  if (first === undefined) return undefined;
  const says = first.kind === 'error' ? SERVER_ERROR : first.kind === 'refused' ? REFUSED : MISSING;
  return { kind: first.kind, words: sentenceSaying(visible, says)! };
}

// What a body that holds no rules gives, crawlers reading it or taking robots.txt for absent.
const EITHER =
  'Holding no rules, it gives the same verdicts whether crawlers read it (no rules) or take robots.txt for absent (a 4xx status, RFC 9309 §2.3.1.3): they may fetch everything. Only a 5xx status would matter: Google then treats the whole site as disallowed (§2.3.1.4).';

/**
 * The severity (an info, or the code's own) and message of a body that says what it is, a page
 * or a server's plain-text message; `parsed` is what crawlers read out of it.
 */
function sayingFinding(
  saying: Saying,
  body: 'page' | 'message',
  parsed: string,
): { readonly info: boolean; readonly message: string } {
  const said = `"${terminalSafe(saying.words)}"`;
  switch (saying.kind) {
    case 'refused':
      return {
        info: true,
        message: `The body is a ${body} refusing this fetch (${said}: a firewall's, bot protection's or network filter's ${body}), not a robots.txt file: the fetcher was turned away, by the site or by a filter on its own network. ${EITHER} To see what crawlers get, fetch robots.txt as they do (Search Console's robots.txt report shows Google's copy).`,
      };
    case 'missing':
      return {
        info: true,
        message: `The body is an error or missing file's ${body} (${said}), not a robots.txt file: the server seems to have none. ${EITHER} To block anything, serve a plain-text robots.txt.`,
      };
    case 'error':
      return {
        info: false,
        message: `The body is a server's error or maintenance ${body} (${said}), not a robots.txt file. Served with a 5xx status, as such ${body}s usually are, it makes Google treat the whole site as disallowed until robots.txt can be fetched again (RFC 9309 §2.3.1.4); served with 200, crawlers parse it as robots.txt: ${parsed}. Fix the error so that the robots.txt file is served.`,
      };
  }
}

/** The `html-content` finding of an HTML body. */
export function reportHtmlPage(context: LintContext): void {
  const { text } = context;
  const rules = context.robots.groups.reduce((n, g) => n + g.rules.length, 0);
  const parsed = `${rules === 0 ? 'it has no rules, so everything is allowed' : `Google reads ${rules} rule${rules === 1 ? '' : 's'} out of it, whatever the page meant`}`;
  const saying = pageSays(text, rules);
  const found = saying === undefined ? undefined : sayingFinding(saying, 'page', parsed);
  context.report({
    code: 'html-content',
    line: 1,
    ...(found?.info === true && { severity: 'info' as const }),
    message:
      found?.message ??
      `The body is an HTML page, not a robots.txt file (a server that answers a missing file with a page?). Crawlers parse it as robots.txt anyway: ${parsed}. Serve a plain-text robots.txt (or a 404).`,
  });
}

/**
 * What a plain-text body holding no directive says it is, as an HTML page's title does: the
 * severity and message of its `ignored-line` finding, or undefined when it says none of the three.
 */
export function messageFinding(
  text: string,
): { readonly info: boolean; readonly message: string } | undefined {
  const saying = messageSays(text);
  return saying === undefined
    ? undefined
    : sayingFinding(saying, 'message', 'it has no rules, so everything is allowed');
}
