/**
 * A raw space in a rule that may stand in a query string (a search term): URLs carry it as "%20"
 * or, sent from an HTML form (application/x-www-form-urlencoded), as "+", so the rule is written
 * both ways. Part of lint family `values` (`unencoded-character`).
 */

import { decodeByteString } from '../../../util/bytes.js';
import { terminalSafe } from '../../../util/terminal.js';
import type { DirectiveSpan, LintContext } from '../../context.js';
import { lineBreakOf } from '../../fix.js';
import { coveredBy } from './hosts.js';

/**
 * Whether a value's spaces are typos, not part of any URL: each beside `*`, `?`, `&` or `=`
 * (`/* jsessionid=`), none between two other characters.
 */
export function spaceTypo(value: string): boolean {
  return /[*?&=][\t ]+|[\t ]+[*?&=]/.test(value) && !/[^\t *?&=][\t ]+[^\t *?&=]/.test(value);
}

/**
 * Where the spaces of a rule value may stand in a query string, or -1 when each is plainly in the
 * path: from a `?` followed by a space (`/search?q=red shoes`), or from the `*` before a space in a
 * `*…*` run with no `/` in it (`*counter feit*`: a search term sought anywhere).
 * Not beside a character only a path encodes (`*{{ thumb }}*`, judge M 1975: a template's
 * placeholder, written as a path).
 */
export function queryLikeSpace(value: string): number {
  if (/[`{}\\]/.test(value)) return -1;
  const question = value.indexOf('?');
  if (question >= 0 && value.indexOf(' ', question) > question) return question;
  const space = value.indexOf(' ');
  if (space < 0) return -1;
  // The space's word between two `*`, with no `/` in that run: not a path segment
  // (`/*/penerbangan termurah-*` names a folder).
  const star = value.lastIndexOf('*', space);
  const end = value.indexOf('*', space);
  return star >= 0 && end > space && !value.slice(star, end).includes('/') ? star : -1;
}

/**
 * A rule whose space may be in a query string ({@link queryLikeSpace}): reported with a fix that
 * writes it twice, with the space as "%20" (how URL serializers encode it) and as "+" (how an HTML
 * form encodes it), each checked as a target of the fix. False (nothing reported) for a space
 * plainly in the path.
 */
export function bothEncodings(
  context: LintContext,
  line: number,
  d: DirectiveSpan,
  value: string,
  /** The value with every character a URL carries percent-encoded encoded. */
  encode: (value: string) => string,
): boolean {
  const query = queryLikeSpace(value);
  if (query < 0 || spaceTypo(value)) return false;
  const encodings = [
    encode(value),
    encode(`${value.slice(0, query)}${value.slice(query).replaceAll(' ', '+')}`),
  ];
  const forms = encodings.map(decodeByteString);
  const shown = terminalSafe(decodeByteString(value));
  const covers = encodings.map((meant) => coveredBy(context, line, d, meant, true));
  const message = `"${shown}" holds a space, which a URL never carries unescaped, so this rule never matches the paths it names. The space may be in a query string (a search term), where a URL carries it as "%20" or, sent from a form, as "+": write both rules, "${terminalSafe(forms[0]!)}" and "${terminalSafe(forms[1]!)}".`;
  const key = decodeByteString(context.text.slice(d.keyStart, d.keyEnd));
  // Both rules as meant are already blocked by others of the group: the fix deletes the line.
  const covered = covers[0] !== undefined && covers[1] !== undefined ? covers[0].fix : undefined;
  context.report({
    code: 'unencoded-character',
    line,
    message,
    from: d.valueStart + value.indexOf(' '),
    to: d.valueEnd,
    fix: covered ?? {
      description: `Write both "${key}: ${terminalSafe(forms[0]!)}" and "${key}: ${terminalSafe(forms[1]!)}"`,
      edits: [
        {
          start: d.valueStart,
          end: d.valueEnd,
          text: `${forms[0]}${lineBreakOf(context, line)}${key}: ${forms[1]}`,
        },
      ],
      targets: forms,
      otherwise: 'Write the rule twice by hand, with the space as "%20" and as "+".',
      whenUnchanged: UNENCODED_UNCHANGED,
    },
  });
  return true;
}

/**
 * A rule another rule already covers (`/sitecore` above `/sitecore modules/`): fixing it changes
 * no verdict of a URL a crawler requests.
 */
export const UNENCODED_UNCHANGED =
  'Nothing is lost: the other rules already decide every URL it names as the fixed line would, so this is tidying only.';
