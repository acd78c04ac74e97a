/**
 * What a file's own rules say about its folders (`Evidence`): where they block documents, which
 * folders hold themes or builds, which values only Allows write, which words substring rules
 * name. Read once per file by `siteUrls` (site-folders.ts) before it turns each rule's folders
 * into representative resource URLs.
 */

import {
  DOCUMENT,
  documentFolders,
  HINTS,
  IMAGE_FOLDER,
  RESOURCE_FOLDERS,
  STYLES,
  TAXONOMY,
} from './folder-names.js';
import { atAnyDepth } from './generic.js';
import { rootsOf } from './layouts.js';
import { perValue } from './memo.js';

/** What the file's rules say about its folders. */
export interface Evidence {
  /** Prefixes under which the rules block documents (`/us/en/` of `/us/en/*.pdf`). */
  readonly documentPrefixes: readonly string[];
  /** Folder names (lowercase) the rules show holding documents ({@link documentFolders}). */
  readonly documentFolders: ReadonlySet<string>;
  /**
   * Whether the file shows it keeps scripts and styles in folders: a layout, or a rule naming a
   * folder of them or of a CMS's code besides a theme's, or their file type (`/*.css$`).
   */
  readonly hinted: boolean;
  /**
   * Whether the rules name two top folders of taxonomy listings or more ({@link TAXONOMY}), or
   * {@link ROUTES} top folders or more (not a language's prefix): a web app's list of routes.
   */
  readonly listings: boolean;
  /** Whether the file carries Microsoft FrontPage's `_vti_*` rules. */
  readonly frontPage: boolean;
  /**
   * Where an Allow opens a resource folder's name as a file (`Allow: /maps/api/js`, `/maps/api/js?` beside
   * `Disallow: /maps/api/js/`): the folder above it and the name. A script served at that name
   * has endpoints below it, not the site's scripts: `…/js/` under that folder is no resource folder.
   */
  readonly endpoints: readonly { readonly under: string; readonly name: string }[];
  /**
   * Bare paths (lowercase, without a trailing slash) the rules block both as written and under a
   * language's prefix (`/style` beside `/de/style`, judge L 4938): localized pages, not a folder
   * of resources. Under prefixes alone (`/au/css`, `/im/staticContent`) a country's site may keep
   * its own files.
   */
  readonly localized: ReadonlySet<string>;
  /** The Allows of the file, as written. */
  readonly allows: readonly string[];
  /**
   * The folders (lowercase, `/` for the top) in which the rules name a folder of styles
   * ({@link STYLES}): a `scripts` folder beside one holds the site's JavaScript.
   */
  readonly styled: ReadonlySet<string>;
  /**
   * The folders (lowercase, `/` for the top) in which the rules name a folder of the site's
   * resources or images (`/assets/`, `/css/`, `/images/`): a build tool's output folder beside
   * one (`/build/`, `/dist/`) holds the bundled CSS and JavaScript. Empty when the rules name
   * downloads ({@link DOWNLOADS}), which such a folder holds as often.
   */
  readonly builtBeside: ReadonlySet<string>;
  /**
   * The folders (lowercase, `/` for the top) in which the rules name a folder of the site's
   * resources or images, downloads or not: a rule on a file type in a folder beside one
   * (`/i/*.js` beside `/css/`, `/build/`: judge A, 4377) is about the site's resources too.
   */
  readonly resourcesBeside: ReadonlySet<string>;
  /**
   * How many folders the rules name under each folder of themes (lowercase, `/web/themes/`):
   * two or more are sections of pages by that name (`/get-started/skins/vote/`, `…/edit/`),
   * not themes.
   */
  readonly themeChildren: ReadonlyMap<string, number>;
  /**
   * How many rules match a query parameter wherever it stands (`/*pid=*`, `/*sz=`): a file
   * that writes two or more writes its `/*word*` rules for words in its pages' URLs and
   * queries, not for folders.
   */
  readonly parameterRules: number;
  /**
   * The words (lowercase) of such a file's `/*word*` rules that no rule or Allow writes as a
   * literal folder (`/theme/` of `/theme/*.css`): words, not folders the file shows.
   */
  readonly substringWords: ReadonlySet<string>;
  /** The values only Allows write (no Disallow has the same value). */
  readonly allowOnly: ReadonlySet<string>;
}

