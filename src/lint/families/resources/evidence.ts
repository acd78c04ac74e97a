/**
 * What a file says about where the site keeps its scripts, styles and images, beside a rule that
 * blocks a representative URL: Allows of their type or folder under the rule, subfolders or
 * named bundles the group opens, a folder of its own beside a layout's placeholder, and what a
 * rule on every path is taken to block. `blocked-resources` and `blocked-images` weigh their
 * guesses by it.
 */

import { formatRule } from '../../../explain.js';
import type { Explanation, RobotsTxt } from '../../../types.js';
import { namedKinds } from './folder-names.js';
import { blocksEverything, GENERIC_URLS } from './generic.js';
import { LAYOUTS, PLACEHOLDERS, type ResourceKind } from './layouts.js';

/**
 * The kinds a rule that blocks every path (`Disallow: /` beside Allows of pages, judge D's
 * 1945) is taken to block wherever the site keeps them, the generic URLs standing for its
 * folders: unless the file shows where they are — a layout, an Allow naming a folder or file
 * type of the kind (`Allow: /static/`, `Allow: /*.css`: CSS and JavaScript go together), or a
 * generic URL of the kind left open.
 */
export function guessedEverywhere(
  robots: RobotsTxt,
  allows: readonly string[],
  shown: boolean,
  agentFor: (kind: ResourceKind) => string,
): Set<ResourceKind> {
  const kinds = new Set<ResourceKind>();
  if (shown) return kinds;
  const named = new Set(allows.flatMap((value) => [...namedKinds(value)]));
  const open = (kind: ResourceKind) =>
    GENERIC_URLS.some(([k, url]) => k === kind && robots.explain(url, agentFor(k)).allowed);
  if (!named.has('css') && !named.has('js') && !open('css') && !open('js')) {
    kinds.add('css');
    kinds.add('js');
  }
  if (!named.has('image') && !open('image')) kinds.add('image');
  return kinds;
}

/** An image's file type, as a rule or an Allow names it. */
export const IMAGE_TYPE: RegExp = /\.(?:png|jpe?g|gif|webp|svg|avif)\b/i;

/**
 * The images a line blocks: a layout's the file shows, or guessed ones unless the group shows
 * where the site's images are — an Allow under the rule of a folder of images
 * (`Allow: /static/images/` under `Disallow: /static/`) or of their type (`Allow:
 * /static/*.png`; for a rule on one type, `Allow` of that type), a subfolder the group opens
 * under a rule on a folder of other files (`Allow: /static/pp/`), or a folder an allow-list
 * beside `Disallow: /` opens. One file (`Allow: /img/logo.svg`) or an index page
 * (`Allow: /images/$`) opens no folder.
 */
export function blockedImages<B extends { readonly kind: ResourceKind; readonly shown: boolean }>(
  robots: RobotsTxt,
  explanation: Explanation,
  blocked: readonly B[],
): B[] {
  const { value } = explanation.rule!;
  const prefix = value.replace(/[*$].*$/, '');
  const ruleType = IMAGE_TYPE.exec(value)?.[0].toLowerCase();
  const opens = (allow: string) => {
    if (!allow.startsWith(prefix) || (allow.endsWith('$') && !allow.includes('*'))) return false;
    const below = allow.slice(prefix.length);
    const type = IMAGE_TYPE.exec(below)?.[0].toLowerCase();
    if (type !== undefined)
      return below.includes('*') && (ruleType === undefined || type === ruleType);
    return !/\.[A-Za-z0-9]+$/.test(below) && namedKinds(below).has('image');
  };
  const imageRule = namedKinds(prefix).has('image');
  const opened =
    (!imageRule &&
      (subfolders(robots, explanation) ?? curatedFiles(robots, explanation)) !== undefined) ||
    allowedFolder(robots, explanation) !== undefined ||
    explanation.groups.some((index) =>
      (robots.groups[index]?.rules ?? []).some((r) => r.type === 'allow' && opens(r.value)),
    );
  return blocked.filter((b) => b.kind === 'image' && (b.shown || !opened));
}

/**
 * An Allow of a folder of one kind (`Allow: /static/css/`): it opens that kind where the site
 * keeps it, and says nothing of where the other kind is.
 */
