/**
 * Lint family `resources`: what the rules do to the files pages are built from. Google renders
 * pages with their CSS and JavaScript, and its robots.txt documentation advises against blocking
 * them; which are blocked is decided by matching the rules, as Googlebot reads them, against
 * representative resource URLs of common site layouts (`resources/layouts.ts`), generic ones
 * (`resources/generic.ts`: `/assets/css/…`, `/js/…`) and the site's own folders as its rules name them (`resources/site-folders.ts`) — never by looking
 * for strings in the file.
 */

import { formatRule } from '../../explain.js';
import type { Explanation, RobotsTxt } from '../../types.js';
import { terminalSafe } from '../../util/terminal.js';
import { listOf } from '../blocks.js';
import type { LintChecks, LintContext, LintFamily } from '../context.js';
import {
  allowedFiles,
  allowedFolder,
  blockedImages,
  curatedFiles,
  guessedEverywhere,
  kindFolderBeside,
  kindSubfolder,
  localeCopy,
  MEDIA,
  openedKinds,
  openedPublished,
  openedSiblings,
  openedTheme,
  ownFolderBeside,
  siblingSubfolders,
  subfolders,
} from './resources/evidence.js';
import { type LeftBlocked, listed, type Proposal, propose, verifyFixes } from './resources/fix.js';
import { deletion, folded, widened } from './resources/fold.js';
import { documentFolders } from './resources/folder-names.js';
import { aboutGeneric, blocksEverything, GENERIC_URLS, generated } from './resources/generic.js';
import { LAYOUTS, layoutUrls, type ResourceKind } from './resources/layouts.js';
import type { ValueMemo } from './resources/memo.js';
import { type FolderNote, siteUrls } from './resources/site-folders.js';
import { wholeSite } from './resources/whole-site.js';

/** What a rule on a type written without `$` (`/*.js`) matches besides the files of the type. */
const OTHER_TYPES: Readonly<Record<string, string>> = {
  '.js': '".json", ".jsp" and ".jsx" files and source maps (".js.map")',
  '.css': 'source maps (".css.map") and folders named "….css/"',
};

