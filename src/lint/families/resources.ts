/**
 * Lint family `resources`: what the rules do to the files pages are built from. Google renders
 * pages with their CSS and JavaScript, and its robots.txt documentation advises against blocking
 * them; which are blocked is decided by matching the rules, as Googlebot reads them, against
 * representative resource URLs of common site layouts — never by looking for strings in the file.
 */

import { formatRule } from '../../explain.js';
import { byteStringBody } from '../../parse/body.js';
import { ParsedRobotsTxt } from '../../robots.js';
import type { Explanation, RobotsTxt } from '../../types.js';
import { terminalSafe } from '../../util/terminal.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import type { FixEdit } from '../types.js';
import { isRequestable } from '../url-text.js';

/** A kind of resource and the file extension its representative URLs end in. */
type ResourceKind = 'css' | 'js' | 'image';

interface Layout {
  readonly name: string;
  /** Whether the file shows this layout: a rule value of the layout's own folders. */
  readonly shows: (values: readonly string[]) => boolean;
  readonly urls: readonly (readonly [ResourceKind, string])[];
  /**
   * Whether a rule that blocks a URL is about it: true for a layout the file shows (its URLs are
   * the site's); for the generic URLs, the rule must name the URL's folder or file type, since
   * `Disallow: /s` blocks `/static/…` only on a site that has such a folder.
   */
  readonly about: (value: string, url: string) => boolean;
}

const any = (pattern: RegExp) => (values: readonly string[]) => values.some((v) => pattern.test(v));

// Modules and themes carry scripts too (Drupal's own robots.txt allows /modules/*.js and
// /themes/*.js); from Drupal 8 on, /modules/ and /themes/ hold the contributed ones.
const DRUPAL_EXTENSIONS: readonly (readonly [ResourceKind, string])[] = [
  ['css', '/modules/contrib/module/css/module.css?s1x2y3'],
  ['js', '/modules/contrib/module/js/module.js?s1x2y3'],
  ['css', '/themes/bartik/css/style.css?s1x2y3'],
  ['js', '/themes/contrib/theme/js/script.js?s1x2y3'],
];

/**
 * Representative resource URLs of common layouts (WordPress adds `?ver=` to the files it
 * enqueues; Drupal 7 a cache-busting query). A layout's URLs are checked only when the file
 * shows the layout; the generic ones always are, since a folder named `css` holds CSS.
 */