const CSS_FOLDER = /\/_?(?:css|styles?|stylesheets)\/?\**$/i;

const JS_FOLDER = /\/_?(?:js|javascripts?|scripts?)\/?\**$/i;

/**
 * The file types an Allow of the deciding groups opens under the blocking rule's prefix by a
 * wildcard (`Allow: /assets/_combined/*.css`): one file (`Allow: /js/app.js`) opens itself only.
 */
export function openedKinds(robots: RobotsTxt, explanation: Explanation): Set<ResourceKind> {
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '');
  const kinds = new Set<ResourceKind>();
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow' || !rule.value.startsWith(prefix)) continue;
      if (/\*[^/]*\.css\b/i.test(rule.value)) kinds.add('css');
      if (/\*[^/]*\.js\b/i.test(rule.value)) kinds.add('js');
    }
  }
  return kinds;
}

/**
 * The Allow of the deciding groups that opens a folder by the site's own name beside the
 * placeholder a layout's URL has at that place (`Allow: /etc/designs/census` beside
 * `/etc/designs/site/…`, `Allow: /wp-content/themes/mytheme` beside `…/themes/theme/…`).
 */
export function ownFolderBeside(
  robots: RobotsTxt,
  explanation: Explanation,
  url: string,
): { value: string; line: number } | undefined {
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '');
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow') continue;
      const folder = rule.value.replace(/[*$].*$/, '').replace(/\/$/, '');
      const cut = folder.lastIndexOf('/') + 1;
      const parent = folder.slice(0, cut);
      if (!parent.startsWith(prefix) && !prefix.startsWith(parent)) continue;
      if (!url.startsWith(parent) || cut === folder.length) continue;
      const placeholder = url.slice(cut).split('/')[0]!;
      if (!PLACEHOLDERS.has(placeholder) || placeholder === folder.slice(cut)) continue;
      if (/\.[A-Za-z0-9]+$/.test(folder) || MEDIA.test(folder)) continue;
      return { value: rule.value, line: rule.line };
    }
  }
  return undefined;
}

/** A folder of images, fonts or uploads: opening it says nothing about scripts. */
export const MEDIA: RegExp =
  /\/(?:images?|imgs?|media|photos?|pictures?|uploads?|icons?|fonts?)\/?$/i;

/**
 * The first Allow of the deciding groups that opens a subfolder under the blocking rule's
 * folder (not a file type, not a folder of images), with its line; undefined when none does.
 */
export function subfolders(
  robots: RobotsTxt,
  explanation: Explanation,
): { value: string; line: number } | undefined {
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '');
  if (!prefix.endsWith('/') || prefix === '/') return undefined;
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow') continue;
      const folder = rule.value.replace(/[*$]+$/, '');
      if (folder.length <= prefix.length || !folder.startsWith(prefix)) continue;
      if (opensSubfolder(folder)) return { value: rule.value, line: rule.line };
    }
  }
  return undefined;
}

/**
 * The first Allow of the deciding groups that opens a folder of one kind under the blocking
 * rule's folder, whole or by its type (`Allow: /zentalk/static/js/` or `…/static/js/*.js` under
 * `Disallow: /zentalk/static/`, judge Y 0807), with the kind: the owner shows where that
 * folder's scripts (or styles) are, so a folder of the other kind guessed beside them by a
 * generic name (`…/static/css/`) is no sure sign of the site's.
 */
export function kindSubfolder(
  robots: RobotsTxt,
  explanation: Explanation,
): { value: string; line: number; kind: 'css' | 'js' } | undefined {
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '');
  if (prefix === '' || prefix === '/') return undefined;
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow') continue;
      // The folder as written, before a wildcard or a file type in it.
      const folder = rule.value.replace(/[*$].*$/, '');
      if (folder.length <= prefix.length || !folder.startsWith(prefix)) continue;
      const kind = CSS_FOLDER.test(folder) ? 'css' : JS_FOLDER.test(folder) ? 'js' : undefined;
      if (kind !== undefined) return { value: rule.value, line: rule.line, kind };
    }
  }
  return undefined;
}

