/**
 * Lint family `resources`: what the rules do to the files pages are built from. Google renders
 * pages with their CSS and JavaScript, and its robots.txt documentation advises against blocking
 * them; which are blocked is decided by matching the rules, as Googlebot reads them, against
 * representative resource URLs of common site layouts (`resources/layouts.ts`) and of the
 * site's own folders as its rules name them (`resources/site-folders.ts`) — never by looking
 * for strings in the file.
 */

import { formatRule } from '../../explain.js';
import { matchesPattern } from '../../match/pattern.js';
import type { Explanation, RobotsTxt } from '../../types.js';
import { terminalSafe } from '../../util/terminal.js';
import { listOf } from '../blocks.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import type { FixEdit } from '../types.js';
import { listed, type Proposal, propose, verifyFixes } from './resources/fix.js';
import {
  aboutGeneric,
  blocksEverything,
  GENERIC_URLS,
  generated,
  LAYOUTS,
  PLACEHOLDERS,
  type ResourceKind,
} from './resources/layouts.js';
import {
  documentFolders,
  type FolderNote,
  namedKinds,
  siteUrls,
} from './resources/site-folders.js';

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

/**
 * A blocked URL: from a layout the file shows (the site's for sure), or a guess (a generic
 * layout's, or one made up for a folder the rules name), with what the file says about it.
 */
interface Blocked {
  readonly kind: ResourceKind;
  readonly url: string;
  readonly shown: boolean;
  readonly note?: FolderNote | undefined;
}

/** A language's prefix of pages (`/de/`, `/en-us/`) at the start of a root. */
const LOCALE = /^\/[a-z]{2}(?:[-_][a-z]{2,4})?\//i;

/** Blocked URLs by the line that blocks them. */
type ByLine = Map<number, { explanation: Explanation; blocked: Blocked[] }>;

function checkResources(context: LintContext): LintChecks {
  return {
    end() {
      if (context.html || context.utf16) return;
      wholeSite(context);
      // A site closed to Googlebot has no pages to render.
      if (closedToGooglebot(context.robots)) return;
      const proposals: Proposal[] = [];
      const images: (() => void)[] = [];
      for (const [line, { explanation, blocked }] of blockedByLine(context)) {
        const proposal = judge(context, line, explanation, blocked);
        if (proposal !== undefined) proposals.push(proposal);
        // A line may block images as well as scripts: both are said, the images as an info.
        const image = blockedImages(context.robots, explanation, blocked);
        if (image.length > 0) images.push(() => reportImages(context, line, explanation, image));
      }
      const under = folded(proposals);
      const findings = proposals
        .filter((p) => ![...under.values()].some((list) => list.includes(p)))
        .map((p) => widened(context, p, under.get(p) ?? []));
      const verified = verifyFixes(
        context,
        findings.flatMap(({ proposal, narrower, redundant }) => [
          { proposal, extra: redundant.map((r) => deletion(context, r.line)) },
          ...narrower.filter((n) => !redundant.includes(n)).map((n) => ({ proposal: n })),
        ]),
      );
      for (const { proposal, narrower, redundant } of findings) {
        const kept = narrower.filter((p) => !redundant.includes(p));
        const withFix = verified.has(proposal) && kept.every((p) => verified.has(p));
        report(context, proposal, withFix, narrower, redundant);
      }
      for (const image of images) image();
    },
  };
}

/** Files an Allow may name that are no page (a sitemap, styles, scripts, images, fonts). */
const NOT_PAGES = /\.(?:css|js|json|xml|txt|gz|png|jpe?g|gif|svg|webp|ico|woff2?|ttf|pdf)\b/i;

/**
 * Whether Googlebot may fetch no page: `/` is disallowed, and no Allow of its groups opens pages
 * (`Allow: /about/` under `Disallow: /` does: an allow-list of pages, which render with the
 * site's CSS and JavaScript; `Allow: /sitemap.xml` or `Allow: /images/` does not).
 */