const LAYOUTS: readonly Layout[] = [
  {
    name: 'WordPress',
    shows: any(/^\/wp-(?:content|includes|admin)\b/i),
    about: () => true,
    urls: [
      ['js', '/wp-includes/js/jquery/jquery.min.js?ver=3.7.1'],
      ['css', '/wp-includes/css/dist/block-library/style.min.css?ver=6.4.3'],
      ['js', '/wp-content/plugins/contact-form/includes/js/scripts.js?ver=5.8'],
      ['css', '/wp-content/plugins/contact-form/includes/css/styles.css?ver=5.8'],
      ['css', '/wp-content/themes/theme/style.css?ver=1.0'],
      ['js', '/wp-content/themes/theme/js/navigation.js?ver=1.0'],
      ['image', '/wp-content/uploads/2024/01/photo.jpg'],
    ],
  },
  {
    // Drupal 7: its own robots.txt disallows /misc/, /modules/, /themes/ (and allows their CSS
    // and JavaScript since 7.x); Drupal 8 moved /misc/ under /core/, so a file that names /core/
    // has no root /misc/ to speak of.
    name: 'Drupal 7',
    shows: (values) =>
      any(/^\/misc\//i)(values) &&
      any(/^\/(?:modules|themes|profiles|includes)\//i)(values) &&
      !any(/^\/core\//i)(values),
    about: () => true,
    urls: [
      ['js', '/misc/drupal.js?s1x2y3'],
      // Drupal 7's /misc/ holds the styles of its widgets too (its own robots.txt allows
      // /misc/*.css and /misc/*.js).
      ['css', '/misc/vertical-tabs.css?s1x2y3'],
      ['css', '/modules/system/system.base.css?s1x2y3'],
      ...DRUPAL_EXTENSIONS,
    ],
  },
  {
    name: 'Drupal 8 and later',
    shows: (values) => any(/^\/core\//i)(values) && any(/^\/(?:profiles|misc)\//i)(values),
    about: () => true,
    urls: [
      ...DRUPAL_EXTENSIONS,
      ['js', '/core/misc/drupal.js?v=10.2.3'],
      ['css', '/core/themes/olivero/css/base/base.css?s1x2y3'],
    ],
  },
  {
    name: 'Joomla',
    shows: any(/^\/administrator\//i),
    about: () => true,
    urls: [
      ['js', '/media/system/js/core.js'],
      ['css', '/media/system/css/joomla-fontawesome.min.css'],
      ['css', '/templates/site/css/template.css'],
      ['js', '/templates/site/js/template.js'],
    ],
  },
  {
    // SharePoint's pages load its scripts and styles from /_layouts/ (and a branded site's own
    // from the master page gallery).
    name: 'SharePoint',
    shows: any(/^\/_(?:layouts|catalogs|vti_bin)\//i),
    about: () => true,
    urls: [
      ['js', '/_layouts/15/init.js?rev=1a2b3c'],
      ['css', '/_layouts/15/1033/styles/Themable/corev15.css?rev=1a2b3c'],
      ['css', '/_catalogs/masterpage/site/css/site.css'],
      // A branded site's scripts and its display templates are in the gallery too.
      ['js', '/_catalogs/masterpage/site/js/site.js'],
    ],
  },
  {
    name: 'generic',
    shows: () => true,
    about: (value, url) => {
      const lower = value.toLowerCase();
      const folder = /^\/[^/]+/.exec(url)![0].toLowerCase();
      const type = /\.[a-z]+$/.exec(url)![0];
      // `/*images`: the folder's name, wherever it stands.
      const anywhere = /^\/\*+([a-z_]{3,})/.exec(lower)?.[1];
      return (
        lower.startsWith(folder) ||
        lower.includes(type) ||
        (anywhere !== undefined && folder.slice(1).startsWith(anywhere))
      );
    },
    urls: [
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
    ],
  },
];

/** A folder name that holds a site's scripts or styles, and which of them. */
const RESOURCE_FOLDERS: readonly (readonly [RegExp, readonly ('css' | 'js')[]])[] = [
  [/^_?(?:css|styles?|stylesheets)$/i, ['css']],
  [/^_?(?:js|javascripts?)$/i, ['js']],
  // A theme's or skin's folder holds its styles and scripts; `_resources` is a CMS's (Modern
  // Campus) folder of the site's own.
  [/^_?(?:assets|static|dist|themes?|skins?)$|^_resources$/i, ['css', 'js']],
];

/**
 * Folders whose files serve the whole site (a CMS's plugins, themes and modules), not only the
 * pages of the folder above them.
 */
const SITE_WIDE =
  /^\/(?:wp-content|wp-includes|sites|modules|themes|plugins|templates|media|core|skin)\//i;

/**
 * A folder of pages no crawler is meant to render: administration, and Cloudflare's own
 * endpoints. (`scripts` is no resource folder: Drupal's holds shell scripts.)
 */
const NOT_PAGES = /^(?:wp-admin|admin|administrator|dashboard|backend|backoffice|cms|cdn-cgi)$/i;

/** A folder of third-party scripts and styles, inside a folder of the site's resources. */
const LIBRARY =
  /^(?:vendors?|libs?|librar(?:y|ies)|plugins|components|bootstrap|jquery[\w.-]*|node_modules|bower_components)$/i;

/** A representative URL of the site's own folders, and the folder whose pages it serves. */
interface SiteUrl {
  readonly kind: 'css' | 'js';
  readonly url: string;
  /** The pages that load it; undefined: every page. */
  readonly pages: string | undefined;
  /** The resource folder's name (lower case, `assets`), as the file names it. */
  readonly folder: string;
}

/**
 * Representative URLs of the resource folders the file's own rules name, at any depth (a
 * plugin's `…/lib/shared/assets/`, a section's `/forum/styles/`), and of the WordPress plugins
 * and themes it names (`/wp-content/plugins/name/`, whose files pages load from
 * `…/name/assets/js/…`).
 */
function siteUrls(values: readonly string[]): SiteUrl[] {
  const out = new Map<string, SiteUrl>();
  const add = (kind: 'css' | 'js', url: string, pages: string | undefined, folder = ''): void => {
    if (!out.has(url)) out.set(url, { kind, url, pages, folder });
  };
  for (const value of values) {
    // `/*styles`: a folder of that name anywhere, so at the top too.
    const anywhere = /^\/\*+([A-Za-z_]+)/.exec(value)?.[1];
    // The folders the value names as written: up to a wildcard, an end anchor or a query.
    const path = anywhere === undefined ? value.replace(/[*$?].*$/, '') : `/${anywhere}/`;
    if (!path.startsWith('/')) continue;
    // The folders: every segment before the last `/`, and a last one without a file's
    // extension (`/javascript` names the folder, and blocks it).
    const parts = path.split('/').slice(1);
    const last = parts.pop()!;
    const named = path === value.trimEnd() && /^[A-Za-z0-9_-]+$/.test(last);
    const segments = named ? [...parts, last] : parts;
    const plugin = /^\/wp-content\/(?:plugins|themes)\/[^/]+\//i.exec(path);
    if (plugin !== null) {
      add('js', `${plugin[0]}assets/js/script.js?ver=1.0`, undefined);
      add('css', `${plugin[0]}assets/css/style.css?ver=1.0`, undefined);
    }
    for (let i = 0; i < segments.length; i++) {
      const kinds = RESOURCE_FOLDERS.find(([name]) => name.test(segments[i]!))?.[1];
      // At the top, a `/dist/` often holds downloads.
      if (kinds === undefined || (i === 0 && /^dist$/i.test(segments[i]!))) continue;
      const folder = `/${segments.slice(0, i + 1).join('/')}/`;
      const above = `/${segments.slice(0, i).join('/')}${i > 0 ? '/' : ''}`;
      // Admin pages are not crawled: the files that serve them matter to no crawler.
      if (segments.slice(0, i).some((x) => NOT_PAGES.test(x))) continue;
      const pages = SITE_WIDE.test(folder) ? undefined : above;
      // A folder of both keeps each in a folder of its own (`/static/css/`, `/static/js/`).
      const inner = kinds.length > 1;
      for (const kind of kinds) {
        const file = kind === 'css' ? 'style.css' : 'app.js';
        add(kind, `${folder}${inner ? `${kind}/` : ''}${file}`, pages, segments[i]!.toLowerCase());
      }
      // A library's folder in a folder of both (`/assets/bootstrap/`) holds the same.
      const part = segments[i + 1];
      if (inner && part !== undefined && LIBRARY.test(part)) {
        for (const kind of kinds) {
          const file = kind === 'css' ? 'style.css' : 'app.js';
          add(kind, `${folder}${part}/${kind}/${file}`, pages, segments[i]!.toLowerCase());
        }
      }
    }
  }
  return [...out.values()];
}

/** A document's file type, or a folder of documents. */
const DOCUMENT =
  /^(?:[^/]*\.(?:pdf|docx?|xlsx?|pptx?|zip)\$?|pdfs?|docs?|documents?|downloads?|files|forms)$/i;

/**
 * The names of resource folders of both kinds (`assets`, `static`) that the file's rules show
 * holding documents: a segment after one, at any depth, is a document or a folder of them
 * (`/assets/pdf/…`, `/us/en/assets/report.pdf`, `/assets/*.pdf`). Such a folder is the site's
 * downloads, not its styles and scripts.
 */
function documentFolders(values: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const value of values) {
    const segments = value.split('/');
    for (let i = 1; i + 1 < segments.length; i++) {
      const name = segments[i]!;
      const both = RESOURCE_FOLDERS.find(([pattern]) => pattern.test(name))?.[1].length === 2;
      if (both && DOCUMENT.test(segments[i + 1]!.replace(/^\*+/, 'x'))) out.add(name.toLowerCase());
    }
  }
  return out;
}

/**
 * Platforms that serve their sites' styles and scripts from hosts of their own, shown by lines
 * their robots.txt template always has: the folders below hold none of a site's files there.
 * Squarespace: `/*?format=page-context` and `/*?reversePaginate=*` are its template's; its
 * sites load their files from static1.squarespace.com and assets.squarespace.com.
 */
const PLATFORMS: readonly {
  readonly shows: readonly string[];
  readonly folders: readonly string[];
}[] = [
  {
    shows: ['/*?format=page-context', '/*?reversePaginate=*'],
    folders: ['/static/'],
  },
];

/** The folders of the platform the file shows that hold no files of the site. */
function servedElsewhere(values: readonly string[]): readonly string[] {
  return PLATFORMS.filter((p) => p.shows.every((line) => values.includes(line))).flatMap(
    (p) => p.folders,
  );
}

const NAMES: Readonly<Record<ResourceKind, string>> = {
  css: 'CSS',
  js: 'JavaScript',
  image: 'images',
};

// The name the global agent is checked as: no file names it.
const PROBE = 'RobotsRepLintProbe';

export const resources: LintFamily = {
  name: 'resources',
  codes: {
    'blocked-resources': {
      severity: 'warning',
      summary:
        'A rule that blocks CSS or JavaScript of a common layout from Googlebot, which needs them to render pages.',
    },
    'blocked-images': {
      severity: 'info',
      summary: 'A rule that blocks the images of a common layout from Google Images.',
    },
    'whole-site-disallowed': {
      severity: 'info',
      summary:
        'The `*` group disallows the whole site: every crawler without a group of its own may crawl nothing (often intended).',
    },
  },
  check: checkResources,
};

function checkResources(context: LintContext): LintChecks {
  return {
    end() {
      if (context.html || context.utf16) return;
      const { robots } = context;
      wholeSite(context);
      // A site closed to Googlebot has no pages to render.
      if (!robots.explain('/', 'Googlebot').allowed) return;
      const values = [...robots.groups.flatMap((g) => g.rules.map((r) => r.value))];
      const layouts = LAYOUTS.filter((l) => l.shows(values));
      const imageAgent = robots.groups.some((g) =>
        g.agents.some((a) => a.token.toLowerCase() === 'googlebot-image'),
      )
        ? 'Googlebot-Image'
        : 'Googlebot';
      // Blocked URLs by the line that blocks them.
      const byLine = new Map<
        number,
        { explanation: Explanation; blocked: [ResourceKind, string][] }
      >();
      const served = servedElsewhere(values);
      const documents = documentFolders(values);
      for (const layout of layouts) {
        for (const [kind, url] of layout.urls) {
          // A platform that serves its sites' files from its own hosts (Squarespace's CDN).
          if (served.some((prefix) => url.startsWith(prefix))) continue;
          // A folder the rules show to hold documents (`/assets/pdf/…`): the site's downloads.
          if (kind !== 'image' && documents.has(/^\/([^/]+)\//.exec(url)![1]!.toLowerCase()))
            continue;
          const explanation = robots.explain(url, kind === 'image' ? imageAgent : 'Googlebot');
          if (explanation.allowed || explanation.rule === undefined) continue;
          if (!layout.about(explanation.rule.value, url)) continue;
          const entry = byLine.get(explanation.line) ?? { explanation, blocked: [] };
          entry.blocked.push([kind, url]);
          byLine.set(explanation.line, entry);
        }
      }
      // The site's own resource folders, as its rules name them: blocked for Googlebot while
      // the pages above them are not (a folder under a blocked section serves no crawled page).
      // A line a layout's URLs found keeps their words.
      // The fix then opens every kind the line was seen to block.
      for (const { kind, url, pages, folder } of siteUrls(values)) {
        if (documents.has(folder)) continue;
        if (served.some((prefix) => url.startsWith(prefix))) continue;
        // A URL never carries a raw space (`/corporate responsibility/assets/`): the rule that
        // names it matches no request.
        if (!isRequestable(url)) continue;
        const explanation = robots.explain(url, 'Googlebot');
        if (explanation.allowed || explanation.rule === undefined) continue;
        if (pages !== undefined && !robots.explain(pages, 'Googlebot').allowed) continue;
        const entry = byLine.get(explanation.line) ?? { explanation, blocked: [] };
        if (!entry.blocked.some(([k]) => k === kind)) entry.blocked.push([kind, url]);
        byLine.set(explanation.line, entry);
      }
      const proposals: Proposal[] = [];
      for (const [line, { explanation, blocked }] of byLine) {
        // An Allow for the file type under the rule's folder: the author opened the resources
        // where the site keeps them (`Allow: /assets/_combined/*.css` beside `Disallow: /assets`).
        const opened = openedKinds(robots, explanation);
        const scripts = blocked.filter(([kind]) => kind !== 'image' && !opened.has(kind));
        if (scripts.length > 0) proposals.push(propose(context, line, explanation, scripts));
        else {
          const images = blocked.filter(([kind]) => kind === 'image');
          if (images.length > 0) reportImages(context, line, explanation, images);
        }
      }
      const verified = verifyFixes(context, proposals);
      for (const proposal of proposals) report(context, proposal, verified.has(proposal));
    },
  };
}

/** The file types an Allow of the deciding groups names under the blocking rule's prefix. */
function openedKinds(robots: RobotsTxt, explanation: Explanation): Set<ResourceKind> {
  const prefix = explanation.rule!.value.replace(/[*$].*$/, '');
  const kinds = new Set<ResourceKind>();
  for (const index of explanation.groups) {
    for (const rule of robots.groups[index]?.rules ?? []) {
      if (rule.type !== 'allow' || !rule.value.startsWith(prefix)) continue;
      if (/\.css\b/i.test(rule.value)) kinds.add('css');
      if (/\.js\b/i.test(rule.value)) kinds.add('js');
    }
  }
  return kinds;
}

/** A blocking line, its blocked URLs and the edit that would open them. */
interface Proposal {
  readonly line: number;
  readonly explanation: Explanation;
  readonly blocked: readonly [ResourceKind, string][];
  /** The Allows to add; undefined when the rule names the files itself and should go. */
  readonly allows: readonly string[] | undefined;
  readonly edit: FixEdit;
}

function propose(
  context: LintContext,
  line: number,
  explanation: Explanation,
  blocked: readonly [ResourceKind, string][],
): Proposal {
  const kinds = [...new Set(blocked.map(([kind]) => kind))] as ('css' | 'js')[];
  const allows = allowsFor(explanation.rule!.value, kinds);
  const span = context.lines[line]!;
  const eol = context.text.slice(span.end, span.end + 2) === '\r\n' ? '\r\n' : '\n';
  const next = context.lines[line + 1]?.start ?? context.text.length;
  const edit: FixEdit =
    allows === undefined
      ? { start: span.start, end: next, text: '' }
      : { start: span.end, end: span.end, text: allows.map((a) => `${eol}Allow: ${a}`).join('') };
  return { line, explanation, blocked, allows, edit };
}

function report(context: LintContext, proposal: Proposal, withFix: boolean): void {
  const { line, explanation, blocked, allows, edit } = proposal;
  const rule = explanation.rule!;
  const kinds = [...new Set(blocked.map(([kind]) => kind))];
  const d = context.directives[line];
  const examples = blocked.slice(0, 2).map(([, url]) => terminalSafe(url));
  const what = kinds.map((k) => NAMES[k]).join(' and ');
  const added = allows?.map((a) => `"Allow: ${a}"`).join(' and ');
  context.report({
    code: 'blocked-resources',
    line,
    message: `"${terminalSafe(formatRule(rule))}" blocks ${what} that Googlebot needs to render pages (e.g. ${examples.join(', ')}): Google renders pages as a browser does, and a page whose ${what} it may not fetch can be indexed and ranked as broken. ${
      added === undefined
        ? `Remove this rule, or narrow it so that it does not match ${what} files.`
        : `Add ${added} to this group, so that Googlebot may fetch them.`
    }`,
    from: d?.keyStart,
    to: d?.valueEnd,
    ...(withFix && {
      fix: {
        description:
          added === undefined ? `Remove line ${line}.` : `Add ${added} after line ${line}.`,
        edits: [edit],
        otherwise: `Add an Allow for the ${what} files by hand.`,
      },
    }),
  });
}

function reportImages(
  context: LintContext,
  line: number,
  explanation: Explanation,
  blocked: readonly [ResourceKind, string][],
): void {
  const d = context.directives[line];
  context.report({
    code: 'blocked-images',
    line,
    message: `"${terminalSafe(formatRule(explanation.rule!))}" blocks images from Google (e.g. ${blocked
      .slice(0, 2)
      .map(([, url]) => terminalSafe(url))
      .join(', ')}): they cannot appear in Google Images or image results. Fine if intended.`,
    from: d?.keyStart,
    to: d?.valueEnd,
  });
}

/**
 * The Allow patterns that outrank a Disallow for CSS and JavaScript under it: longer than the
 * Disallow (RFC 9309 §2.2.2: the longest match wins). Undefined when the rule names such files
 * itself (`/*.js$`): then the rule itself is the problem.
 */
function allowsFor(value: string, kinds: readonly ('css' | 'js')[]): string[] | undefined {
  if (/\.(?:css|js)\b/i.test(value)) return undefined;
  const prefix = value.replace(/[*$]+$/, '');
  // A rule for URLs with a query (`/*?*`) blocks the files only with one (`app.js?v=2`): the
  // Allow names the query's `?`, so that it opens no `.json` or `.jsp`, and nothing without one.
  if (prefix.includes('?')) return kinds.map((kind) => `/*.${kind}?`);
  if (prefix === '' || prefix === '/') return kinds.map((kind) => `/*.${kind}`);
  return kinds.map((kind) => `${prefix}*.${kind}`);
}

/**
 * The proposals whose edits open their blocked URLs to Googlebot, checked on one copy of the file
 * with every edit applied (a parse of the file, whatever the number of lines).
 */
function verifyFixes(context: LintContext, proposals: readonly Proposal[]): Set<Proposal> {
  const verified = new Set<Proposal>();
  if (proposals.length === 0) return verified;
  const edits = proposals.map((p) => p.edit).sort((a, b) => a.start - b.start);
  let text = '';
  let at = 0;
  for (const edit of edits) {
    text += context.text.slice(at, edit.start) + edit.text;
    at = Math.max(at, edit.end);
  }
  text += context.text.slice(at);
  const changed: RobotsTxt = new ParsedRobotsTxt(byteStringBody(text), context.parseOptions);
  for (const proposal of proposals) {
    if (proposal.blocked.every(([, url]) => changed.explain(url, 'Googlebot').allowed)) {
      verified.add(proposal);
    }
  }
  return verified;
}

/** The `*` group blocks `/`: worth knowing (the audit warns), often intended, no fix. */
function wholeSite(context: LintContext): void {
  const { robots } = context;
  if (!robots.groups.some((g) => g.agents.some((a) => a.global))) return;
  const explanation = robots.explain('/', PROBE);
  if (explanation.allowed || explanation.rule === undefined) return;
  const d = context.directives[explanation.line];
  context.report({
    code: 'whole-site-disallowed',
    line: explanation.line,
    message: `"${terminalSafe(formatRule(explanation.rule))}" in the * group blocks the whole site for every crawler without a group of its own: search engines may list its URLs without content, or drop them. Often intended (a staging or private site); otherwise, remove it.`,
    from: d?.keyStart,
    to: d?.valueEnd,
  });
}