/** Whether an Allow's path (without trailing wildcards) names a subfolder: not a file, not a folder of images or of one kind. */
function opensSubfolder(folder: string): boolean {
  if (/\.[A-Za-z0-9]+$/.test(folder) || MEDIA.test(folder)) return false;
  return !CSS_FOLDER.test(folder) && !JS_FOLDER.test(folder);
}

/**
 * For a rule on a folder of scripts or styles (`Disallow: /js/`), the first Allow of the deciding
 * groups that opens a subfolder (as {@link subfolders} counts them) of a sibling folder of the
 * same name but for a number (`Allow: /js3/ta-mobile` beside `/js/`, `/js2/`, `/js3/`, judge
 * 3415): the group chooses which scripts of its script folders crawlers may fetch, so the
 * siblings were left closed on purpose, as the folder with the Allow under it was. With the
 * sibling folder.
 */
export function siblingSubfolders(
  robots: RobotsTxt,
  explanation: Explanation,
): { value: string; line: number; sibling: string } | undefined {
  const folder = /^(\/(?:[^/*$?]+\/)*)([^/*$?]+)\/\**$/.exec(explanation.rule!.value);
  if (folder === null) return undefined;
  const [, parent, name] = folder as unknown as [string, string, string];
  const stem = (n: string) => n.toLowerCase().replace(/[-_.]?\d+$/, '');
  if (namedKinds(name).size === 0 || namedKinds(name).has('image')) return undefined;
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow' || !rule.value.startsWith(parent)) continue;
      const under = /^([^/*$?]+)\/(.+)$/.exec(rule.value.slice(parent.length));
      if (under === null || under[1]!.toLowerCase() === name.toLowerCase()) continue;
      if (stem(under[1]!) !== stem(name)) continue;
      if (!opensSubfolder(rule.value.replace(/[*$]+$/, ''))) continue;
      return { value: rule.value, line: rule.line, sibling: `${parent}${under[1]!}/` };
    }
  }
  return undefined;
}

/**
 * For a rule on every path (`Disallow: /`), the first Allow of the deciding groups that opens a
 * folder rather than pages or files (`Allow: /SiteGlobals/BMWK/`, `Allow: /forum`, not
 * `Allow: /$` or `Allow: /ads.txt`): the site's files may be there, so a guessed URL elsewhere is
 * no sure sign. Undefined for any other rule, or when every Allow names pages or files.
 */
export function allowedFolder(
  robots: RobotsTxt,
  explanation: Explanation,
): { value: string; line: number } | undefined {
  if (!blocksEverything(explanation.rule!.value)) return undefined;
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow' || rule.value.endsWith('$') || /^\/?\**$/.test(rule.value))
        continue;
      const path = rule.value.replace(/[?*].*$/, '');
      if (path === '/' || /\.[A-Za-z0-9]+$/.test(path)) continue;
      return { value: rule.value, line: rule.line };
    }
  }
  return undefined;
}

/**
 * The first Allow of the deciding groups that opens a script or style sheet by its name in a
 * folder a wildcard stands for, under the rule (`Allow: /static/` + `*` + `/client.js` under
 * `Disallow: /static/`, judge G's 6162): a curated list of the bundles the pages load, so a
 * guessed URL beside them is no sure sign. One file at a literal path (`Allow: /js/app.js`) is
 * not such a list.
 */
export function curatedFiles(
  robots: RobotsTxt,
  explanation: Explanation,
): { value: string; line: number } | undefined {
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '');
  if (prefix === '' || prefix === '/') return undefined;
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow' || !rule.value.startsWith(prefix)) continue;
      if (/\*[^$?]*\/[^/*$?]+\.(?:css|js)\$?$/i.test(rule.value.slice(prefix.length)))
        return { value: rule.value, line: rule.line };
    }
  }
  return undefined;
}

/**
 * The first Allow of the deciding groups that opens CSS or JavaScript by file type under a
 * folder beside the rule's (`Allow: /concrete/*.css`, `/packages/*.js`, `/blocks/*.css` beside
 * `Disallow: /css`, judge M's 3932, Concrete5's default file), when it does so for three sibling
 * folders or more: the author listed where the site serves its files, so the template's other
 * folders the group blocks were left closed on purpose. Undefined otherwise: two is Drupal's
 * default (`/core/`, `/profiles/`), which opens its own code, not every folder of the site.
 */
export function openedSiblings(
  robots: RobotsTxt,
  explanation: Explanation,
): { value: string; line: number; siblings: number } | undefined {
  const parent = /^(\/(?:[^/*$?]+\/)*)[^/*$?]+\/?$/.exec(explanation.rule!.value)?.[1];
  if (parent === undefined) return undefined;
  const own = explanation.rule!.value.slice(parent.length).replace(/\/$/, '').toLowerCase();
  const folders = new Set<string>();
  let first: { value: string; line: number } | undefined;
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow' || !rule.value.startsWith(parent)) continue;
      const typed = /^([^/*$?]+)\/\*[^/]*\.(?:css|js)\$?$/i.exec(rule.value.slice(parent.length));
      if (typed === null || typed[1]!.toLowerCase() === own) continue;
      folders.add(typed[1]!.toLowerCase());
      first ??= { value: rule.value, line: rule.line };
    }
  }
  return first !== undefined && folders.size >= 3
    ? { ...first, siblings: folders.size }
    : undefined;
}

// Per parsed file, the published CSS and JavaScript of the layouts it shows: folder and a file.
const publishedUrls = new WeakMap<
  RobotsTxt,
  readonly { layout: string; kind: ResourceKind; root: string; folder: string; url: string }[]
>();

/**
 * An Allow of the blocking rule's groups that opens CSS or JavaScript a layout the file shows
 * publishes, naming the folder it is published in or the file type (`Allow:
 * /sites/default/files/advagg_css/*`, TYPO3's `Allow: /_assets/`, MediaWiki's `Allow:
 * /w/load.php`, `Allow: /sites/*.css`; not `Allow: /`, `Allow: *.css`, nor a folder above it
 * such as `Allow: /sites/default/files/`): the site opened its pages' files where the layout serves
 * them, on purpose, so the folders the rule blocks are left to it. With the layout's name.
 */
export function openedPublished(
  robots: RobotsTxt,
  explanation: Explanation,
  kinds: ReadonlySet<ResourceKind>,
): { value: string; line: number; layout: string } | undefined {
  let urls = publishedUrls.get(robots);
  if (urls === undefined) {
    const values = robots.groups.flatMap((g) => g.rules.map((r) => r.value));
    urls = LAYOUTS.flatMap((layout) => {
      const published = (layout.published ?? []).filter(([kind]) => kind !== 'image');
      if (published.length === 0) return [];
      return layout.roots(values).flatMap((root) =>
        published.map(([kind, folder, file]) => ({
          layout: layout.name,
          kind,
          root,
          folder: root + folder.slice(1),
          url: root + folder.slice(1) + file,
        })),
      );
    });
    publishedUrls.set(robots, urls);
  }
  // Every kind the rule blocks must be opened where the layout publishes it.
  let found: { value: string; line: number; layout: string } | undefined;
  const opened = new Set<ResourceKind>();
  for (const { layout, kind, root, folder, url } of urls) {
    if (!kinds.has(kind) || opened.has(kind)) continue;
    const e = robots.explain(url, 'Googlebot');
    if (!e.allowed || e.rule?.type !== 'allow') continue;
    if (!e.groups.some((g) => explanation.groups.includes(g))) continue;
    const { value } = e.rule;
    const literal = value.replace(/[*$].*$/, '');
    // The folder itself, or a folder of the install named with the file type (`/sites/*.js`;
    // not `*.js` or `/*/*.js`, which a longer Disallow outranks wherever the site keeps them).
    const reaches = literal.length >= folder.replace(/\/$/, '').length;
    if (!reaches && !(literal.length > root.length && namedKinds(value).has(kind))) continue;
    found ??= { value, line: e.rule.line, layout };
    opened.add(kind);
  }
  return [...kinds].every((k) => opened.has(k)) ? found : undefined;
}

// Per parsed file, the theme folders of the layouts it shows, under each root.
const themeFolders = new WeakMap<RobotsTxt, readonly { layout: string; folder: string }[]>();

/**
 * An Allow of the blocking rule's groups that opens a theme folder of a layout the file shows,
 * or a folder under it (`Allow: /wp-content/themes/site/assets/` under `Disallow: /wp-content/`,
 * `Allow: /sites/all/themes/` under Drupal's `Disallow: /sites/`; judge K, 4659 and 4534): the
 * site opened its theme's files, which its pages render with, under the very folder it blocks,
 * so what else it blocks there (plugins', modules' files) was chosen. Not a file, a file type
 * (`/themes/*.css` is `openedKinds`'s), a folder of one kind (`/themes/site/css/`) or of
 * images; not for a layout whose pages load
 * their themes' files from its aggregates while those are blocked (Drupal: `Allow:
 * /sites/all/themes/x/` under `/sites/` beside no Allow of `/sites/default/files/css/`). With
 * the layout's name.
 */
export function openedTheme(
  robots: RobotsTxt,
  explanation: Explanation,
): { value: string; line: number; layout: string; theme: true } | undefined {
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '');
  const allows = explanation.groups.flatMap((index) =>
    (robots.groups[index]?.rules ?? []).filter((r) => r.type === 'allow'),
  );
  for (const { layout, folder } of themesOf(robots)) {
    if (!folder.startsWith(prefix)) continue;
    const rule = allows.find((r) => opensTheme(robots, r.value, folder));
    if (rule !== undefined) return { value: rule.value, line: rule.line, layout, theme: true };
  }
  return undefined;
}

/** The theme folders of the layouts `robots` shows, under each root they are shown at. */
function themesOf(robots: RobotsTxt): readonly { layout: string; folder: string }[] {
  let folders = themeFolders.get(robots);
  if (folders === undefined) {
    const values = robots.groups.flatMap((g) => g.rules.map((r) => r.value));
    folders = LAYOUTS.flatMap((layout) => {
      const themes = layout.themes ?? [];
      if (themes.length === 0) return [];
      return layout.roots(values).flatMap((root) => {
        // A layout whose pages load the aggregates: its themes count only where those are open.
        const closed = (layout.published ?? []).some(
          ([kind, folder, file]) =>
            kind !== 'image' &&
            layout.aggregates === true &&
            !robots.explain(root + folder.slice(1) + file, 'Googlebot').allowed,
        );
        return closed
          ? []
          : themes.map((folder) => ({ layout: layout.name, folder: root + folder.slice(1) }));
      });
    });
    themeFolders.set(robots, folders);
  }
  return folders;
}

/** Whether an Allow's value opens the theme `folder` or a folder under it, for Googlebot. */
function opensTheme(robots: RobotsTxt, value: string, folder: string): boolean {
  const literal = value.replace(/[*$]+$/, '');
  if (/[*$]/.test(literal)) return false;
  if (!literal.startsWith(folder) && literal !== folder.replace(/\/$/, '')) return false;
  if (/\.[A-Za-z0-9]+$/.test(literal) || MEDIA.test(literal)) return false;
  // A folder of one kind (`/themes/site/css/`) leaves the theme's other kind where it was.
  if (CSS_FOLDER.test(literal) || JS_FOLDER.test(literal)) return false;
  return robots.explain(`${literal.replace(/\/$/, '')}/style.css`, 'Googlebot').allowed;
}

/**
 * The Allows of the deciding groups that open CSS or JavaScript files under the blocking rule
 * one by one (`Allow: /_layouts/1033/core.js?rev=*`, `Allow: /Style%20Library/css/agency.css`
 * under `Disallow: /_layouts`, `Disallow: /Style%20Library`: judge 2C, 2641), each with its
 * file's name: a list the site keeps of the files its pages load.
 */
export function allowedFiles(
  robots: RobotsTxt,
  explanation: Explanation,
): { value: string; line: number; name: string }[] {
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '');
  if (prefix === '' || prefix === '/') return [];
  const files: { value: string; line: number; name: string }[] = [];
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow' || !rule.value.startsWith(prefix)) continue;
      const file = /\/([^/*$?]+\.(?:css|js))(?:\?.*|\$)?$/i.exec(rule.value);
      if (file === null || rule.value.split('?')[0]!.includes('*')) continue;
      files.push({ value: rule.value, line: rule.line, name: file[1]!.toLowerCase() });
    }
  }
  return files;
}

/**
 * The Allow of the deciding groups that opens a folder of the blocked URL's kind (`…/css/`,
 * `…/js/`) beside it: in the site's own theme, beside a layout's placeholder (`Allow:
 * /templates/sendpulsev1/css/` beside Joomla's `/templates/site/css/…` under `Disallow:
 * /templates/`, judge 4A 0448), or as a sibling of the blocked folder (`Allow: /skysales/js/`
 * beside `Disallow: /skysales/scripts/`, 4A 5755). The site shows where its pages' files of that
 * kind are and opened them on purpose, so the folder it blocks beside them was left closed.
 * Undefined for images, or when no Allow does.
 */
export function kindFolderBeside(
  robots: RobotsTxt,
  explanation: Explanation,
  url: string,
  kind: ResourceKind,
): { value: string; line: number } | undefined {
  if (kind === 'image') return undefined;
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '').toLowerCase();
  const path = url
    .split('?')[0]!
    .split('/')
    .slice(1)
    .map((s) => s.toLowerCase());
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow') continue;
      const folder = rule.value.replace(/[*$]+$/, '');
      if (/[*$?]/.test(folder) || !(kind === 'css' ? CSS_FOLDER : JS_FOLDER).test(folder)) continue;
      const segments = folder.replace(/\/$/, '').toLowerCase().split('/').slice(1);
      if (!besideBlocked(segments, path, prefix)) continue;
      const file = `${folder.replace(/\/$/, '')}/x.${kind}`;
      if (robots.explain(file, 'Googlebot').allowed) return { value: rule.value, line: rule.line };
    }
  }
  return undefined;
}

/**
 * Whether a folder (`a`, its segments) stands beside a blocked URL (`b`) as
 * {@link kindFolderBeside} counts it: where the two part, a sibling of the folder the rule
 * (`prefix`) blocks, or the site's own theme beside a layout's placeholder in a folder at or
 * under the rule's.
 */
function besideBlocked(a: readonly string[], b: readonly string[], prefix: string): boolean {
  let k = 0;
  while (k < a.length && k < b.length - 1 && a[k] === b[k]) k++;
  if (k >= b.length - 1) return false;
  const parent = `/${a.slice(0, k).join('/')}${k > 0 ? '/' : ''}`;
  const own = `/${b.slice(0, k + 1).join('/')}`;
  if (k === a.length - 1) return prefix === own || prefix === `${own}/`;
  return (
    k === a.length - 2 &&
    parent.startsWith(prefix) &&
    PLACEHOLDERS.has(b[k]!) &&
    !PLACEHOLDERS.has(a[k]!)
  );
}

/** A language's prefix of pages (`/de/`, `/ja-jp/`) at the start of a value. */
const LOCALE_PREFIX = /^\/[a-z]{2}(?:[-_][a-z]{2,4})?\//i;

/**
 * When the blocking rule repeats a rule of its groups under a language's prefix (`Disallow:
 * /ja-jp/static/` beside `Disallow: /static/`), and the groups copy other rules the same way
 * (`/ja-jp/cdn-cgi/` beside `/cdn-cgi/`: judge 4B, 4881): the rule it copies, the prefix and how
 * many of the groups' rules are such copies (the rule as written, `Disallow: /static/`). The copy is mechanical, and a site keeps the files
 * its pages in every language load in the root's folder, which that rule is about. Undefined
 * for a rule copied alone (a country's site may keep files of its own).
 */
export function localeCopy(
  robots: RobotsTxt,
  explanation: Explanation,
): { rule: string; line: number; prefix: string; copies: number } | undefined {
  const { value, type } = explanation.rule!;
  const prefix = LOCALE_PREFIX.exec(value)?.[0];
  // Not a two-letter folder of resources (`/js/`).
  if (prefix === undefined || namedKinds(prefix).size > 0) return undefined;
  const rules = explanation.groups.flatMap((index) => robots.groups[index]?.rules ?? []);
  const root = (v: string) => `/${v.slice(prefix.length)}`;
  const original = rules.find((r) => r.type === type && r.value === root(value));
  if (original === undefined) return undefined;
  const copies = rules.filter(
    (r) =>
      r.value.startsWith(prefix) &&
      rules.some((o) => o.type === r.type && o.value === root(r.value)),
  ).length;
  return copies >= 2
    ? { rule: formatRule(original), line: original.line, prefix, copies }
    : undefined;
}
