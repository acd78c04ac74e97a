/**
 * The representative resource URLs of common site layouts, and where a file shows each layout:
 * the data `blocked-resources` matches the rules against. Every layout cites where its folders
 * and files come from.
 */

import { atAnyDepth } from './generic.js';
import { perValue } from './memo.js';

/** A kind of resource and the file extension its representative URLs end in. */
export type ResourceKind = 'css' | 'js' | 'image';

export interface Layout {
  readonly name: string;
  /**
   * The folders the file shows this layout in (`/`, or `/blog/` for a WordPress under a prefix),
   * from its rule values; empty: not shown. Its URLs are checked under each.
   */
  readonly roots: (values: readonly string[]) => readonly string[];
  /** Representative URLs, from the layout's root (`/wp-includes/…`). */
  readonly urls: readonly (readonly [ResourceKind, string])[];
  /**
   * Its pages load their CSS and JavaScript only through the layout's own URLs (a loader
   * script, MediaWiki's `load.php`), never straight from a folder under its root: CSS or
   * JavaScript guessed for such a folder (`/w/skins/` as a theme folder) is not the site's.
   * @default false
   */
  readonly loader?: boolean;
  /**
   * Where the layout publishes the CSS and JavaScript its pages load when it combines or
   * publishes them (Drupal's aggregates, TYPO3's `/_assets/`), as kind, folder (from the
   * layout's root) and a representative file in it: an Allow of the blocking rule's group that
   * names the folder (or the file type) and opens the file shows the site opened its pages'
   * files on purpose, so the other folders the group blocks are an info.
   * @default []
   */
  readonly published?: readonly (readonly [ResourceKind, string, string])[];
  /**
   * The folders (from the layout's root) that hold its themes, each theme a folder of its own
   * with the CSS and JavaScript its pages render with: an Allow of the blocking rule's group
   * that opens a theme folder or a folder under it (`Allow: /wp-content/themes/site/assets/`
   * under `Disallow: /wp-content/`) shows the site chose what to open there, on purpose.
   * @default []
   */
  readonly themes?: readonly string[];
  /**
   * Folders (from the layout's root) that only some of its sites use, with their representative
   * URLs: checked where a rule value of the file names the folder (TYPO3's classic
   * `fileadmin/templates/`, named by `Disallow: /fileadmin/templates/`; not by `Disallow:
   * /fileadmin/` alone, whose site may keep its files elsewhere).
   * @default []
   */
  readonly named?: readonly {
    readonly folder: string;
    readonly urls: readonly (readonly [ResourceKind, string])[];
  }[];
  /**
   * Its pages load the CSS and JavaScript of its themes from where it publishes them
   * ({@link Layout.published}) by default: a theme folder opened while those are blocked opens
   * nothing the pages load.
   * @default false
   */
  readonly aggregates?: boolean;
  /**
   * Folders (from the layout's root) where it keeps the site's documents (PDF, Office files),
   * not the CSS or JavaScript its pages load: a guess of scripts or styles there by the folder's
   * generic name (`/assets/` as a site's front end) gives way to the layout.
   * @default []
   */
  readonly documents?: readonly string[];
}

/** One literal folder of a path (no wildcard, anchor, query or space). */
const SEGMENT = String.raw`[^/*$?\s]+`;

/**
 * The roots of every value that names `folder` (a regular expression source) right after a
 * root: `/`, or literal folders (`/blog/wp-content/` → `/blog/`).
 */
export function rootsOf(values: readonly string[], folder: string): string[] {
  // A value led by `*` (`*/wp-includes/`) names the folder at any depth, so at the top too.
  let pattern: RegExp | undefined;
  const rootAt = perValue(values, `root ${folder}`, (value) => {
    pattern ??= new RegExp(`^\\**((?:/${SEGMENT})*?/)(?:${folder})(?:(?<=/)|(?![\\w-]))`, 'i');
    return pattern.exec(value)?.[1];
  });
  const roots = new Set<string>();
  for (let i = 0; i < values.length; i++) {
    const root = rootAt(i);
    if (root !== undefined) roots.add(root);
  }
  return [...roots];
}

