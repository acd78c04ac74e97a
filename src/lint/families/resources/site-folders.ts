/**
 * The site's own resource folders, as its rules name them (`/forum/styles/`, `/javascript`, a
 * plugin's `…/lib/shared/assets/`), turned into representative URLs — and what the file itself
 * says about a folder: that it holds documents, or scripts kept from crawlers on purpose. What
 * the rules show of the site as a whole (`Evidence`) is read first, in site-evidence.ts.
 */

import {
  BOTH,
  DOCUMENT_HOLDERS,
  FRONTPAGE_THEMES,
  HINTS,
  IMAGE_FOLDER,
  LIBRARY,
  NOT_PAGES,
  PAGE_LIKE,
  PURPOSE,
  RESOURCE_FOLDERS,
  SCRIPTS,
  SITE_WIDE,
} from './folder-names.js';
import { atAnyDepth } from './generic.js';
import { perValue } from './memo.js';
import {
  BUILD,
  BUNDLE,
  type Evidence,
  evidenceOf,
  LOCALE,
  RESOURCE_WORD,
  SUBSTRING,
} from './site-evidence.js';

/** Why a blocked site folder is not worth a warning, said in an info. */
export type FolderNote =
  | { readonly kind: 'purpose'; readonly folder: string }
  | { readonly kind: 'endpoint'; readonly path: string }
  | { readonly kind: 'frontpage' }
  | { readonly kind: 'theme'; readonly folder: string; readonly unshown: boolean }
  | { readonly kind: 'script'; readonly name: string }
  | { readonly kind: 'responses'; readonly folder: string }
  | {
      readonly kind: 'copy';
      readonly rule: string;
      readonly line: number;
      readonly prefix: string;
      readonly copies: number;
    }
  | { readonly kind: 'substring'; readonly word: string; readonly parameters: number };

/** A representative URL of the site's own folders, and the folder whose pages it serves. */
export interface SiteUrl {
  readonly kind: 'css' | 'js' | 'image';
  readonly url: string;
  /** The pages that load it; undefined: every page. */
  readonly pages: string | undefined;
  readonly note?: FolderNote;
}

/**
 * Representative URLs of the resource folders the file's own rules name, at any depth (a
 * plugin's `…/lib/shared/assets/`, a section's `/forum/styles/`), and of the WordPress plugins
 * and themes it names (`/wp-content/plugins/name/`, whose files pages load from
 * `…/name/assets/js/…`). Left out: folders the rules show hold documents (a section's
 * `assets/` beside `Disallow: /us/en/*.pdf`), a bare `/themes` in a file that names no other
 * folder of code, and values with a raw space or control character, which no URL carries.
 */
export function siteUrls(
  values: readonly string[],
  layoutShown: boolean,
  allows: readonly string[] = [],
): SiteUrl[] {
  const evidence = evidenceOf(values, layoutShown, allows);
  // A value's URLs depend on it and the evidence alone.
  const urlsAt = perValue(
    values,
    `urls ${JSON.stringify(evidence, (_, v) => (v instanceof Set ? [...v] : v))}`,
    (value) => substringUrls(value, evidence) ?? urlsOf(value, evidence),
  );
  const out = new Map<string, SiteUrl>();
  for (let i = 0; i < values.length; i++) {
    for (const url of urlsAt(i)) if (!out.has(url.url)) out.set(url.url, url);
  }
  for (const url of allowedSubfolderUrls(allows)) if (!out.has(url.url)) out.set(url.url, url);
  return [...out.values()];
}

/**
 * A folder of a site's images, as an Allow names it (an Allow of its styles' or scripts' folder
 * opens those already).
 */
const RESOURCE_SUBFOLDER = /^_?(?:images?|imgs?)$/i;

/**
 * A top-level folder that an Allow opens a resource subfolder of (`Allow: /core/images/…`
 * beside `Disallow: /core`): the file shows it is a folder of the site's resources, whose
 * styles and scripts are checked as those of an `assets` folder are.
 */
