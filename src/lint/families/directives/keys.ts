/**
 * The keys of the directives family: those Google reads, those its report calls recognised but
 * unsupported (with what to tell a site owner of each), and which of them other crawlers honour.
 * Read by the family's checks of every line.
 */

import { asciiLowerCase } from '../../../util/bytes.js';
import type { DirectiveSpan, LintContext } from '../../context.js';

/**
 * Keys other crawlers act on (or once did): that Google ignores them is worth knowing, not a
 * warning, wherever they stand — in a group, in `*`, or outside any group — since other crawlers
 * still read them there. Only a value no reader can use (`Crawl-delay: soon`) is a warning.
 */
export const HONOURED_ELSEWHERE: ReadonlySet<string> = new Set([
  'crawl-delay',
  'clean-param',
  'request-rate',
  'visit-time',
  'host',
  'domain',
  'revisit-after',
]);

/** Keys whose effect a site owner expects from Google: a tag or a header gives it. */
export const PAGE_TAGS: ReadonlySet<string> = new Set(['noindex', 'nofollow', 'noarchive']);

export const CANONICAL = {
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
export const UNSUPPORTED: Readonly<Record<string, string>> = {
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

/** Keys Google records but that are written for other readers (AI crawlers): info, not warning. */
export const FOR_OTHER_READERS: ReadonlySet<string> = new Set(['content-signal', 'content-usage']);

/** Whether a crawler reads the directive's key: a rule, a group line, or an extension. */
export function known(context: LintContext, d: DirectiveSpan): boolean {
  return (
    d.kind !== 'unknown' ||
    Object.hasOwn(UNSUPPORTED, asciiLowerCase(context.text.slice(d.keyStart, d.keyEnd)))
  );
}