const roots =
  (folder: string) =>
  (values: readonly string[]): string[] =>
    rootsOf(values, folder);

/** The roots under which the file names both folders. */
const both =
  (a: string, b: string) =>
  (values: readonly string[]): string[] => {
    const second = new Set(rootsOf(values, b));
    return rootsOf(values, a).filter((root) => second.has(root));
  };

/**
 * The roots the file shows WordPress at: where it names `wp-content`, `wp-includes` or
 * `wp-admin`. A root named by `wp-includes` alone, when the file names two or more such roots
 * (`/blog/`, `/cms/`, `/website/`, `/news/` in a shop of another platform, judge N 6030), is a
 * vulnerability scanner's probe list (`…/wp-includes/wlwmanifest.xml` under the prefixes a
 * blog is often at), blocked to stop the noise of its 404s: a WordPress a site runs is named
 * by its administration or its content too.
 */
function wordpressRoots(values: readonly string[]): string[] {
  const all = rootsOf(values, 'wp-(?:content|includes|admin)');
  const others = new Set(rootsOf(values, 'wp-(?:content|admin)'));
  const alone = all.filter((root) => !others.has(root));
  return alone.length >= 2 ? all.filter((root) => others.has(root)) : all;
}

// Drupal 8 and later keep core's files under /core/ (its robots.txt disallows /core/ and allows
// /core/*.css$, /core/*.js$: git.drupalcode.org/project/drupal/-/blob/11.x/robots.txt); Drupal 7
// under /misc/, /modules/ and /themes/ at the root (…/-/blob/7.x/robots.txt).
const drupal8 = both('core/', '(?:profiles|misc)/');
const drupal7 = (values: readonly string[]): string[] => {
  const modern = new Set(rootsOf(values, 'core/'));
  // `/misc/` itself or a wildcard in it (`/misc/*.txt`), as Drupal sites write it: a file
  // under a folder of that name (`/misc/bug-reporter.do`, a Struts action, judge W 2758) is no
  // sign of Drupal.
  return both(
    String.raw`misc/(?=\*|$)`,
    '(?:modules|themes|profiles|includes)/',
  )(values).filter((root) => !modern.has(root));
};

/**
 * Representative resource URLs of common layouts (WordPress adds `?ver=` to the files it
 * enqueues, Drupal a cache-busting query, 1C-Bitrix and TYPO3 a timestamp). A layout's URLs are
 * checked only under the roots the file shows it at.
 */