/**
 * A name a bundler gives the chunks every page loads (`main-*.js`, `vendor-*.js`), not one
 * script's.
 */
export const BUNDLE: RegExp =
  /^(?:main|app|application|vendors?|bundles?|chunks?|runtime|commons?|polyfills?|index|scripts?|styles?|site|global|all|core|framework|libs?|webpack|entry|base|theme|layout|pages?|critical|default)$/i;

/** A folder name with a word that says it holds the site's resources (`agwa-ugp-assets`). */
export const RESOURCE_WORD: RegExp =
  /(?:^|[-_.])(?:assets?|static|statics|js|javascripts?|css|styles?|scripts?|dist|build|bundles?|themes?|skins?|res|resources|public|lib|libs|vendors?)(?:$|[-_.])/i;

/** A build tool's output folder: webpack's and Vite's `dist/`, Encore's and Laravel's `build/`. */
export const BUILD: RegExp = /^(?:build|dist)$/i;

/** Rules that show a site's downloads: their folders, or an archive or installer by type. */
const DOWNLOADS =
  /\/(?:downloads?|releases?|mirrors?|nightly)(?:\/|$)|\.(?:zip|tar|tgz|gz|bz2|xz|exe|msi|dmg|deb|rpm|jar)\b/i;

/** A language's prefix of pages (`/de/`, `/en-us/`) at the start of a value. */
export const LOCALE: RegExp = /^\/[a-z]{2}(?:[-_][a-z]{2,4})?(?=\/)/i;

/** A path without a trailing slash, a wildcard or an end anchor (`/de/style`). */
const BARE_PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

