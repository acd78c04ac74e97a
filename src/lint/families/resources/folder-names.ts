/**
 * The names of a site's folders, and what each name says it holds: styles, scripts or both
 * (`/css/`, `/assets/`, a theme's folder), documents, images, third-party libraries, pages no
 * crawler renders. `site-folders.ts` reads the rules with them; `resources.ts` reads what an
 * Allow opens (`namedKinds`).
 */

import { perValue } from './memo.js';

/**
 * A folder of both styles and scripts. A theme's or skin's folder holds its styles and scripts,
 * and so does a static folder by a compound name (`web-statics`, `webstatic`, `static-files`);
 * `_resources` is Modern Campus's (OU Campus) folder of the site's own, `site-assets`
 * TerminalFour's, `_designs` Squiz Matrix's (its design files). A compound whose first word names
 * what users upload (`ugcstatic`, `user-static`, `uploadstatic`; judge L 3907) holds their
 * uploads, not the pages' styles and scripts.
 */
export const BOTH: RegExp =
  /^_?(?:assets|static|dist|themes?|skins?)$|^_resources$|^site-assets$|^_designs$|^(?!(?:ugc|users?|uploads?)[-_.]?statics?$)(?:[a-z]+[-_.]?)?statics?$|^statics?[-_.]?(?:files|content|assets|resources)$/i;

/** A folder name that holds a site's scripts or styles, and which of them. */
export const RESOURCE_FOLDERS: readonly (readonly [RegExp, readonly ('css' | 'js')[]])[] = [
  // A leading `_` or `-` keeps the folder apart from pages (`/_css/`, Loughborough's `/-css/`),
  // and a number one generation from the next (TripAdvisor's `/js2/`, `/js3/` beside `/js/`).
  // `App_` is ASP.NET's prefix of the site's special folders (App_Themes, App_Code), which
  // sites follow for their own (`/App_Js/`, judge Z 2329).
  [/^(?:[-_]|app_)?(?:css|styles?|stylesheets)\d?$/i, ['css']],
  [/^(?:[-_]|app_)?(?:js|javascripts?)\d?$|^app_scripts?$/i, ['js']],
  // A folder named for jQuery (`/jQuery/`, `/jquery-ui/`, `/jquery-1.12.4/`), the JavaScript
  // library, holds it and its plugins.
  [/^jquery(?:[-_.]?(?:ui|mobile|plugins?|\d[\d.]*(?:min)?))?$/i, ['js']],
  [BOTH, ['css', 'js']],
];

/** Folders of both kinds that may hold a publication's documents too. */
export const DOCUMENT_HOLDERS: RegExp =
  /^_?(?:assets|static|dist)$|^_resources$|^site-assets$|^(?:[a-z]+[-_.]?)?statics?$|^statics?[-_.]?(?:files|content|assets|resources)$/i;

/** A document's file type, as a rule names it (`/us/en/*.pdf`, `…/assets/report.pdf`). */
export const DOCUMENT: RegExp = /\.(?:pdf|docx?|xlsx?|pptx?|rtf|odt|zip)\$?$/i;

/** A segment naming a document or a folder of them (`report.pdf`, `*.pdf$`, `docs`). */
const DOCUMENT_SEGMENT =
  /^(?:[^/]*\.(?:pdf|docx?|xlsx?|pptx?|zip)\$?|pdfs?|docs?|documents?|downloads?|files|forms)$/i;

/**
 * The names of resource folders of both kinds (`assets`, `static`) that the file's rules show
 * holding documents: a segment after one, at any depth, is a document or a folder of them
 * (`/assets/pdf/…`, `/us/en/assets/report.pdf`, `/assets/*.pdf`). Such a folder is the site's
 * downloads, not its styles and scripts.
 */
export function documentFolders(values: readonly string[]): Set<string> {
  const out = new Set<string>();
  const namesAt = perValue(values, 'document folders', documentFoldersOf);
  for (let i = 0; i < values.length; i++) for (const name of namesAt(i)) out.add(name);
  return out;
}

/** The names {@link documentFolders} takes from one value. */
function documentFoldersOf(value: string): string[] {
  const out: string[] = [];
  const segments = value.split('/');
  for (let i = 1; i + 1 < segments.length; i++) {
    const name = segments[i]!;
    if (
      DOCUMENT_HOLDERS.test(name) &&
      DOCUMENT_SEGMENT.test(segments[i + 1]!.replace(/^\*+/, 'x'))
    ) {
      out.push(name.toLowerCase());
    }
  }
  return out;
}