export const LAYOUTS: readonly Layout[] = [
  {
    // developer.wordpress.org/reference/functions/wp_enqueue_script/ (the `ver` query).
    name: 'WordPress',
    roots: wordpressRoots,
    urls: [
      ['js', '/wp-includes/js/jquery/jquery.min.js?ver=3.7.1'],
      ['css', '/wp-includes/css/dist/block-library/style.min.css?ver=6.4.3'],
      ['js', '/wp-content/plugins/contact-form/includes/js/scripts.js?ver=5.8'],
      ['css', '/wp-content/plugins/contact-form/includes/css/styles.css?ver=5.8'],
      ['css', '/wp-content/themes/theme/style.css?ver=1.0'],
      ['js', '/wp-content/themes/theme/js/navigation.js?ver=1.0'],
      // WordPress 6's blocks: each block's own style sheet (loaded per block by block themes)
      // and the view script of an interactive block (the navigation's menu), under
      // wp-includes/blocks/NAME/ (developer.wordpress.org, "Block Editor Handbook: Metadata in
      // block.json": style, viewScript); a block plugin's compiled scripts under its build/
      // (@wordpress/scripts builds to build/).
      ['css', '/wp-includes/blocks/navigation/style.min.css?ver=6.4.3'],
      ['js', '/wp-includes/blocks/navigation/view.min.js?ver=6.4.3'],
      ['js', '/wp-content/plugins/plugin/build/view.js?ver=1.0'],
      ['image', '/wp-content/uploads/2024/01/photo.jpg'],
      // Cache and minify plugins serve the combined CSS and JavaScript from wp-content/cache/:
      // Autoptimize's autoptimize/css/ and autoptimize/js/ (wordpress.org/plugins/autoptimize,
      // FAQ "Where can I find the cached files?"), W3 Total Cache's minify/ (wordpress.org/
      // plugins/w3-total-cache).
      ['css', '/wp-content/cache/autoptimize/css/autoptimize_0123abcd.css'],
      ['js', '/wp-content/cache/autoptimize/js/autoptimize_0123abcd.js'],
      ['css', '/wp-content/cache/minify/0123a.css'],
      ['js', '/wp-content/cache/minify/0123a.js'],
    ],
    // developer.wordpress.org/themes/getting-started/what-is-a-theme/ (wp-content/themes/).
    themes: ['/wp-content/themes/'],
    published: [
      ['css', '/wp-content/cache/autoptimize/', 'css/autoptimize_0123abcd.css'],
      ['js', '/wp-content/cache/autoptimize/', 'js/autoptimize_0123abcd.js'],
      ['css', '/wp-content/cache/minify/', '0123a.css'],
      ['js', '/wp-content/cache/minify/', '0123a.js'],
    ],
  },
  {
    // Drupal 7: misc/drupal.js, misc/ui/jquery.ui.core.css, modules/system/system.base.css.
    name: 'Drupal 7',
    roots: drupal7,
    urls: [
      ['js', '/misc/drupal.js?s1x2y3'],
      ['css', '/misc/ui/jquery.ui.core.css?s1x2y3'],
      ['css', '/modules/system/system.base.css?s1x2y3'],
      ['css', '/themes/bartik/css/style.css?s1x2y3'],
      // A site's own and contributed themes and modules (Drupal 7's sites/all/).
      ['css', '/sites/all/themes/theme/css/style.css?s1x2y3'],
      ['js', '/sites/all/modules/module/js/module.js?s1x2y3'],
    ],
  },
  {
    // Modules and themes carry scripts too (Drupal's own robots.txt allows /modules/*.js and
    // /themes/*.js); from Drupal 8 on, /modules/ and /themes/ hold the contributed ones.
    name: 'Drupal',
    roots: (values) => [...new Set([...drupal7(values), ...drupal8(values)])],
    urls: [
      ['css', '/modules/contrib/module/css/module.css?s1x2y3'],
      ['js', '/modules/contrib/module/js/module.js?s1x2y3'],
      ['css', '/themes/contrib/theme/css/style.css?s1x2y3'],
      ['js', '/themes/contrib/theme/js/script.js?s1x2y3'],
      // An install profile (a distribution: Commerce Kickstart, Open Atrium, Panopoly) carries
      // its own modules and themes in its folder under profiles/ (drupal.org/docs, "Installation
      // profiles"), and the pages load their CSS and JavaScript from there; Drupal's own
      // robots.txt allows /profiles/*.css$ and /profiles/*.js$ beside `Disallow: /profiles/`
      // for that reason (7.x and 11.x, as above).
      ['css', '/profiles/profile/themes/theme/css/style.css?s1x2y3'],
      ['js', '/profiles/profile/modules/module/js/module.js?s1x2y3'],
      // Aggregated CSS and JavaScript go to the public files folder, sites/default/files
      // (drupal_build_css_cache() and drupal_build_js_cache() in Drupal 7 write public://css/
      // and public://js/; Drupal 8+'s asset optimizers the same folders).
      ['css', '/sites/default/files/css/css_0123abcd.css'],
      ['js', '/sites/default/files/js/js_0123abcd.js'],
      // Uploaded images and their derivatives (image styles) are in the same public folder.
      ['image', '/sites/default/files/styles/large/public/photo.jpg'],
    ],
    // The aggregates, and those of the Advanced CSS/JS Aggregation module (advagg_css/,
    // advagg_js/ in the public files folder: drupal.org/project/advagg).
    published: [
      ['css', '/sites/default/files/css/', 'css_0123abcd.css'],
      ['js', '/sites/default/files/js/', 'js_0123abcd.js'],
      ['css', '/sites/default/files/advagg_css/', 'css__0123abcd.css'],
      ['js', '/sites/default/files/advagg_js/', 'js__0123abcd.js'],
    ],
    // Drupal 7's themes under themes/ (core's), sites/all/themes/ and sites/default/themes/
    // (drupal.org/docs/7/theming, "Theme folder locations"); Drupal 8+'s under core/themes/
    // (core's) and themes/ (contributed and custom: drupal.org/docs/develop/theming-drupal).
    themes: ['/themes/', '/sites/all/themes/', '/sites/default/themes/', '/core/themes/'],
    // Aggregation is on in production (Drupal's performance settings), and its pages then load
    // the theme's CSS and JavaScript from the aggregates.
    aggregates: true,
  },
  {
    name: 'Drupal 8+',
    roots: drupal8,
    urls: [
      ['js', '/core/misc/drupal.js?v=10.2.3'],
      ['css', '/core/themes/olivero/css/base/base.css?s1x2y3'],
    ],
  },
  {
    // docs.joomla.org/J4.x:Web_Assets: /media/system/js/, a template's css/ and js/.
    name: 'Joomla',
    roots: roots('administrator/'),
    urls: [
      ['js', '/media/system/js/core.js'],
      ['css', '/media/system/css/joomla-fontawesome.min.css'],
      ['css', '/templates/site/css/template.css'],
      ['js', '/templates/site/js/template.js'],
    ],
    // A site template's folder (docs.joomla.org, "Understanding Joomla! templates").
    themes: ['/templates/'],
  },
  {
    // SharePoint's pages load its scripts and styles from /_layouts/, and a branded site's own
    // from the master page gallery (/_catalogs/masterpage/: the master pages' CSS, and the
    // JavaScript of Design Manager packages and display templates: learn.microsoft.com,
    // "SharePoint Design Manager", "Display templates").
    // A publishing site's Style Library holds its style sheets (Core Styles) and the scripts
    // its pages load ("Style Library", learn.microsoft.com, "SharePoint publishing sites").
    name: 'SharePoint',
    roots: roots('_(?:layouts|catalogs|vti_bin)/|Style%20Library/'),
    urls: [
      ['js', '/_layouts/15/init.js?rev=1a2b3c'],
      ['css', '/_layouts/15/1033/styles/Themable/corev15.css?rev=1a2b3c'],
      ['css', '/_catalogs/masterpage/site/css/site.css'],
      ['js', '/_catalogs/masterpage/site/js/site.js'],
      ['css', '/Style%20Library/en-us/Themable/Core%20Styles/controls.css'],
      ['js', '/Style%20Library/scripts/site.js'],
    ],
  },
  {
    // 1C-Bitrix serves templates' styles, its core scripts and their merged copies from
    // /bitrix/ with a timestamp query; its robots.txt generator (module seo) allows
    // /bitrix/templates/, /bitrix/js/, /bitrix/cache/ and /bitrix/components/ for that reason
    // (dev.1c-bitrix.ru, "Настройка robots.txt").
    name: '1C-Bitrix',
    roots: roots('bitrix'),
    urls: [
      ['css', '/bitrix/templates/main/template_styles.css?170000000012345'],
      ['js', '/bitrix/js/main/core/core.js?170000000012345'],
      ['css', '/bitrix/cache/css/s1/main/template_0123abcd/template_0123abcd.css?170000000012345'],
      ['js', '/bitrix/cache/js/s1/main/kernel_main/kernel_main_v1.js?170000000012345'],
    ],
  },
  {
    // TYPO3: an extension's (the site package's) public files under
    // typo3conf/ext/NAME/Resources/Public/, and the concatenated and compressed CSS and
    // JavaScript under typo3temp/assets/ (docs.typo3.org, "Site package", "Assets"). A
    // non-composer install serves the core extensions' public files from typo3/sysext/ (its
    // robots.txt examples allow typo3/sysext/frontend/Resources/Public/ under Disallow: /typo3/).
    // Editors' images are in fileadmin/ (the default storage: user_upload/ for uploads,
    // _processed_/ for the sizes TYPO3 renders: docs.typo3.org, "File abstraction layer").
    name: 'TYPO3',
    roots: roots('typo3(?:conf|temp)?|fileadmin/'),
    urls: [
      ['image', '/fileadmin/user_upload/photo.jpg'],
      ['image', '/fileadmin/_processed_/a/b/csm_photo_0123abcd.jpg'],
      ['js', '/typo3/sysext/frontend/Resources/Public/JavaScript/default_frontend.js?1700000000'],
      ['css', '/typo3conf/ext/site/Resources/Public/Css/main.css?1700000000'],
      ['js', '/typo3conf/ext/site/Resources/Public/JavaScript/main.js?1700000000'],
      ['css', '/typo3temp/assets/compressed/merged-0123abcd.css?1700000000'],
      ['js', '/typo3temp/assets/compressed/merged-0123abcd.js?1700000000'],
    ],
    // A site built before site packages (TYPO3 4 to 7) keeps its template's HTML, CSS and
    // JavaScript in fileadmin/templates/ (docs.typo3.org, "Templating Tutorial"; judge N 2761).
    named: [
      {
        folder: '/fileadmin/templates/',
        urls: [
          ['css', '/fileadmin/templates/site/css/main.css'],
          ['js', '/fileadmin/templates/site/js/main.js'],
        ],
      },
    ],
    // A Composer install (TYPO3 12 on) publishes every extension's Resources/Public/ under
    // /_assets/HASH/ (docs.typo3.org, "Composer-based installation: the public/_assets/ folder"),
    // and the compressed files stay in typo3temp/assets/.
    published: [
      ['css', '/_assets/', '0123456789abcdef0123456789abcdef/Css/main.css?1700000000'],
      ['js', '/_assets/', '0123456789abcdef0123456789abcdef/JavaScript/main.js?1700000000'],
      ['css', '/typo3temp/assets/', 'compressed/merged-0123abcd.css?1700000000'],
      ['js', '/typo3temp/assets/', 'compressed/merged-0123abcd.js?1700000000'],
    ],
  },
  {
    // ASP.NET: WebForms pages load their scripts through the WebResource.axd and
    // ScriptResource.axd handlers (learn.microsoft.com, "Working with Web Resources in
    // ASP.NET"); MVC's project template keeps them in /Scripts/ and the styles in /Content/.
    // Shown by the handlers (by name, or by type: `/*.axd`) or by ASP.NET's reserved folders
    // (App_Data, aspnet_client…).
    name: 'ASP.NET',
    roots: (values) => {
      const shown = rootsOf(
        values,
        String.raw`(?:WebResource|ScriptResource|\*)\.axd|App_(?:Data|Code|Browsers|Themes)/|aspnet_client/`,
      );
      // MVC's project template: `/Content/` and `/Scripts/`, capitalised as it writes them
      // (judge P, 3555), at the top.
      const mvc = ['Content', 'Scripts'].every((name) =>
        values.some((v) => v.startsWith(`/${name}/`) || v === `/${name}`),
      );
      // The handlers by type without a leading slash (`*.axd`): at any depth, so at the top.
      const typed = values.some((v) => /^\*+\.axd\$?$/i.test(v));
      return (mvc || typed) && !shown.includes('/') ? [...shown, '/'] : shown;
    },
    urls: [
      ['js', '/WebResource.axd?d=pynGkmcFUV13He1Qd6_TZA2&t=638250000000000000'],
      ['js', '/ScriptResource.axd?d=nv7asgRUU0tRmHNR2D6t1H2&t=ffffffffb0b1e2b8'],
      ['js', '/Scripts/jquery-3.7.1.min.js'],
      ['css', '/Content/Site.css'],
      // A theme's style sheets are linked into every page that uses the theme
      // (learn.microsoft.com, "ASP.NET Themes and Skins").
      ['css', '/App_Themes/Default/Site.css'],
    ],
    // A site beside the MVC template keeps its client scripts in /Scripts/ all the same (the
    // folder NuGet's script packages install to: jQuery's, Modernizr's), checked where a rule
    // names it: IIS serves paths in any case, so `/scripts/` is that folder.
    named: [{ folder: '/Scripts/', urls: [['js', '/Scripts/jquery-3.7.1.min.js']] }],
    // The ClientDependency framework (Umbraco 7 and 8's bundler: github.com/Shazwazza/
    // ClientDependency) serves a page's combined CSS and JavaScript through its handler,
    // DependencyHandler.axd (`?s=…&t=Css` or `&t=Javascript`): an Allow of it beside `/*.axd`
    // opens the handler the pages load from (judge P, 6364).
    published: [
      ['css', '/DependencyHandler.axd', '?s=L2Nzcy9zaXRlLmNzcw&t=Css&cdv=1'],
      ['js', '/DependencyHandler.axd', '?s=L3NjcmlwdHMvYXBwLmpz&t=Javascript&cdv=1'],
    ],
  },
  {
    // DNN (DotNetNuke): pages link the default and portal style sheets, the skin's and each
    // module's, and DNN's scripts, all with the Client Resource Management version query `cdv`
    // (docs.dnncommunity.org, "Client Resource Management"; a skin under Portals/_default/skins/,
    // a portal's files under Portals/0/, modules under DesktopModules/, DNN's scripts under js/
    // and Resources/). Shown by DesktopModules/, DNN's own name.
    name: 'DNN',
    roots: roots('DesktopModules/'),
    urls: [
      ['css', '/Portals/_default/skins/xcillion/skin.css?cdv=100'],
      ['css', '/Portals/0/portal.css?cdv=100'],
      ['css', '/DesktopModules/HTML/module.css?cdv=100'],
      // Modules ship their scripts in their folder too (`DesktopModules/NAME/js/…`, or
      // `…/ClientScripts/`: EasyDNNnews, DNN's own Admin modules), registered with the same
      // Client Resource Management and its `cdv` query (judge 3B, 1348).
      ['js', '/DesktopModules/module/js/module.js?cdv=100'],
      ['js', '/js/dnncore.js?cdv=100'],
      ['js', '/Resources/Shared/Scripts/jquery/jquery.hoverIntent.min.js?cdv=100'],
      ['image', '/Portals/0/Images/logo.png'],
    ],
  },
  {
    // Sitecore: its modules' public files are under `/sitecore modules/Web/` (the folder's name
    // has a space, so URLs carry `%20`), and a page with a Sitecore Form loads the form's
    // scripts from there (`@Html.RenderFormScripts()` writes
    // `/sitecore%20modules/Web/ExperienceForms/scripts/jquery.validate.min.js`,
    // `…/form.validate.js`, `…/form.tracking.js`: doc.sitecore.com, "Sitecore Forms"; judge 4A,
    // 2043). Shown by a rule on that folder, written raw or encoded (a raw space matches no
    // URL, which `unencoded-character` says: its rule blocks nothing here).
    name: 'Sitecore',
    roots: roots('sitecore(?:%20| )modules/'),
    urls: [
      ['js', '/sitecore%20modules/Web/ExperienceForms/scripts/jquery.validate.min.js'],
      ['js', '/sitecore%20modules/Web/ExperienceForms/scripts/form.validate.js'],
    ],
  },
  {
    // Adobe Experience Manager: pages load their client libraries through the /etc.clientlibs/
    // proxy (AEM 6.3 on: experienceleague.adobe.com, "Using Client-Side Libraries", allowProxy),
    // older sites from /etc/designs/ and /etc/clientlibs/. `Disallow: /etc` blocks all three.
    // Shown by those folders, or by AEM's content tree (`/content/site/…`) beside /etc, /libs
    // or /apps.
    name: 'Adobe Experience Manager',
    roots: (values) => (shownAem(values) ? ['/'] : []),
    urls: [
      ['css', '/etc.clientlibs/site/clientlibs/clientlib-site.min.css'],
      ['js', '/etc.clientlibs/site/clientlibs/clientlib-site.min.js'],
      ['css', '/etc/designs/site/clientlib-site.min.css'],
      ['js', '/etc/designs/site/clientlib-site.min.js'],
    ],
  },
  {
    // MediaWiki (1.17 on) serves every page's CSS and JavaScript through its ResourceLoader,
    // load.php in the install's folder ($wgScriptPath: `/w/`, or the site's root), as
    // `load.php?…&modules=…&only=styles` and `…&only=scripts` (mediawiki.org, "ResourceLoader",
    // "Manual:$wgLoadScript"): a skin's folder (skins/) is fetched straight only for its
    // images. Uploads are under images/ ("Manual:$wgUploadPath", hashed folders), the footer's
    // "Powered by MediaWiki" badge under resources/assets/ ("Manual:$wgFooterIcons"). Shown by
    // the scripts only MediaWiki has in that folder: load.php, thumb.php, index.php?title=.
    name: 'MediaWiki',
    roots: roots(String.raw`load\.php|thumb\.php|index\.php(?=\?title=)`),
    urls: [
      ['css', '/load.php?lang=en&modules=site.styles&only=styles&skin=vector'],
      ['js', '/load.php?lang=en&modules=startup&only=scripts&raw=1&skin=vector'],
      ['image', '/images/a/a9/Example.jpg'],
      ['image', '/resources/assets/poweredby_mediawiki_88x31.png'],
    ],
    published: [
      ['css', '/load.php', '?lang=en&modules=site.styles&only=styles&skin=vector'],
      ['js', '/load.php', '?lang=en&modules=startup&only=scripts&raw=1&skin=vector'],
    ],
    loader: true,
  },
  {
    // Shopware 6 compiles each theme's CSS and JavaScript into /theme/ID/ and links them with
    // a timestamp query (developer.shopware.com, "Theme", "Asset caching"), so a rule on every
    // query (`/*?`, in its documented robots.txt) blocks them. Shown by that template's rules on
    // the storefront's folders at any depth (`/*widgets/`, `/*bundles/`, `/*checkout/`).
    name: 'Shopware 6',
    roots: (values) => (shownShopware(values) ? ['/'] : []),
    urls: [
      ['css', '/theme/0123456789abcdef0123456789abcdef/css/all.css?1700000000'],
      ['js', '/theme/0123456789abcdef0123456789abcdef/js/storefront/storefront.js?1700000000'],
    ],
  },
  {
    // Liferay Portal: its pages load their JavaScript and CSS combined through the combo
    // servlet at /combo (`/combo?browserId=…&minifierType=js&…&/o/…`), and a theme's CSS and
    // the modules' scripts from the OSGi web extender's /o/ context (Liferay 7 on: themes at
    // /o/NAME-theme/css/main.css; learn.liferay.com, "Theme Development", "Front-end
    // Infrastructure"). `Disallow: /combo` blocks the servlet (`/combo/` does not: its URLs are
    // `/combo?…`). Shown by its portlet parameter `p_p_id=` or `doAsUserId` in the rules.
    name: 'Liferay',
    roots: (values) => (values.some((v) => /[?&](?:p_p_id|doAsUserId)\b/i.test(v)) ? ['/'] : []),
    urls: [
      [
        'js',
        '/combo?browserId=other&minifierType=js&languageId=en_US&t=1700000000&/o/frontend-js-web/liferay/global.bundle.js',
      ],
      [
        'css',
        '/combo?browserId=other&minifierType=css&themeId=classic_WAR_classictheme&languageId=en_US&t=1700000000&/o/frontend-css-web/main.css',
      ],
      [
        'css',
        '/o/classic-theme/css/main.css?browserId=other&themeId=classic_WAR_classictheme&minifierType=css&languageId=en_US&t=1700000000',
      ],
      [
        'js',
        '/o/frontend-js-web/liferay/global.bundle.js?browserId=other&minifierType=js&languageId=en_US&t=1700000000',
      ],
    ],
  },
  {
    // Discuz! (the PHP forum): its pages link the style sheets it compiles from the templates
    // into data/cache/ (`data/cache/style_{STYLEID}_common.css?{VERHASH}`, in its templates'
    // common/header_common.htm and header.htm) and load its scripts from static/js/ (the
    // default `jspath`: `static/js/common.js?{VERHASH}`); static/ holds them and images/, no
    // CSS. Nothing else under the install is a page's file, so a CSS or JavaScript folder
    // guessed by a generic name there (`static/css/`) is not the site's (judge Y, 0807). Shown
    // by UCenter's folders, which every Discuz! install carries (uc_client/, uc_server/).
    name: 'Discuz!',
    roots: roots('uc_(?:client|server)/'),
    urls: [
      ['css', '/data/cache/style_1_common.css?V5x'],
      ['js', '/static/js/common.js?V5x'],
    ],
    loader: true,
  },
  {
    // Ektron CMS (an ASP.NET CMS): its reserved folders at the site's root are /WorkArea/ (the
    // editors' application), /Widgets/, /AssetManagement/, and the Document Management System's
    // /Assets/ (public documents: Office files, PDFs and the like) and /PrivateAssets/ (secured
    // ones), with library uploads in /UploadedFiles/ and /UploadedImages/ (webhelp.episerver.com,
    // Ektron CMS400 v9.10 Reference, "Working with Assets in the Document Management System":
    // assets are "stored in one of these Ektron siteroot folders: assets, privateassets,
    // uploadedfiles and uploadedimages"; kittell.net, "Ektron Reserved Files And Folders"). The
    // site's CSS and JavaScript are elsewhere: /assets/ is its document library. Shown by
    // /WorkArea/ beside another of those folders.
    name: 'Ektron',
    roots: both('WorkArea/', '(?:PrivateAssets|AssetManagement|UploadedFiles|UploadedImages)/'),
    urls: [
      ['image', '/uploadedImages/photo.jpg'],
      ['image', '/assets/photo.jpg'],
    ],
    documents: ['/assets/', '/privateassets/', '/uploadedfiles/'],
  },
];