const NAMES: Readonly<Record<ResourceKind, string>> = {
  css: 'CSS',
  js: 'JavaScript',
  image: 'images',
};

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
      const { verified, left } = verifyFixes(
        context,
        findings.flatMap(({ proposal, narrower, redundant }) => [
          { proposal, extra: redundant.map((r) => deletion(context, r.line)) },
          ...narrower.filter((n) => !redundant.includes(n)).map((n) => ({ proposal: n })),
        ]),
      );
      for (const { proposal, narrower, redundant } of findings) {
        const kept = narrower.filter((p) => !redundant.includes(p));
        const withFix = verified.has(proposal) && kept.every((p) => verified.has(p));
        report(context, proposal, withFix, narrower, redundant, left.get(proposal) ?? []);
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
function blockedByLine(context: Pick<LintContext, 'robots' | 'text'>, memo?: ValueMemo): ByLine {
  const { robots } = context;
  const all = robots.groups.flatMap((g) => g.rules.map((r) => r.value));
  const values = memo === undefined ? all : memo.number(all);
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
  // Roots of layouts whose pages load CSS and JavaScript only through the layout's own URLs.
  const loaders: string[] = [];
  // Folders (lowercase) where a layout the file shows keeps documents, not scripts or styles.
  const documentsAt: string[] = [];
  // Folders (lowercase) where a layout the file shows keeps its themes, each in its own folder.
  const themesAt: string[] = [];
  for (const layout of LAYOUTS) {
    const roots = layout.roots(values);
    if (layout.loader === true) loaders.push(...roots);
    for (const root of roots) {
      for (const folder of layout.documents ?? [])
        documentsAt.push((root + folder.slice(1)).toLowerCase());
      for (const folder of layout.themes ?? [])
        themesAt.push((root + folder.slice(1)).toLowerCase());
    }
    for (const root of roots) {
      shown = true;
      // A layout under a folder whose pages are blocked serves no crawled page.
      if (root !== '/' && !robots.explain(root, 'Googlebot').allowed) continue;
      // A copy of the rules under a language's prefix (`/de/core/` beside `/core/`): the
      // prefix routes pages, and the files are served from the install's own folders.
      const unprefixed = root.replace(LOCALE, '/');
      if (unprefixed !== root && roots.includes(unprefixed)) continue;
      for (const [kind, path] of layoutUrls(layout, root, values)) {
        const url = root + path.slice(1);
        const explanation = robots.explain(url, agentFor(kind));
        if (explanation.allowed || explanation.rule === undefined) continue;
        block(explanation, { kind, url, shown: true });
      }
    }
  }
  // A file a platform generates: its pages load their files from the platform's hosts.
  if (generated(context.text, values)) return byLine;
  // CSS or JavaScript guessed under a loader's root (MediaWiki's `/w/skins/`): not what its
  // pages load (the layout's own URLs say what they do).
  // Nor under a folder where the layout keeps documents (Ektron's `/assets/`): the layout says
  // what the folder holds, and its generic name does not.
  const guessed = (kind: ResourceKind, url: string) =>
    kind === 'image' ||
    !(
      loaders.some((root) => url.startsWith(root)) ||
      documentsAt.some((folder) => url.toLowerCase().startsWith(folder))
    );
  const documents = documentFolders(values);
  const allows = robots.groups.flatMap((g) =>
    g.rules.filter((r) => r.type === 'allow').map((r) => r.value),
  );
  const everywhere = guessedEverywhere(robots, allows, shown, agentFor);
  for (const [kind, url] of GENERIC_URLS) {
    // A folder the rules show holding documents (`/assets/pdf/…`): the site's downloads.
    if (kind !== 'image' && documents.has(/^\/([^/]+)\//.exec(url)![1]!.toLowerCase())) continue;
    if (!guessed(kind, url)) continue;
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
    if (!guessed(kind, url)) continue;
    const explanation = robots.explain(url, agentFor(kind));
    if (explanation.allowed || explanation.rule === undefined) continue;
    if (pages !== undefined && !robots.explain(pages, 'Googlebot').allowed) continue;
    if (byLine.get(explanation.line)?.blocked.some((b) => b.kind === kind)) continue;
    // One theme's folder where a layout the file shows keeps its themes: the site's theme;
    // elsewhere, an info where the folder's name says so, or nothing.
    const theme =
      note?.kind === 'theme' && themesAt.some((folder) => url.toLowerCase().startsWith(folder));
    if (note?.kind === 'theme' && !theme && !note.unshown) continue;
    // A copy of a rule of the group under a language's prefix, among others: the rule it
    // copies is about the files.
    const copy = localeCopy(robots, explanation);
    const said = copy !== undefined ? ({ kind: 'copy', ...copy } as const) : note;
    block(explanation, { kind, url, shown: false, note: theme ? undefined : said });
  }
  return byLine;
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
  // An Allow that opens the CSS or JavaScript a layout publishes (Drupal's aggregates, TYPO3's
  // `/_assets/`, MediaWiki's `load.php`): the pages' files are there, opened on purpose.
  // Or that opens the layout's theme folder under the rule: the site chose what to open there.
  const published =
    scripts.length > 0
      ? (openedPublished(robots, explanation, new Set(scripts.map((b) => b.kind))) ??
        openedTheme(robots, explanation))
      : undefined;
  // Files the group opens one by one under the rule, among them a file a layout's URL names
  // (`Allow: /_layouts/1033/init.js?rev=*` beside SharePoint's `/_layouts/15/init.js`): the site
  // lists the platform's files its pages load, for its own version of the platform.
  const files = allowedFiles(robots, explanation);
  const base = (url: string) => url.split('?')[0]!.replace(/^.*\//, '').toLowerCase();
  const listed = files.find((f) => blocked.some((b) => b.shown && base(b.url) === f.name));
  const curated =
    listed === undefined
      ? undefined
      : { value: listed.value, line: listed.line, files: files.length };
  // Folders of the same kind the group opens beside the blocked ones (the site's theme's
  // `css/` and `js/` beside a layout's placeholder, `Allow: /skysales/js/` beside
  // `/skysales/scripts/`): where every kind the line blocks is opened so, the site shows where
  // its pages' files are.
  const kinded = blocked.map((b) => kindFolderBeside(robots, explanation, b.url, b.kind));
  const opens = [
    ...new Map(
      scripts.flatMap((b) => kinded[blocked.indexOf(b)] ?? []).map((o) => [o.line, o] as const),
    ).values(),
  ].sort((x, y) => x.line - y.line);
  const besideKinds =
    scripts.length > 0 && scripts.every((b) => kinded[blocked.indexOf(b)] !== undefined)
      ? { ...opens[0]!, opens }
      : undefined;
  const subset =
    curated ??
    published ??
    besideKinds ??
    subfolders(robots, explanation) ??
    allowedFolder(robots, explanation) ??
    curatedFiles(robots, explanation) ??
    beside ??
    openedSiblings(robots, explanation) ??
    siblingSubfolders(robots, explanation) ??
    kindSubfolder(robots, explanation);
  const sure = scripts.filter(
    (b) =>
      kinded[blocked.indexOf(b)] === undefined &&
      (b.shown
        ? named[blocked.indexOf(b)] === undefined &&
          published === undefined &&
          curated === undefined
        : b.note === undefined && subset === undefined),
  );
  return { scripts, subset, sure };
}

/**
 * The CSS and JavaScript URLs `blocked-resources` warns of in a file (`robots`, read from the
 * byte string `text`): what fix verification compares before and after a fix, so that a fix
 * does not newly block what Googlebot needs to render pages. With a `memo`, what each rule value
 * gives is read once for all the files it checks (the fixed copies of one file).
 */
export function warnedResources(robots: RobotsTxt, text: string, memo?: ValueMemo): Set<string> {
  const urls = new Set<string>();
  if (closedToGooglebot(robots)) return urls;
  for (const { explanation, blocked } of blockedByLine({ robots, text }, memo).values()) {
    for (const b of sureBlocked(robots, explanation, blocked).sure) urls.add(b.url);
  }
  return urls;
}

function report(
  context: LintContext,
  proposal: Proposal,
  withFix: boolean,
  narrower: readonly Proposal[],
  redundant: readonly Proposal[],
  left: readonly LeftBlocked[],
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
  const advice = adviceFor(remedy, what, swapped, added || '');
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
  const after = `${leftSentence(left)}${filesSentence(context.robots, explanation, what)}`;
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
    message: `"${terminalSafe(formatRule(rule))}" ${blocks}: Google renders pages as a browser does, and a page whose ${what} it may not fetch can be indexed and ranked as broken. ${advice}${others}${after}`,
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
 * The files the group opens one by one under the rule (judge 2C, 2641), said: the warning is
 * about the others.
 */
function filesSentence(robots: RobotsTxt, explanation: Explanation, what: string): string {
  const files = allowedFiles(robots, explanation);
  if (files.length === 0) return '';
  const first = files[0]!;
  return ` The group allows ${files.length === 1 ? 'one file' : `${files.length} files`} under it by name ("Allow: ${terminalSafe(first.value)}", line ${first.line}${files.length > 1 ? ', …' : ''}): the ${what} it does not name stay blocked.`;
}

/** What to do with the blocking line, in words: its remedy. */
function adviceFor(
  remedy: Proposal['remedy'],
  what: string,
  swapped: string,
  added: string,
): string {
  return remedy.kind === 'remove'
    ? `Remove this rule, or narrow it so that it does not match ${what} files.`
    : remedy.kind === 'swap'
      ? `It names the file that serves them: write "${swapped}" instead.`
      : remedy.typed !== undefined
        ? `Without "$" it also matches ${OTHER_TYPES[remedy.typed] ?? 'other files'}, so removing it would open those too: add ${added} to this group, so that Googlebot may fetch the ${what} files alone.`
        : `Add ${added} to this group, so that Googlebot may fetch them.`;
}

/**
 * What the advice leaves blocked, checked on the fixed copy as a fix is: the lines that then
 * decide those URLs are named, or following the advice would not open them.
 */
function leftSentence(left: readonly LeftBlocked[]): string {
  if (left.length === 0) return '';
  const deciders = [...new Map(left.map((l) => [l.line, l] as const)).values()].sort(
    (a, b) => a.line - b.line,
  );
  const one = (list: readonly unknown[], singular: string, plural: string) =>
    list.length === 1 ? singular : plural;
  const urls = `${listOf(left.slice(0, 2).map((l) => terminalSafe(l.url)))}${left.length > 2 ? ' and more' : ''}`;
  const rules = `${listed(deciders.slice(0, 2).map((l) => terminalSafe(formatRule(l.rule))))}${deciders.length > 2 ? ', …' : ''}`;
  return ` That alone leaves ${urls} blocked: ${one(deciders, 'line', 'lines')} ${listOf(deciders.map((l) => String(l.line)))} (${rules}) then ${one(deciders, 'decides', 'decide')} ${one(left, 'it', 'them')}, so remove or narrow ${one(deciders, 'that line', 'those lines')} too, or add Allows for the files ${one(deciders, 'it blocks', 'they block')}.`;
}

/** What the group opens under a blocking rule, which shows the rest was kept back on purpose. */
interface Subset {
  readonly value: string;
  readonly line: number;
  readonly layout?: string;
  readonly theme?: true;
  readonly siblings?: number;
  readonly sibling?: string;
  readonly kind?: 'css' | 'js';
  readonly files?: number;
  /** The Allows of folders of each blocked kind beside the blocked ones ({@link kindFolderBeside}). */
  readonly opens?: readonly { readonly value: string; readonly line: number }[];
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
  subset: Subset | undefined,
): void {
  const rule = terminalSafe(formatRule(explanation.rule!));
  const kinds = [...new Set(blocked.map((b) => b.kind))];
  const what = kinds.map((k) => NAMES[k]).join(' and ');
  const example = terminalSafe(blocked[0]!.url);
  const note = blocked.find((b) => b.note !== undefined)?.note;
  const why =
    note !== undefined ? noteReason(note, what, kinds) : subsetReason(subset!, what, explanation);
  const d = context.directives[line];
  context.report({
    code: 'blocked-resources',
    severity: 'info',
    line,
    message:
      note?.kind === 'endpoint'
        ? `"${rule}" blocks one address, not a folder of files: ${why}`
        : `"${rule}" blocks ${what} (e.g. ${example}), but ${why}`,
    from: d?.keyStart,
    to: d?.valueEnd,
  });
}

/** Why a blocked resource looks kept back on purpose, from what the folder's name says. */
function noteReason(note: FolderNote, what: string, kinds: readonly ResourceKind[]): string {
  switch (note.kind) {
    case 'purpose':
      return `its folder "${terminalSafe(note.folder)}" is named for what the scripts do, and such scripts (a paywall, a consent banner, advertising, tracking, promotion) are often kept from crawlers on purpose. Fine if the pages show their content without them.`;
    case 'endpoint':
      return `written without a trailing slash two folders or more into the site's pages or below an SDK's or an API's folder, ${terminalSafe(note.path)} is what that section serves (a widget's or an embed's ${what === 'CSS' ? 'style sheet' : 'script'}), while the files pages load are kept at the top or in a folder of the site's resources ("/${kinds[0]}/", "/assets/${kinds[0]}/"); an Allow of "${terminalSafe(note.path)}*.${kinds[0]}" would open nothing. Fine if the pages render without it.`;
    case 'script':
      return `it names one script by its file name ("${terminalSafe(note.name)}"), not a folder or a file type: a choice made for that script. Fine if the pages render without it.`;
    case 'responses':
      return `"${terminalSafe(note.folder)}" is no folder of the site's resources by its name, and the file shows none beside it nor a file of it the pages load: a rule on a file type in a folder of pages is often for what those pages answer (a Rails controller's "format.js" responses to clicks), not what they render with. Fine if the pages load their ${what} from elsewhere.`;
    case 'theme':
      return `"${terminalSafe(note.folder)}" is one theme's folder, and the file shows no platform that keeps its themes there: it matters if pages use this theme, whose files they then render with (then add Allows of its ${what} files).`;
    case 'copy':
      return `it repeats line ${note.line} ("${terminalSafe(note.rule)}") under the language prefix "${terminalSafe(note.prefix)}", as ${note.copies} rules of the group are repeated there: a mechanical copy, while the ${what} pages load in every language are kept in the root's folder, which line ${note.line} is about. Fine if the site keeps no files of its own under "${terminalSafe(note.prefix)}".`;
    case 'substring':
      return `"*${terminalSafe(note.word)}*" matches the word anywhere in a URL, and this file writes such rules for words of its pages' addresses and their queries (${note.parameters} rules on a query parameter, as "/*name=*"), showing no folder named "${terminalSafe(note.word)}": the ${what} named here is a guess at a folder. It matters only if the site's files have the word in their addresses (then add Allows of those files).`;
    case 'frontpage':
      return 'it is the theme folder of Microsoft FrontPage, whose _vti_ folders this file lists too (FrontPage was discontinued in 2006). It matters only if pages still use a FrontPage theme.';
  }
}

/** Why a blocked resource looks kept back on purpose, from what the group opens under it. */
function subsetReason(subset: Subset, what: string, explanation: Explanation): string {
  if (subset.files !== undefined)
    return `the group allows ${subset.files} ${subset.files === 1 ? 'file' : 'files'} under it by name, the platform's own among them ("Allow: ${terminalSafe(subset.value)}", line ${subset.line}): the site lists the files its pages load, for its version of the platform. Fine if the list is complete.`;
  if (subset.opens !== undefined)
    return `the group opens folders of them beside the ones it blocks (${subset.opens.map((o) => `"Allow: ${terminalSafe(o.value)}", line ${o.line}`).join('; ')}): the site shows where its pages load their ${what} from, so what this line blocks was likely left closed on purpose. Fine if the pages load none from it.`;
  if (subset.theme === true)
    return `the group opens ${subset.layout}'s theme files under it ("Allow: ${terminalSafe(subset.value)}", line ${subset.line}), which the pages render with: the site chose what to open there, so what else the line blocks was likely kept back on purpose. Fine if the pages render without it.`;
  if (subset.siblings !== undefined)
    return `the group opens ${what} by file type in ${subset.siblings} folders beside it ("Allow: ${terminalSafe(subset.value)}", line ${subset.line}, …): the site's files are there, so this folder of the template was likely left closed on purpose. Fine if the pages load theirs from the folders it opens.`;
  if (subset.sibling !== undefined)
    return `the group allows "${terminalSafe(subset.value)}" (line ${subset.line}) under "${terminalSafe(subset.sibling)}", a sibling of this folder by the same name: the site chooses which of its ${what} crawlers may fetch, and left this folder closed as it left the rest of that one. Fine if the pages load their ${what} only from the folders it allows.`;
  if (subset.kind !== undefined)
    return `the group opens "${terminalSafe(subset.value)}" under it (line ${subset.line}), the folder's ${NAMES[subset.kind]}: the site shows where its files in this folder are, and ${what} guessed beside them by a generic folder name may not be there. Fine if the pages load their ${what} from another folder.`;
  if ('layout' in subset && subset.layout !== undefined)
    return `the group opens the ${what} ${subset.layout} publishes for its pages ("Allow: ${terminalSafe(subset.value)}", line ${subset.line}): fine if the pages load theirs from there.`;
  return `the group allows "${terminalSafe(subset.value)}" under it (line ${subset.line}): fine if the pages load their ${what} only from the folders it allows${blocksEverything(explanation.rule!.value) ? ' or from another host' : ''}.`;
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