export function evidenceOf(
  values: readonly string[],
  layoutShown: boolean,
  allows: readonly string[],
): Evidence {
  const endpoints: { under: string; name: string }[] = [];
  for (const value of allows) {
    // The name alone, or with its query (`Allow: /maps/api/js?`, judge O 0120) or end anchor.
    const file = /^(\/(?:[^/*$?\s]+\/)+)([^/*$?\s]+)[?$]?$/.exec(value);
    if (file !== null && RESOURCE_FOLDERS.some(([name]) => name.test(file[2]!))) {
      endpoints.push({ under: file[1]!, name: file[2]!.toLowerCase() });
    }
  }
  const bare = new Set(values.filter((v) => BARE_PATH.test(v)).map((v) => v.toLowerCase()));
  const localized = new Set<string>();
  for (const value of bare) {
    const rest = value.replace(LOCALE, '');
    if (rest !== value && bare.has(rest)) localized.add(rest);
  }
  const documentPrefixes: string[] = [];
  const styled = new Set<string>();
  let hinted = layoutShown;
  const evidenceAt = perValue(values, 'evidence', valueEvidence);
  for (let i = 0; i < values.length; i++) {
    const { documentPrefix, hint, styles } = evidenceAt(i);
    if (documentPrefix !== undefined) documentPrefixes.push(documentPrefix);
    if (hint) hinted = true;
    for (const folder of styles) styled.add(folder);
  }
  // A Drupal install's folder: its `scripts/` holds shell scripts.
  for (const root of rootsOf(values, 'profiles/')) styled.delete(root.toLowerCase());
  const resourcesBeside = new Set<string>();
  for (let i = 0; i < values.length; i++)
    for (const f of evidenceAt(i).assets) resourcesBeside.add(f);
  const builtBeside = values.some((v) => DOWNLOADS.test(v)) ? new Set<string>() : resourcesBeside;
  const parameterRules = values.filter((v) => PARAMETER_RULE.test(v)).length;
  return {
    documentPrefixes,
    documentFolders: documentFolders(values),
    hinted,
    listings:
      new Set(values.filter((v) => TAXONOMY.test(v)).map(topFolder)).size >= 2 ||
      new Set(values.filter((v) => ROUTE.test(v) && !LOCALE.test(v)).map(topFolder)).size >= ROUTES,
    frontPage: rootsOf(values, String.raw`_vti_\w*`).length > 0,
    endpoints,
    localized,
    allows,
    styled,
    builtBeside,
    resourcesBeside,
    themeChildren: themeChildrenOf(values),
    parameterRules,
    substringWords: parameterRules >= 2 ? substringWordsOf(values, allows) : new Set(),
    allowOnly: allowOnlyOf(values, allows),
  };
}

/** A rule on a query parameter wherever it stands in a URL (`/*pid=*`, `/*sz=`). */
const PARAMETER_RULE = /^\/\*+[A-Za-z_][\w-]*=/;

/** {@link Evidence.allowOnly}: the values Allows write more often than the rules do in all. */
function allowOnlyOf(values: readonly string[], allows: readonly string[]): Set<string> {
  const count = new Map<string, number>();
  for (const value of values) count.set(value, (count.get(value) ?? 0) + 1);
  for (const value of allows) count.set(value, (count.get(value) ?? 0) - 1);
  return new Set(allows.filter((value) => (count.get(value) ?? 0) <= 0));
}

/** A folder of themes by its plural name, and one folder in it (`/web/themes/wotw/`). */
const THEME_FOLDER = /^(\/(?:[^/]+\/)*(?:themes|skins)\/)[^/]+\/$/i;

/** A word matched anywhere in a URL (`/*theme*`), with the word. */
export const SUBSTRING: RegExp = /^\/\*+([A-Za-z_]+)\*/;

/** {@link Evidence.substringWords}. */
function substringWordsOf(values: readonly string[], allows: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const value of values) {
    const word = SUBSTRING.exec(value)?.[1];
    if (word !== undefined) words.add(word.toLowerCase());
  }
  for (const value of [...values, ...allows]) {
    const segments = atAnyDepth(value)
      .replace(/[*$?].*$/, '')
      .toLowerCase()
      .split('/');
    for (const name of segments.slice(1, -1)) {
      words.delete(name);
      words.delete(name.replace(/s$/, ''));
    }
  }
  return words;
}

/** {@link Evidence.themeChildren}: the folders the rules name in each folder of themes. */
function themeChildrenOf(values: readonly string[]): Map<string, number> {
  const children = new Map<string, number>();
  const literal = (v: string) =>
    atAnyDepth(v)
      .toLowerCase()
      .replace(/[*$?].*$/, '');
  for (const value of new Set(values.map(literal))) {
    const theme = THEME_FOLDER.exec(value);
    if (theme !== null) children.set(theme[1]!, (children.get(theme[1]!) ?? 0) + 1);
  }
  return children;
}

/** The top folder a value names, lowercase and singular (`/Tags/*` → `tag`). */
function topFolder(value: string): string {
  return value
    .replace(/^\/([^/*]+).*$/, '$1')
    .toLowerCase()
    .replace(/(?:ies|s)$/, (end) => (end === 'ies' ? 'y' : ''));
}

/** A value naming a top folder, literal (`/tv/*`, `/unauth-profile/`). */
const ROUTE = /^\/[^/*$?\s]+/;

/**
 * How many top folders the rules of a web app's list of routes name (judge 4B, 5157:
 * Pinterest's 689 lines name 127): among them, a `/theme/` is one more route, not a folder of
 * the site's resources, unless the file shows it keeps them in folders.
 */
const ROUTES = 50;

/** What one value tells {@link evidenceOf}. */
function valueEvidence(value: string): {
  documentPrefix: string | undefined;
  hint: boolean;
  styles: string[];
  assets: string[];
} {
  const star = value.indexOf('*');
  // The literal folders of the value (`/css/` of `/css/*`, `/less` as written).
  const segments = value.replace(/[*$?].*$/, '').split('/');
  const styles: string[] = [];
  const assets: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const parent = `${segments.slice(0, i).join('/')}/`.toLowerCase();
    if (STYLES.test(segments[i]!)) styles.push(parent);
    const name = segments[i]!;
    const resources =
      (RESOURCE_FOLDERS.some(([re]) => re.test(name)) && !BUILD.test(name)) ||
      IMAGE_FOLDER.test(name) ||
      /^_?fonts?$/i.test(name);
    // A folder, not a file's name (`/css` as written, or followed by more).
    if (resources && (i < segments.length - 1 || !/\./.test(name))) assets.push(parent);
  }
  return {
    styles,
    assets,
    documentPrefix:
      DOCUMENT.test(value) && star > 1 && value[star - 1] === '/'
        ? value.slice(0, star)
        : undefined,
    // A folder of resources by its name, or a rule on their file type (`/*.css$`).
    hint: value.split('/').some((s) => HINTS.test(s)) || /\.(?:css|js)\b/i.test(value),
  };
}