function closedToGooglebot(robots: RobotsTxt): boolean {
  const root = robots.explain('/', 'Googlebot');
  if (root.allowed) return false;
  return !root.groups.some((index) =>
    (robots.groups[index]?.rules ?? []).some((rule) => {
      if (rule.type !== 'allow' || rule.value === '' || NOT_PAGES.test(rule.value)) return false;
      const folder = rule.value.replace(/[*$]+$/, '');
      if (MEDIA.test(folder) || /^\/?\**$/.test(rule.value)) return false;
      const path = folder.replaceAll('*', 'x');
      return robots.explain(path.startsWith('/') ? path : `/${path}`, 'Googlebot').allowed;
    }),
  );
}

/**
 * The representative URLs the rules block for Googlebot (images for Googlebot-Image when the
 * file names it): of the layouts the file shows, under each root it shows them at; of the
 * generic layout, when the rule names the folder or the file type; and of the site's own
 * folders as its rules name them — none of the last two in a file a platform generates.
 */
function blockedByLine(context: Pick<LintContext, 'robots' | 'text'>): ByLine {
  const { robots } = context;
  const values = [...robots.groups.flatMap((g) => g.rules.map((r) => r.value))];
  const googlebotImage = robots.groups.some((g) =>
    g.agents.some((a) => a.token.toLowerCase() === 'googlebot-image'),
  );
  const agentFor = (kind: ResourceKind) =>
    kind === 'image' && googlebotImage ? 'Googlebot-Image' : 'Googlebot';
  const byLine: ByLine = new Map();
  const block = (explanation: Explanation, entry: Blocked) => {
    const known = byLine.get(explanation.line) ?? { explanation, blocked: [] };
    known.blocked.push(entry);
    byLine.set(explanation.line, known);
  };
  let shown = false;
  for (const layout of LAYOUTS) {
    const roots = layout.roots(values);
    for (const root of roots) {
      shown = true;
      // A layout under a folder whose pages are blocked serves no crawled page.
      if (root !== '/' && !robots.explain(root, 'Googlebot').allowed) continue;
      // A copy of the rules under a language's prefix (`/de/core/` beside `/core/`): the
      // prefix routes pages, and the files are served from the install's own folders.
      const unprefixed = root.replace(LOCALE, '/');
      if (unprefixed !== root && roots.includes(unprefixed)) continue;
      for (const [kind, path] of layout.urls) {
        const url = root + path.slice(1);
        const explanation = robots.explain(url, agentFor(kind));
        if (explanation.allowed || explanation.rule === undefined) continue;
        block(explanation, { kind, url, shown: true });
      }
    }
  }
  // A file a platform generates: its pages load their files from the platform's hosts.
  if (generated(context.text, values)) return byLine;
  const documents = documentFolders(values);
  const allows = robots.groups.flatMap((g) =>
    g.rules.filter((r) => r.type === 'allow').map((r) => r.value),
  );
  const everywhere = guessedEverywhere(robots, allows, shown, agentFor);
  for (const [kind, url] of GENERIC_URLS) {
    // A folder the rules show holding documents (`/assets/pdf/…`): the site's downloads.
    if (kind !== 'image' && documents.has(/^\/([^/]+)\//.exec(url)![1]!.toLowerCase())) continue;
    const explanation = robots.explain(url, agentFor(kind));
    if (explanation.allowed || explanation.rule === undefined) continue;
    const { value } = explanation.rule;
    if (aboutGeneric(value, url) || (everywhere.has(kind) && blocksEverything(value)))
      block(explanation, { kind, url, shown: false });
  }
  // The site's own resource folders, as its rules name them: blocked for Googlebot while the
  // pages above them are not (a folder under a blocked section serves no crawled page). A line
  // a layout's URLs found keeps their words (they come first), and its fix opens every kind
  // the line was seen to block.
  for (const { kind, url, pages, note } of siteUrls(values, shown, allows)) {
    const explanation = robots.explain(url, agentFor(kind));
    if (explanation.allowed || explanation.rule === undefined) continue;
    if (pages !== undefined && !robots.explain(pages, 'Googlebot').allowed) continue;
    if (byLine.get(explanation.line)?.blocked.some((b) => b.kind === kind)) continue;
    block(explanation, { kind, url, shown: false, note });
  }
  return byLine;
}

/**
 * The kinds a rule that blocks every path (`Disallow: /` beside Allows of pages, judge D's
 * 1945) is taken to block wherever the site keeps them, the generic URLs standing for its
 * folders: unless the file shows where they are — a layout, an Allow naming a folder or file
 * type of the kind (`Allow: /static/`, `Allow: /*.css`: CSS and JavaScript go together), or a
 * generic URL of the kind left open.
 */
function guessedEverywhere(
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

/**
 * What one blocking line is worth: a warning with a fix (the proposal returned) when it blocks
 * scripts or styles of a layout the file shows, or guessed ones the file says nothing against;
 * an info when the file shows they are kept back on purpose or live elsewhere; an info for
 * images.
 */
function judge(
  context: LintContext,
  line: number,
  explanation: Explanation,
  blocked: readonly Blocked[],
): Proposal | undefined {
  const { scripts, subset, sure } = sureBlocked(context.robots, explanation, blocked);
  if (sure.length > 0) {
    return propose(
      context,
      line,
      explanation,
      sure.map((b) => [b.kind, b.url] as const),
    );
  }
  if (scripts.length > 0) reportDeliberate(context, line, explanation, scripts, subset);
  return undefined;
}

/**
 * Of the scripts and styles a line blocks, those a warning is sure of (`sure`), beside all of
 * them (`scripts`) and the subfolder the group opens under the line (`subset`).
 */
function sureBlocked(robots: RobotsTxt, explanation: Explanation, blocked: readonly Blocked[]) {
  // An Allow for the file type under the rule's folder: the author opened the resources where
  // the site keeps them (`Allow: /assets/_combined/*.css` beside `Disallow: /assets`).
  const opened = openedKinds(robots, explanation);
  const scripts = blocked.filter((b) => b.kind !== 'image' && !opened.has(b.kind));
  // Subfolders the group opens under the rule: the site's files are there, not where a guessed
  // URL puts them (`Allow: /static/pp/*` under `Disallow: /static/*`).
  // A layout's URL with a placeholder name (`/etc/designs/site/`) beside a folder the group
  // opens by its own name (`Allow: /etc/designs/census`): the site's files are there.
  const named = blocked.map((b) =>
    b.shown ? ownFolderBeside(robots, explanation, b.url) : undefined,
  );
  const beside = named.find((n) => n !== undefined);
  const subset =
    subfolders(robots, explanation) ??
    allowedFolder(robots, explanation) ??
    curatedFiles(robots, explanation) ??
    beside;
  const sure = scripts.filter((b) =>
    b.shown
      ? named[blocked.indexOf(b)] === undefined
      : b.note === undefined && subset === undefined,
  );
  return { scripts, subset, sure };
}

/** An image's file type, as a rule or an Allow names it. */
const IMAGE_TYPE = /\.(?:png|jpe?g|gif|webp|svg|avif)\b/i;

/**
 * The images a line blocks: a layout's the file shows, or guessed ones unless the group shows
 * where the site's images are — an Allow under the rule of a folder of images
 * (`Allow: /static/images/` under `Disallow: /static/`) or of their type (`Allow:
 * /static/*.png`; for a rule on one type, `Allow` of that type), a subfolder the group opens
 * under a rule on a folder of other files (`Allow: /static/pp/`), or a folder an allow-list
 * beside `Disallow: /` opens. One file (`Allow: /img/logo.svg`) or an index page
 * (`Allow: /images/$`) opens no folder.
 */
function blockedImages(
  robots: RobotsTxt,
  explanation: Explanation,
  blocked: readonly Blocked[],
): Blocked[] {
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
 * The CSS and JavaScript URLs `blocked-resources` warns of in a file (`robots`, read from the
 * byte string `text`): what fix verification compares before and after a fix, so that a fix
 * does not newly block what Googlebot needs to render pages.
 */
export function warnedResources(robots: RobotsTxt, text: string): Set<string> {
  const urls = new Set<string>();
  if (closedToGooglebot(robots)) return urls;
  for (const { explanation, blocked } of blockedByLine({ robots, text }).values()) {
    for (const b of sureBlocked(robots, explanation, blocked).sure) urls.add(b.url);
  }
  return urls;
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
function openedKinds(robots: RobotsTxt, explanation: Explanation): Set<ResourceKind> {
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
function ownFolderBeside(
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
const MEDIA = /\/(?:images?|imgs?|media|photos?|pictures?|uploads?|icons?|fonts?)\/?$/i;

/**
 * The first Allow of the deciding groups that opens a subfolder under the blocking rule's
 * folder (not a file type, not a folder of images), with its line; undefined when none does.
 */
function subfolders(
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
      if (/\.[A-Za-z0-9]+$/.test(folder) || MEDIA.test(folder)) continue;
      if (CSS_FOLDER.test(folder) || JS_FOLDER.test(folder)) continue;
      return { value: rule.value, line: rule.line };
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
function allowedFolder(
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
function curatedFiles(
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
 * Findings of Disallows under a broader one of the same groups that blocks their URLs too
 * (`/wp-content/plugins/pollpress/` beside `/wp-content/plugins/`), by the broader finding: one
 * finding for the folder, whose fix holds the Allows every line needs (a narrower Disallow is
 * longer than the broader line's Allows, so each needs its own).
 */
function folded(proposals: readonly Proposal[]): Map<Proposal, Proposal[]> {
  const under = new Map<Proposal, Proposal[]>();
  const sameGroups = (a: Proposal, b: Proposal) =>
    a.explanation.groups.length === b.explanation.groups.length &&
    a.explanation.groups.every((g, i) => b.explanation.groups[i] === g);
  for (const p of proposals) {
    let broadest: Proposal | undefined;
    for (const q of proposals) {
      const rule = q.explanation.rule!;
      if (q === p || rule.type !== 'disallow' || q.remedy.kind !== 'add') continue;
      if (p.remedy.kind !== 'add' || !sameGroups(p, q)) continue;
      if (rule.pattern.length >= p.explanation.rule!.pattern.length) continue;
      if (!p.blocked.every(([, url]) => matchesPattern(rule.pattern, url))) continue;
      if (broadest === undefined || rule.pattern.length < broadest.explanation.rule!.pattern.length)
        broadest = q;
    }
    if (broadest === undefined) continue;
    under.set(broadest, [...(under.get(broadest) ?? []), p]);
  }
  // A chain (a under b under c) folds into its top.
  for (const [top, list] of under) {
    for (const p of list) {
      const below = under.get(p);
      if (below === undefined) continue;
      list.push(...below);
      under.delete(p);
    }
    list.sort((a, b) => a.line - b.line);
    under.set(top, list);
  }
  return under;
}

/**
 * A broader finding with the narrower ones folded under it: those its rule already covers
 * (`redundant`) are deleted by its fix, so its Allows must open what they decided too (judge
 * F, 3304: `/wp-includes` above `/wp-includes/js`, whose scripts the broader line blocks once
 * it is gone).
 */
function widened(context: LintContext, proposal: Proposal, narrower: readonly Proposal[]) {
  const redundant = narrower.filter((p) => covered(context, proposal, p));
  if (redundant.length === 0) return { proposal, narrower, redundant };
  const urls = new Map(proposal.blocked.map((b) => [b[1], b] as const));
  for (const b of redundant.flatMap((p) => p.blocked)) if (!urls.has(b[1])) urls.set(b[1], b);
  const wide = propose(context, proposal.line, proposal.explanation, [...urls.values()]);
  return { proposal: wide, narrower, redundant };
}

/**
 * Whether a narrower Disallow adds nothing to the broader one: both literal, the broader a
 * prefix of it, and no Allow of the groups between them in length under the broader (deleting
 * the narrower then changes no verdict but those of the broader's own Allows).
 */
function covered(context: LintContext, broad: Proposal, narrow: Proposal): boolean {
  const outer = broad.explanation.rule!.pattern;
  const inner = narrow.explanation.rule!.pattern;
  if (/[*$]/.test(outer) || /[*$]/.test(inner) || !inner.startsWith(outer)) return false;
  return broad.explanation.groups.every((index) =>
    (context.robots.groups[index]?.rules ?? []).every(
      (r) =>
        r.type !== 'allow' ||
        r.pattern.length <= outer.length ||
        r.pattern.length > inner.length ||
        !(r.pattern.startsWith(outer) || r.pattern.startsWith('*') || r.pattern.startsWith('/*')),
    ),
  );
}

/** The edit deleting a line with its line break. */
function deletion(context: LintContext, line: number): FixEdit {
  const span = context.lines[line]!;
  const next = context.lines[line + 1]?.start ?? context.text.length;
  return { start: span.start, end: next, text: '' };
}

function report(
  context: LintContext,
  proposal: Proposal,
  withFix: boolean,
  narrower: readonly Proposal[],
  redundant: readonly Proposal[],
): void {
  const { line, explanation, blocked, remedy, edit } = proposal;
  const rule = explanation.rule!;
  const kinds = [...new Set(blocked.map(([kind]) => kind))];
  const d = context.directives[line];
  const examples = blocked.slice(0, 2).map(([, url]) => terminalSafe(url));
  const what = kinds.map((k) => NAMES[k]).join(' and ');
  const swapped = `Allow: ${terminalSafe(rule.value)}`;
  const added =
    remedy.kind === 'add' && listed(remedy.allows.map((a) => `Allow: ${terminalSafe(a)}`));
  const advice =
    remedy.kind === 'remove'
      ? `Remove this rule, or narrow it so that it does not match ${what} files.`
      : remedy.kind === 'swap'
        ? `It names the file that serves them: write "${swapped}" instead.`
        : `Add ${added} to this group, so that Googlebot may fetch them.`;
  // Narrower Disallows of folders under this one outrank its Allows: a literal one the rule
  // already covers goes (the rule still blocks the rest of its folder), any other gets Allows
  // of its own.
  const kept = narrower.filter((p) => !redundant.includes(p));
  const lines = (list: readonly Proposal[]) =>
    `${list.length === 1 ? 'line' : 'lines'} ${listOf(list.map((p) => String(p.line)))}`;
  const named = (list: readonly Proposal[]) =>
    `${list.length === 1 ? 'Line' : 'Lines'} ${listOf(list.map((p) => String(p.line)))} (${listed(list.slice(0, 2).map((p) => terminalSafe(formatRule(p.explanation.rule!))))}${list.length > 2 ? ', …' : ''})`;
  const one = (list: readonly Proposal[], singular: string, plural: string) =>
    list.length === 1 ? singular : plural;
  const others = `${
    redundant.length === 0
      ? ''
      : ` ${named(redundant)} ${one(redundant, 'blocks a folder', 'block folders')} under it, which it blocks already: remove ${one(redundant, 'it', 'them')}, or ${one(redundant, 'it outranks', 'they outrank')} its Allows.`
  }${
    kept.length === 0
      ? ''
      : ` ${named(kept)} ${one(kept, 'blocks a folder', 'block folders')} under it and ${one(kept, 'outranks', 'outrank')} its Allows: ${one(kept, 'it needs', 'they need')} Allows of ${one(kept, 'its', 'their')} own.`
  }`;
  const description =
    remedy.kind === 'remove'
      ? `Remove line ${line}.`
      : remedy.kind === 'swap'
        ? `Write "${swapped}".`
        : `Add ${added} after line ${line}${redundant.length > 0 ? `${kept.length > 0 ? ',' : ' and'} remove ${lines(redundant)}` : ''}${kept.length > 0 ? `, and the same Allows for the folders of ${lines(kept)}` : ''}.`;
  // A rule on every path, beside Allows of pages: the examples stand for wherever the files are.
  const blocks = blocksEverything(rule.value)
    ? `blocks every file of the site but the pages its group allows, so also the ${what} those pages render with, wherever the site keeps them on this host (e.g. ${examples.join(', ')})`
    : `blocks ${what} that Googlebot needs to render pages (e.g. ${examples.join(', ')})`;
  context.report({
    code: 'blocked-resources',
    line,
    message: `"${terminalSafe(formatRule(rule))}" ${blocks}: Google renders pages as a browser does, and a page whose ${what} it may not fetch can be indexed and ranked as broken. ${advice}${others}`,
    from: d?.keyStart,
    to: d?.valueEnd,
    ...(narrower.length > 0 && {
      related: narrower.map((p) => ({
        line: p.line,
        message: terminalSafe(formatRule(p.explanation.rule!)),
      })),
    }),
    ...(withFix && {
      fix: {
        description,
        edits: [
          edit,
          ...kept.map((p) => p.edit),
          ...redundant.map((p) => deletion(context, p.line)),
        ].sort((a, b) => a.start - b.start),
        otherwise: `Add an Allow for the ${what} files by hand.`,
      },
    }),
  });
}

/**
 * Scripts or styles the file shows it keeps from crawlers on purpose, or where a guessed URL
 * is likely not the site's: an info, without a fix.
 */
function reportDeliberate(
  context: LintContext,
  line: number,
  explanation: Explanation,
  blocked: readonly Blocked[],
  subset: { value: string; line: number } | undefined,
): void {
  const rule = terminalSafe(formatRule(explanation.rule!));
  const kinds = [...new Set(blocked.map((b) => b.kind))];
  const what = kinds.map((k) => NAMES[k]).join(' and ');
  const example = terminalSafe(blocked[0]!.url);
  const note = blocked.find((b) => b.note !== undefined)?.note;
  const why =
    note?.kind === 'purpose'
      ? `its folder "${terminalSafe(note.folder)}" is named for what the scripts do, and such scripts (a paywall, a consent banner, advertising, tracking) are often kept from crawlers on purpose. Fine if the pages show their content without them.`
      : note?.kind === 'frontpage'
        ? 'it is the theme folder of Microsoft FrontPage, whose _vti_ folders this file lists too (FrontPage was discontinued in 2006). It matters only if pages still use a FrontPage theme.'
        : `the group allows "${terminalSafe(subset!.value)}" under it (line ${subset!.line}): fine if the pages load their ${what} only from the folders it allows${blocksEverything(explanation.rule!.value) ? ' or from another host' : ''}.`;
  const d = context.directives[line];
  context.report({
    code: 'blocked-resources',
    severity: 'info',
    line,
    message: `"${rule}" blocks ${what} (e.g. ${example}), but ${why}`,
    from: d?.keyStart,
    to: d?.valueEnd,
  });
}

function reportImages(
  context: LintContext,
  line: number,
  explanation: Explanation,
  blocked: readonly Blocked[],
): void {
  const d = context.directives[line];
  const rule = explanation.rule!;
  const examples = blocked
    .slice(0, 2)
    .map((b) => terminalSafe(b.url))
    .join(', ');
  // A rule on every path: all the site's images, wherever they are.
  const what = blocksEverything(rule.value)
    ? `blocks every image of the site from Google (wherever they are, e.g. ${examples})`
    : `blocks images from Google (e.g. ${examples})`;
  context.report({
    code: 'blocked-images',
    line,
    message: `"${terminalSafe(formatRule(rule))}" ${what}: they cannot appear in Google Images or image results. Fine if intended.`,
    from: d?.keyStart,
    to: d?.valueEnd,
  });
}

/** Paths no Allow names, to find a rule on every path behind an allow-list of pages. */
const PROBE_PATHS = ['/robots-rep-lint-probe/', '/robots-rep-lint-probe/page.html'];

/**
 * The `*` group blocks `/`, or every path but the pages its Allows name (`Allow: /$` beside
 * `Disallow: /`, judges F and G's 4157): worth knowing (the audit warns), often intended, no
 * fix.
 */
function wholeSite(context: LintContext): void {
  const { robots } = context;
  if (!robots.groups.some((g) => g.agents.some((a) => a.global))) return;
  const root = robots.explain('/', PROBE);
  if (root.rule !== undefined && !root.allowed) {
    report(root, 'blocks the whole site');
    return;
  }
  const probes = PROBE_PATHS.map((path) => robots.explain(path, PROBE));
  const [first] = probes;
  if (first === undefined || first.allowed || first.rule === undefined) return;
  if (!blocksEverything(first.rule.value) || probes.some((p) => p.line !== first.line)) return;
  const allows = first.groups.flatMap((i) =>
    (robots.groups[i]?.rules ?? []).filter((r) => r.type === 'allow' && r.value !== ''),
  );
  const shown = allows.slice(0, 3).map((r) => `"${terminalSafe(r.value)}"`);
  report(
    first,
    `blocks the whole site but what its ${allows.length === 1 ? 'Allow opens' : `${allows.length} Allows open`} (${listOf(shown)}${allows.length > 3 ? ', …' : ''}),`,
  );

  function report(explanation: Explanation, what: string): void {
    const d = context.directives[explanation.line];
    context.report({
      code: 'whole-site-disallowed',
      line: explanation.line,
      message: `"${terminalSafe(formatRule(explanation.rule!))}" in the * group ${what} for every crawler without a group of its own: search engines may list its URLs without content, or drop them. Often intended (a staging or private site); otherwise, remove it.`,
      from: d?.keyStart,
      to: d?.valueEnd,
    });
  }
}