/**
 * `scripts` holds JavaScript inside a folder of the site's resources (`/static/script/`), or
 * beside a folder of styles the rules name in the same folder (`/scripts/` beside `/css/` or
 * `/less/`, judge O 1529: the site's own front end); alone, or where the rules name Drupal's
 * `profiles/` in the same folder, it is no such folder (Drupal 7's holds shell scripts).
 */
export const SCRIPTS: RegExp = /^scripts?$/i;

/** A folder of styles (`css`, `styles`) or of their sources (`less`, `scss`, `sass`). */
export const STYLES: RegExp = /^[-_]?(?:css|styles?|stylesheets|less|s[ac]ss)$/i;

/** Words naming a theme or skin gallery as often as a folder of one (Yandex's `/themes`). */
export const PAGE_LIKE: RegExp = /^(?:themes?|skins?)$/i;

/**
 * A top folder of listing pages by a taxonomy of the site's items (games by genre and platform,
 * posts by tag): among two or more of them, a `/theme/` is one more such listing (judge N, 4949).
 */
export const TAXONOMY: RegExp =
  /^\/(?:genres?|platforms?|tags?|categor(?:y|ies)|topics?|authors?|series|brands?|subjects?)\/?\**$/i;

/** A folder name that shows the file's site keeps scripts and styles in folders of its own. */
export const HINTS: RegExp =
  /^_?(?:css|styles?|stylesheets|js|javascripts?|assets|static|scripts?|includes?|modules|packages|plugins|templates|libs?|media|fonts?)$/i;

/**
 * Folders whose files serve the whole site (a CMS's plugins, themes and modules), not only the
 * pages of the folder above them.
 */
export const SITE_WIDE: RegExp =
  /^\/(?:wp-content|wp-includes|sites|modules|themes|plugins|templates|media|core|skin)\//i;

/**
 * A folder of pages no crawler is meant to render: administration, and Cloudflare's own
 * endpoints.
 */
export const NOT_PAGES: RegExp =
  /^(?:wp-admin|admin|administrator|dashboard|backend|backoffice|cms|cdn-cgi)$/i;

/** A folder of third-party scripts and styles, inside a folder of the site's resources. */
export const LIBRARY: RegExp =
  /^(?:vendors?|libs?|librar(?:y|ies)|plugins|components|bootstrap|jquery[\w.-]*|node_modules|bower_components)$/i;

/**
 * A folder named for what its scripts do that pages render without: a paywall, a consent
 * banner, advertising, tracking, promotion (`promo`, `xpromo`, `cross-promo`: the widgets that
 * advertise a site's other properties, judge 4B 5179). Kept from crawlers on purpose, often.
 */
export const PURPOSE: RegExp =
  /paywall|consent|(?:^|[-_.])(?:cmp|cookies?|gdpr|ads?|adverts?|advertising|tracking|trackers?|analytics|x?promos?|cross[-_]?promos?)(?:$|[-_.])/i;

/** Microsoft FrontPage's theme folder, beside its `_vti_*` folders (FrontPage ended in 2006). */
export const FRONTPAGE_THEMES: RegExp = /^_themes$/i;

/**
 * A folder of images by its name (`/images/`, `/-images/`, TYPO3's `user_upload`); `photos` or
 * `image` name pages as often (`/captcha/image/`, `/search/photos/`).
 */
export const IMAGE_FOLDER: RegExp = /^[-_]?(?:images|imgs?|imagecache|user_upload)$/i;

/**
 * The kinds of files an Allow opens by a folder's name or a file type (`Allow: /static/`,
 * `Allow: /*.css`, `Allow: /images/`): it shows where the site keeps them.
 */
export function namedKinds(value: string): Set<'css' | 'js' | 'image'> {
  const kinds = new Set<'css' | 'js' | 'image'>();
  for (const segment of value.split('/')) {
    const name = segment.replace(/[*$]/g, '');
    for (const kind of RESOURCE_FOLDERS.find(([re]) => re.test(name))?.[1] ?? []) kinds.add(kind);
    if (IMAGE_FOLDER.test(name) || /^(?:media|uploads?)$/i.test(name)) kinds.add('image');
  }
  if (/\.css\b/i.test(value)) kinds.add('css');
  if (/\.js\b/i.test(value)) kinds.add('js');
  if (/\.(?:png|jpe?g|gif|webp|svg)\b/i.test(value)) kinds.add('image');
  return kinds;
}