function allowedSubfolderUrls(allows: readonly string[]): SiteUrl[] {
  const urls: SiteUrl[] = [];
  for (const value of allows) {
    const match = /^\/([A-Za-z0-9_-]+)\/([^/*$?\s]+)\//.exec(value);
    if (match === null || !RESOURCE_SUBFOLDER.test(match[2]!)) continue;
    const top = match[1]!;
    if (NOT_PAGES.test(top) || RESOURCE_FOLDERS.some(([name]) => name.test(top))) continue;
    for (const kind of ['css', 'js'] as const) {
      urls.push({
        kind,
        url: `/${top}/${kind}/${kind === 'css' ? 'style.css' : 'app.js'}`,
        pages: undefined,
      });
    }
  }
  return urls;
}

/**
 * `/*theme*` in a file whose `/*word*` rules aim at query parameters (`/*pid=*`, `/*sz=*`; judge
 * 3C, 1017): a word of its pages' URLs, not a folder, unless the file shows a folder by that
 * name. The URLs guessed for the folder of that name carry a note (an info); undefined for
 * any other value.
 */
function substringUrls(value: string, evidence: Evidence): SiteUrl[] | undefined {
  const word = SUBSTRING.exec(value)?.[1];
  if (word === undefined || !evidence.substringWords.has(word.toLowerCase())) return undefined;
  const note: FolderNote = { kind: 'substring', word, parameters: evidence.parameterRules };
  return urlsOf(`/${word}/`, evidence).map((u) => ({ ...u, note: u.note ?? note }));
}

/** The URLs of the folders one rule value names. */
function urlsOf(written: string, evidence: Evidence): SiteUrl[] {
  // `*/css/`: the folder at any depth, so at the top too.
  const value = atAnyDepth(written);
  // A raw space or control character: the rule never matches a URL (another code says so).
  if (/[\s\x00-\x1f\x7f]/.test(value.trimEnd())) return [];
  // `/*styles`: a folder of that name anywhere, so at the top too.
  const anywhere = /^\/\*+([A-Za-z_]+)/.exec(value)?.[1];
  // The folders the value names as written: up to a wildcard, an end anchor or a query.
  const path = anywhere === undefined ? value.replace(/[*$?].*$/, '') : `/${anywhere}/`;
  if (!path.startsWith('/')) return [];
  // A web service's script proxy (`/services/formapi.asmx/js`, judge P 2298: ASP.NET writes
  // `<script src="….asmx/js">` for a ScriptManager's service): the path is the script itself,
  // no folder; `…/jsdebug`, its debug copy, serves no page in production.
  const proxy = /^\/(?:[^/*$?\s]+\/)*[^/*$?\s]+\.(?:asmx|svc)\/(js|jsdebug)\/?$/i.exec(path);
  if (proxy !== null) {
    return proxy[1]!.toLowerCase() === 'js' ? [{ kind: 'js', url: path, pages: undefined }] : [];
  }
  // The folders: every segment before the last `/`, and a last one without a file's
  // extension (`/javascript` names the folder, and blocks it).
  const parts = path.split('/').slice(1);
  const last = parts.pop()!;
  // A bare path the rules repeat under a language's prefix names localized pages (`/style`,
  // `/de/style`, `/br/style`): its last word is no folder.
  const bare =
    path === value.trimEnd() &&
    /^[A-Za-z0-9_-]+$/.test(last) &&
    !evidence.localized.has(path.replace(LOCALE, '').toLowerCase());
  const segments = bare ? [...parts, last] : parts;
  // A script's address, not a folder of them (`/articles/footer/js`).
  const endpoint = bare && scriptEndpoint(parts, last);
  const urls: SiteUrl[] = [];
  const plugin = /^\/wp-content\/(?:plugins|themes)\/[^/]+\//i.exec(path);
  if (plugin !== null) {
    urls.push({ kind: 'js', url: `${plugin[0]}assets/js/script.js?ver=1.0`, pages: undefined });
    urls.push({ kind: 'css', url: `${plugin[0]}assets/css/style.css?ver=1.0`, pages: undefined });
  }
  // `/i/*.js`, `/assets/vendor-*.js`: the rule names the file type it blocks under a folder of
  // the site, whatever the folder is called (a folder of admin pages serves no crawled page).
  const typed = /^(\/(?:[^/*$?\s]+\/)+)([^/*$?\s]*)\*+\.(css|js)(?:\$|\?|\*)?$/i.exec(value);
  if (typed !== null && !parts.some((x) => NOT_PAGES.test(x))) {
    const kind = typed[3]!.toLowerCase() as 'css' | 'js';
    // `/cre-1.0/tracking/*.js$`: a folder named for what its scripts do, kept back on purpose.
    const purpose = parts.find((x) => PURPOSE.test(x));
    // `browser-update*.js` (judge K, 4659: Discourse's outdated-browser notice): a whole name,
    // the `*` standing for its version or fingerprint, names one script, kept back on purpose.
    const stem = typed[2]!;
    const script = /[A-Za-z0-9]$/.test(stem) ? stem : undefined;
    // So does a name and a separator before the `*` (`robotsTxt-*.js$`, judge 2C 2019: one
    // code-split chunk, the `*` its hash), unless the name is a bundle's (`vendor-*.js`,
    // `main-*.js`) or the app's, a word of its folder (`/agwa-ugp-assets/agwa-*.js`): those
    // name the chunks every page loads.
    const chunk = /^([A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*)[-_.]$/.exec(stem)?.[1];
    const folderWords = new Set(parts.flatMap((x) => x.toLowerCase().split(/[-_.]+/)));
    const single =
      chunk !== undefined && !BUNDLE.test(chunk) && !folderWords.has(chunk.toLowerCase())
        ? chunk
        : undefined;
    // `/items/*.js` (judge 2B, 3780: a Rails app's `format.js` answers): a type under a folder
    // of pages, which nothing shows holds the site's resources — not its name, nor a folder of
    // resources the rules name beside it, nor an Allow of a file in it.
    const responses =
      stem === '' &&
      !parts.some((x) => RESOURCE_WORD.test(x)) &&
      !evidence.resourcesBeside.has(
        `/${parts
          .slice(0, -1)
          .map((x) => `${x}/`)
          .join('')}`.toLowerCase(),
      ) &&
      !evidence.allows.some((a) => a.startsWith(typed[1]!) && /\.(?:css|js)\b/i.test(a));
    const note: FolderNote | undefined =
      purpose !== undefined
        ? { kind: 'purpose', folder: purpose }
        : script !== undefined || single !== undefined
          ? { kind: 'script', name: `${stem}*.${typed[3]!}` }
          : responses
            ? { kind: 'responses', folder: typed[1]! }
            : undefined;
    const file =
      script !== undefined
        ? `.${kind}`
        : single !== undefined
          ? `0123abcd.${kind}`
          : kind === 'js'
            ? 'app.js'
            : 'style.css';
    urls.push({
      ...(note !== undefined && { note }),
      kind,
      url: `${typed[1]!}${stem}${file}`,
      pages: undefined,
    });
  }
  // The value names the folder itself and nothing under it (`/theme/`, `/theme/*`).
  const wholeFolder = !bare && last === '' && anywhere === undefined;
  for (let i = 0; i < segments.length; i++) {
    const found = folderUrls(segments, i, bare, wholeFolder, evidence);
    const note: FolderNote = { kind: 'endpoint', path };
    urls.push(...(endpoint && i === parts.length ? found.map((u) => ({ ...u, note })) : found));
  }
  urls.push(...themeUrls(segments, bare, last === '', evidence));
  urls.push(...frameworkUrls(segments, evidence.allowOnly.has(written)));
  urls.push(...imageUrls(segments));
  return urls;
}

/**
 * The folders a JavaScript framework's build writes the CSS and JavaScript of every page to, by
 * the folder's name, with representative files (from that folder): Nuxt's `_nuxt/`
 * (nuxt.com, "buildAssetsDir": `/_nuxt/`, hashed entry and chunk files), Next.js's
 * `_next/static/` (nextjs.org, "assetPrefix": `/_next/static/chunks/…`, `…/css/…`), Astro's
 * `_astro/` (docs.astro.build, "build.assets": `_astro`). A site that serves its app under a
 * prefix (`/engage/_nuxt`) keeps them there. Left out: SvelteKit's `_app/` (kit.svelte.dev,
 * "appDir"), a name other sites give a section of pages (`/_app/` beside `/_data/`, 2019), and
 * Gatsby, which writes its bundles at the site's root by hashed names (no folder to name).
 */
const FRAMEWORK_OUTPUT: readonly (readonly [
  RegExp,
  readonly (readonly ['css' | 'js', string])[],
])[] = [
  [
    /^_nuxt$/,
    [
      ['js', 'entry.0123abcd.js'],
      ['css', 'entry.0123abcd.css'],
    ],
  ],
  [
    /^_next$/,
    [
      ['js', 'static/chunks/main-0123abcd.js'],
      ['css', 'static/css/0123abcd.css'],
    ],
  ],
  [
    /^_astro$/,
    [
      ['js', 'hoisted.0123abcd.js'],
      ['css', 'index.0123abcd.css'],
    ],
  ],
];

/**
 * The CSS and JavaScript of a framework's build folder ({@link FRAMEWORK_OUTPUT}) the value
 * names at any depth, for the pages under the folder above it (the rules decide which are
 * blocked: `Disallow: /_next/*` beside `Allow: /_next/static/` blocks none). Not under admin
 * pages, nor for a value only Allows write.
 */
function frameworkUrls(segments: readonly string[], allowOnly: boolean): SiteUrl[] {
  // Named by Allows alone: Allows of endpoints in the folder (`Allow: /_next/viewer` under
  // `Disallow: /_*`, 5316) open what the site chose, and say nothing of its build's files.
  if (allowOnly) return [];
  const at = segments.findIndex((s) => FRAMEWORK_OUTPUT.some(([re]) => re.test(s)));
  if (at < 0 || segments.slice(0, at).some((x) => NOT_PAGES.test(x))) return [];
  const files = FRAMEWORK_OUTPUT.find(([re]) => re.test(segments[at]!))![1];
  const before = segments.slice(0, at);
  const folder = `/${segments.slice(0, at + 1).join('/')}/`;
  const pages = at === 0 ? undefined : `/${before.join('/')}/`;
  return files.map(([kind, file]) => ({ kind, url: `${folder}${file}`, pages }));
}

/** A folder of themes, skins or templates, each in a folder of its own. */
const THEME_PARENT = /^(?:themes?|skins?|templates?)$/i;

/**
 * The CSS and JavaScript of one theme's folder the value names at any depth
 * (`/web/themes/wotw/`, Drupal's `/themes/custom/site/`, Joomla's `/templates/name/`; judge Z,
 * 2108): a theme's folder holds the files its pages render with. A layout the file shows that
 * keeps its themes there makes it the site's (a warning, which `blocked-resources` decides);
 * otherwise only a folder written as one (`/`) under `themes/` or `skins/` is said, as an info
 * (`unshown`), and not where the rules name two such folders or more under it (sections of
 * pages: `/get-started/skins/vote/`, `…/edit/`) — `templates/` and `skin/` name folders of
 * pages' templates as often (`/templates/pdf`, `/skin/common/`). Not a folder of one kind
 * (`/themes/css/`), a library's, nor one under admin pages.
 */
function themeUrls(
  segments: readonly string[],
  bare: boolean,
  slash: boolean,
  evidence: Evidence,
): SiteUrl[] {
  if (!(bare || slash) || segments.length < 2) return [];
  const name = segments.at(-1)!;
  const between = segments.length >= 3 && /^(?:custom|contrib)$/i.test(segments.at(-2)!);
  const parent = segments.at(between ? -3 : -2)!;
  if (!THEME_PARENT.test(parent) || !/^[A-Za-z0-9][\w.-]*$/.test(name)) return [];
  if (RESOURCE_FOLDERS.some(([re]) => re.test(name)) || LIBRARY.test(name)) return [];
  if (THEME_PARENT.test(name) || /^(?:custom|contrib)$/i.test(name)) return [];
  if (segments.some((x) => NOT_PAGES.test(x))) return [];
  const folder = `/${segments.join('/')}/`;
  const above = `/${segments.slice(0, -1).join('/')}/`.toLowerCase();
  const unshown =
    slash &&
    !between &&
    /^(?:themes|skins)$/i.test(parent) &&
    evidence.themeChildren.get(above) === 1;
  const note: FolderNote = { kind: 'theme', folder, unshown };
  return [
    { kind: 'css', url: `${folder}css/style.css`, pages: undefined, note },
    { kind: 'js', url: `${folder}js/app.js`, pages: undefined, note },
  ];
}

/**
 * The images of a folder of images the value names, and of a folder right under it
 * (`/images/uploads` blocks `/images/uploads/…`, not `/images/…`): the rules decide which are
 * blocked. A folder deeper down, or under an upload folder (`user_upload/contact-forms/`), may
 * hold anything; folders under admin pages serve no crawled page.
 */
function imageUrls(segments: readonly string[]): SiteUrl[] {
  const first = segments.findIndex((s) => IMAGE_FOLDER.test(s));
  if (first < 0 || segments.slice(0, first).some((x) => NOT_PAGES.test(x))) return [];
  const urls: SiteUrl[] = [];
  const last = /^[-_]?(?:images|imgs?)$/i.test(segments[first]!) ? first + 1 : first;
  for (let i = first; i < segments.length && i <= last; i++) {
    const before = segments.slice(0, first);
    const folder = `/${segments.slice(0, i + 1).join('/')}/`;
    const pages = SITE_WIDE.test(folder)
      ? undefined
      : `/${before.join('/')}${first > 0 ? '/' : ''}`;
    urls.push({ kind: 'image', url: `${folder}photo.jpg`, pages });
  }
  return urls;
}

/**
 * A folder above a `js` or `css` that keeps the site's files (`/s/common/css`, `/static/ccp/js`).
 */
const RESOURCE_PARENT =
  /^(?:common|shared|public|global|res|resources|inc|site|files|content|build|bundles?)$/i;

/**
 * Whether a bare path (no trailing slash) whose last segment names scripts or styles (`js`,
 * `css`) is the address of one script rather than a folder of them: two folders or more into
 * the site's pages, none of which keeps its files (`/articles/footer/js`, `/widgets/price/js`,
 * `/REST/community/login/js`). A site keeps the scripts its pages load at the top or in a folder
 * of its resources (`/js/`, `/assets/js/`, `/static/js/`); a `js` written without a slash below
 * a section of pages is what that section serves as a script (an embed's or a widget's, loaded
 * by other sites), and an Allow of `…/js*.js` beside it would open nothing.
 */
function scriptEndpoint(parts: readonly string[], last: string): boolean {
  if (!/^(?:js|css)$/i.test(last)) return false;
  // One folder in, an SDK's, an API's or a widget's (`/sdk/js`, PayPal's SDK served as
  // `/sdk/js?client-id=…`, judge 2A 5150): the script itself.
  if (parts.length === 1) return SERVICE.test(parts[0]!);
  if (parts.length < 2) return false;
  // A language's or country's prefix of pages (`/de/shop/js`): a country's site keeps its own.
  if (/^[a-z]{2}(?:[-_][a-z]{2,4})?$/i.test(parts[0]!)) return false;
  return !parts.some(
    (p) => HINTS.test(p) || BOTH.test(p) || LIBRARY.test(p) || RESOURCE_PARENT.test(p),
  );
}

/** A folder that serves a script by its address: an SDK's, an API's, a widget's, an embed's. */
const SERVICE = /^(?:sdk|api|widgets?|embed|loader)$/i;

/**
 * A subfolder name that says nothing of what it holds but that every page, or one version of
 * the site, shares it (`common`, `shared`, `global`, `default`, `main`; `v2`, `1.4.0`,
 * `gtm20`): in a folder of the site's resources, it holds the same CSS and JavaScript. A name
 * that says images, fonts, media or pages is none of them.
 */
const SHARED_SUBFOLDER =
  /^(?:common|shared|global|default|main)$|^(?:v|ver|version)?[-_.]?\d+(?:[._-]\d+)*$|^[a-z]{2,5}\d{1,3}$/i;

/** The kinds of files a folder holds, given the folders above it. */
function kindsOf(
  segment: string,
  before: readonly string[],
  evidence: Evidence,
): readonly ('css' | 'js')[] | undefined {
  const parent = `/${before.map((s) => `${s}/`).join('')}`.toLowerCase();
  // A build tool's output folder beside a folder of the site's resources: its bundles.
  if (BUILD.test(segment) && evidence.builtBeside.has(parent)) return ['css', 'js'];
  const kinds = RESOURCE_FOLDERS.find(([name]) => name.test(segment))?.[1];
  if (kinds !== undefined) return kinds;
  if (!SCRIPTS.test(segment)) return undefined;
  return before.some((s) => BOTH.test(s)) || evidence.styled.has(parent) ? ['js'] : undefined;
}

/** The URLs of the `i`th folder of `segments`, when it is one of the site's resources. */
function folderUrls(
  segments: readonly string[],
  i: number,
  bare: boolean,
  wholeFolder: boolean,
  evidence: Evidence,
): SiteUrl[] {
  const segment = segments[i]!;
  const before = segments.slice(0, i);
  const kinds = kindsOf(segment, before, evidence);
  // At the top, a `/dist/` often holds downloads, unless beside a folder of resources.
  const parent = `/${before.map((s) => `${s}/`).join('')}`.toLowerCase();
  const downloads = i === 0 && /^dist$/i.test(segment) && !evidence.builtBeside.has(parent);
  if (kinds === undefined || downloads) return [];
  // A bare `/themes` names a theme gallery's pages as often as a folder, and a top `/theme/`
  // among folders of taxonomy listings (`/genre/`, `/platform/`, `/tags/`) is one more listing,
  // among a web app's routes one more route (judge 4B, 5157): the site's folder of resources
  // only where the file shows it keeps them in folders ({@link Evidence.hinted}).
  const alone = i === 0 && segments.length === 1 && (bare || (wholeFolder && evidence.listings));
  if (alone && PAGE_LIKE.test(segment) && !evidence.hinted) return [];
  // Admin pages are not crawled: the files that serve them matter to no crawler.
  if (before.some((x) => NOT_PAGES.test(x))) return [];
  const folder = `/${segments.slice(0, i + 1).join('/')}/`;
  // Below a script the file opens by its name (`/maps/api/js`): endpoints, not the site's files.
  const name = segment.toLowerCase();
  if (evidence.endpoints.some((e) => e.name === name && folder.startsWith(e.under))) return [];
  if (DOCUMENT_HOLDERS.test(segment) && holdsDocuments(evidence, folder, segment, i > 0)) {
    return [];
  }
  // The folder's own name too, where a word of it says so (`/xpromo_static`, `/ads-assets/`).
  const purpose = [...before, segment].find((x) => PURPOSE.test(x));
  const frontPage = evidence.frontPage && i === 0 && FRONTPAGE_THEMES.test(segment);
  const note: FolderNote | undefined =
    purpose !== undefined
      ? { kind: 'purpose', folder: purpose }
      : frontPage
        ? { kind: 'frontpage' }
        : undefined;
  const pages = SITE_WIDE.test(folder) ? undefined : `/${before.join('/')}${i > 0 ? '/' : ''}`;
  // A folder of both keeps each in a folder of its own (`/static/css/`, `/static/js/`), and so
  // does a library's folder in it (`/assets/bootstrap/`).
  const inner = kinds.length > 1;
  const part = segments[i + 1];
  // Its generic subfolders hold the same files, shared by every page or of one version
  // (`/skin/common/`, `/static/shared/`, `/assets/global/v2/`: judge 3A, 1736).
  let deep = i + 1;
  while (deep < segments.length && SHARED_SUBFOLDER.test(segments[deep]!)) deep++;
  const shared = deep > i + 1 ? [`/${segments.slice(0, deep).join('/')}/`] : [];
  const folders =
    inner && part !== undefined && LIBRARY.test(part)
      ? [folder, `${folder}${part}/`]
      : [folder, ...shared];
  return folders.flatMap((at) =>
    kinds.map((kind) => ({
      kind,
      url: `${at}${inner ? `${kind}/` : ''}${kind === 'css' ? 'style.css' : 'app.js'}`,
      pages,
      ...(note && { note }),
    })),
  );
}

/**
 * Whether the rules show that a folder holds documents: they name documents in a folder of its
 * name (`/gx/en/…/assets/journal.pdf`, `/assets/pdf/`), or, for a section's folder, block
 * documents under a prefix it is in (`/us/en/*.pdf` for `/us/en/advisory/assets/`).
 */
function holdsDocuments(
  evidence: Evidence,
  folder: string,
  name: string,
  nested: boolean,
): boolean {
  return (
    evidence.documentFolders.has(name.toLowerCase()) ||
    (nested && evidence.documentPrefixes.some((prefix) => folder.startsWith(prefix)))
  );
}