function shownShopware(values: readonly string[]): boolean {
  const named = (folder: string) =>
    values.some((v) => new RegExp(`^/?\\*/?${folder}/$`, 'i').test(v));
  return named('widgets') && named('bundles') && named('checkout');
}

function shownAem(values: readonly string[]): boolean {
  const own = values.some((v) => /^\/etc(?:\.clientlibs|\/designs|\/clientlibs)(?:\/|$)/i.test(v));
  if (own) return true;
  const content = values.some((v) => /^\/content\/[^/*$?\s]+\//.test(v));
  return content && values.some((v) => /^\/(?:etc|libs|apps)(?:\/|$)/i.test(v));
}

/**
 * A placeholder folder name of the URLs above (a theme's, a plugin's, a site's own folder): a
 * site's real folder there has its own name, so an Allow of a named folder beside it (`Allow:
 * /etc/designs/census` beside `/etc/designs/site/`) shows where the site's files are.
 */
export const PLACEHOLDERS: ReadonlySet<string> = new Set([
  'theme',
  'profile',
  'site',
  'plugin',
  'contact-form',
  'module',
  'main',
]);

/**
 * The representative URLs of `layout` checked under `root`: its own, and those of the folders
 * of {@link Layout.named} a rule value names there (at any depth, as `*` + `/fileadmin/templates/`).
 */
export function layoutUrls(
  layout: Layout,
  root: string,
  values: readonly string[],
): readonly (readonly [ResourceKind, string])[] {
  const urls = [...layout.urls];
  for (const { folder, urls: inside } of layout.named ?? []) {
    const path = (root + folder.slice(1)).toLowerCase();
    const value = values.map(atAnyDepth).find((v) => v.toLowerCase().startsWith(path));
    if (value === undefined) continue;
    // The folder as the rule writes it (`/scripts/` for `/Scripts/`): the site's own spelling.
    const written = `/${value.slice(root.length, path.length)}`;
    for (const [kind, url] of inside) {
      const own = written + url.slice(folder.length);
      if (!urls.some(([, u]) => u === own)) urls.push([kind, own]);
    }
  }
  return urls;
}
