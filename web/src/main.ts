/**
 * The robots.txt tester page: a draft in an editor, many URLs × many agents, lint inline, the
 * audit by purpose, and a share link. Everything runs in the browser; only "Load live file" asks
 * the local `robotstxt serve` to fetch.
 */

import {
  formatPurposeCell,
  USAGE_PURPOSES,
  type UsagePurpose,
  usage,
} from '../../src/ai-preferences/index.js';
import {
  AUDIT_FOOTNOTES,
  type AuditVerdict,
  auditRobotsTxt,
  compareReadings,
  diffRobotsTxt,
  parseReadings,
  parseRobotsTxt,
  READING_NAMES,
  type Readings,
  type ReportLine,
  type RobotsDiff,
  type RobotsTxt,
} from '../../src/index.js';
import { crawlersFor, DEFAULT_AGENTS, PURPOSES, VARIANTS } from './agents.js';
import { h, replace, visible } from './dom.js';
import { createEditor } from './editor.js';
import type { Evaluation } from './evaluate.js';
import { parseUrlList, shownUrl, urlOf } from './evaluate.js';
import { renderMatrix } from './matrix.js';
import { decodeState, encodeState, MAX_LINK_FRAGMENT, type SharedState } from './share.js';
import './style.css';

const EXAMPLE = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: GPTBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
`;
const EXAMPLE_URLS = '/\n/private/x\n/private/press/kit\n/products/shoes?color=red\n';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const state = {
  agents: [...DEFAULT_AGENTS],
  page: 0,
  evaluation: undefined as Evaluation | undefined,
  urls: [] as string[],
  evaluatedAgents: [] as string[],
  selected: undefined as { url: number; agent: number } | undefined,
  /** The version the draft is compared with in the diff view (the live file, or any other). */
  base: undefined as { text: string; label: string } | undefined,
};

const worker = new Worker(new URL('./evaluate.worker.ts', import.meta.url), { type: 'module' });
let jobId = 0;
let pending: ReturnType<typeof setTimeout> | undefined;

const editor = createEditor($('editor'), EXAMPLE, () => schedule());
const urlInput = $<HTMLTextAreaElement>('urls');
urlInput.value = EXAMPLE_URLS;

/** The parsed draft, kept while the text is the same (explanations and the audit reuse it). */
let parsed: { text: string; robots: RobotsTxt } | undefined;
function robots(): RobotsTxt {
  const text = editor.text();
  if (parsed?.text !== text) parsed = { text, robots: parseRobotsTxt(text) };
  return parsed.robots;
}

/** Every reading of the draft, kept while the text is the same (parsed on first need). */
let readingsCache: { text: string; readings: Readings } | undefined;
function readings(): Readings {
  const text = editor.text();
  if (readingsCache?.text !== text) readingsCache = { text, readings: parseReadings(text) };
  return readingsCache.readings;
}

/**
 * Evaluates the draft shortly after the last edit. `data-evaluating` names the job that will
 * run from the moment it is scheduled, so "evaluating equals evaluated" means nothing is
 * pending: neither a job in the worker nor one waiting for its timer.
 */
function schedule(): void {
  clearTimeout(pending);
  pending = setTimeout(run, 30);
  document.body.dataset['evaluating'] = String(jobId + 1);
}

function run(): void {
  clearTimeout(pending);
  const urls = parseUrlList(urlInput.value);
  const agents = [...state.agents];
  jobId++;
  worker.postMessage({ id: jobId, body: editor.text(), urls, agents });
  state.urls = urls;
  state.evaluatedAgents = agents;
  document.body.dataset['evaluating'] = String(jobId);
}

worker.onmessage = (event: MessageEvent<Evaluation & { id: number }>) => {
  if (event.data.id !== jobId) return;
  state.evaluation = event.data;
  renderResults();
  document.body.dataset['evaluated'] = String(event.data.id);
};

function renderResults(): void {
  if (state.evaluation === undefined) return;
  renderMatrix(
    $('matrix'),
    { urls: state.urls, agents: state.evaluatedAgents, evaluation: state.evaluation },
    state.page,
    (url, agent) => select(url, agent),
    (page) => {
      state.page = page;
      renderResults();
    },
  );
  if (state.selected !== undefined) showExplanation(state.selected.url, state.selected.agent);
  if (!$('audit').hidden) renderAudit();
  if (!$('report').hidden) renderReport();
  if (!$('ai').hidden) renderAi();
  if (!$('diff').hidden) renderDiff();
}

function select(url: number, agent: number): void {
  state.selected = { url, agent };
  for (const cell of $('matrix').querySelectorAll('.verdict.selected'))
    cell.classList.remove('selected');
  $('matrix')
    .querySelector(`.verdict[data-url="${url}"][data-agent="${agent}"]`)
    ?.classList.add('selected');
  showExplanation(url, agent);
}

function showExplanation(url: number, agent: number): void {
  const entry = state.urls[url];
  const token = state.evaluatedAgents[agent];
  if (entry === undefined || token === undefined) return;
  const explanation = robots().explain(urlOf(entry), token);
  editor.highlight(explanation.line);
  replace(
    $('explanation'),
    h('h3', {}, `${visible(token)} · ${visible(entry)}`),
    h(
      'p',
      { class: explanation.allowed ? 'allowed' : 'disallowed' },
      explanation.allowed ? 'Allowed' : 'Disallowed',
      explanation.line ? ` by line ${explanation.line}` : '',
    ),
    h('p', { class: 'reason' }, visible(explanation.reason)),
    h('h4', {}, 'Read by'),
    h(
      'ul',
      { class: 'read-by' },
      ...compareReadings(readings(), urlOf(entry), token).map((v) =>
        h(
          'li',
          { class: v.allowed ? 'allowed' : 'disallowed', 'data-reading': v.interpretation },
          `${READING_NAMES[v.interpretation]}: ${v.allowed ? 'allowed' : 'disallowed'}${v.line ? ` (line ${v.line})` : ''}`,
        ),
      ),
    ),
  );
}

function renderAgents(): void {
  const groups = PURPOSES.map(({ purpose, label }) => {
    const list = crawlersFor(purpose);
    if (list.length === 0) return null;
    return h(
      'fieldset',
      {},
      h('legend', {}, label),
      ...list.map((c) => checkbox(c.token, `${c.name} (${c.operator})`)),
    );
  });
  const custom = state.agents.filter(
    (a) =>
      !VARIANTS.includes(a) &&
      !PURPOSES.some(({ purpose }) => crawlersFor(purpose).some((c) => c.token === a)),
  );
  replace(
    $('agents'),
    ...groups,
    h('fieldset', {}, h('legend', {}, 'Google variants'), ...VARIANTS.map((v) => checkbox(v, v))),
    custom.length > 0
      ? h('fieldset', {}, h('legend', {}, 'Custom'), ...custom.map((a) => checkbox(a, visible(a))))
      : null,
  );
}

function checkbox(token: string, label: string): HTMLElement {
  return h(
    'label',
    { class: 'agent' },
    h('input', {
      type: 'checkbox',
      value: token,
      checked: state.agents.includes(token),
      onchange: (event) => {
        const box = event.target as HTMLInputElement;
        state.agents = box.checked
          ? [...state.agents, token]
          : state.agents.filter((a) => a !== token);
        schedule();
      },
    }),
    ` ${label}`,
  );
}

function renderAudit(): void {
  const paths = ['/', ...state.urls.slice(0, 8).map((u) => new URL(urlOf(u)).pathname)];
  const audit = auditRobotsTxt(robots(), { paths: [...new Set(paths)], readings: readings() });
  const table = h(
    'table',
    { class: 'audit' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Crawler'),
        h('th', { scope: 'col' }, 'Purposes'),
        ...audit.paths.map((p) => h('th', { scope: 'col' }, visible(p))),
        h('th', { scope: 'col' }, 'Read by'),
      ),
    ),
    h(
      'tbody',
      {},
      ...audit.rows.map((row) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, `${row.crawler.name} (${row.crawler.operator})`),
          h('td', {}, row.crawler.purposes.join(', ')),
          ...row.verdicts.map((v) =>
            h(
              'td',
              { class: v.allowed ? 'allowed' : 'disallowed' },
              v.allowed ? 'allowed' : 'blocked',
              v.line ? ` (line ${v.line})` : '',
              v.selection === 'global' ? ' *' : '',
            ),
          ),
          readByCell(row.verdicts),
        ),
      ),
    ),
  );
  // Footnotes only when a row uses them; each row's own notes, then the warnings.
  const footnotes = audit.footnotes.map((kind) =>
    h('p', { class: 'note' }, `${kind === 'global' ? '*' : `${kind}:`} ${AUDIT_FOOTNOTES[kind]}`),
  );
  const notes = audit.rows.flatMap((row) =>
    row.notes
      .filter((n) => n.kind !== 'global' && n.kind !== 'control' && n.kind !== 'user-initiated')
      .map((n) => h('li', {}, `${row.crawler.token}: ${visible(n.text)}`)),
  );
  replace(
    $('audit'),
    ...audit.warnings.map((w) => h('p', { class: 'audit-warning' }, w)),
    table,
    ...footnotes,
    ...(notes.length > 0 ? [h('ul', { class: 'notes' }, ...notes)] : []),
    h(
      'p',
      { class: 'note' },
      'Read by: whether the other readings (the 1996 draft, Python’s robotparsers) give the same verdicts as Google on these paths.',
    ),
  );
}

/** The "Read by" cell of a crawler: every reading alike, or the readings that differ. */
function readByCell(verdicts: readonly AuditVerdict[]): HTMLElement {
  const differing = [...new Set(verdicts.flatMap((v) => v.differingReadings ?? []))];
  if (differing.length === 0) return h('td', { class: 'read-by' }, 'all alike');
  return h(
    'td',
    { class: 'read-by differs', 'data-readings': differing.join(' ') },
    `differs: ${differing.map((r) => READING_NAMES[r]).join(', ')}`,
  );
}

const TAG_TEXT: Readonly<Record<ReportLine['tag'], string>> = {
  'user-agent': 'user-agent',
  allow: 'allow',
  disallow: 'disallow',
  sitemap: 'sitemap',
  unused: 'recognised, not supported',
  unknown: 'unknown',
};

/** Google's per-line report (Search Console's), for the lines where Google read something. */
function renderReport(): void {
  const report = robots().report();
  const lines = editor.text().split(/\r\n|\r|\n/);
  const rows = report.lines
    .filter((l) => l.hasDirective || l.isLineTooLong)
    .map((l) => {
      const flags = [
        l.typo ? 'typo accepted' : '',
        l.isMissingColonSeparator ? 'missing colon' : '',
        l.isLineTooLong ? 'too long: cut' : '',
        l.hasComment ? 'has comment' : '',
      ].filter(Boolean);
      return h(
        'tr',
        { 'data-line': String(l.line), class: `tag-${l.tag}` },
        h('th', { scope: 'row' }, String(l.line)),
        h('td', {}, TAG_TEXT[l.tag]),
        h('td', { class: 'code' }, visible((lines[l.line - 1] ?? '').slice(0, 120))),
        h('td', {}, flags.join(', ')),
      );
    });
  replace(
    $('report'),
    h(
      'p',
      { class: 'summary' },
      `${report.lastLine} lines: ${report.validDirectives} valid directives, ${report.unusedDirectives} not used by Google.`,
    ),
    h(
      'table',
      { class: 'report' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Line', 'Google read', 'Text', 'Flags'].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h('tbody', {}, ...rows),
    ),
  );
}

const PURPOSE_TEXT: Readonly<Record<UsagePurpose, string>> = {
  search: 'Search',
  'ai-input': 'AI input (answers, RAG)',
  'ai-train': 'AI training',
};

/** The AI view shows this many URLs of the list (the first ones). */
const AI_URLS = 50;
let aiAgent: string | undefined;

/**
 * AI usage preferences (`Content-Usage`, `Content-Signal`) per URL for one agent: for each
 * purpose, whether the agent may fetch the URL and what the file says about the use of its
 * content, with the deciding lines (a click highlights the first).
 */
function renderAi(): void {
  const agents = state.evaluatedAgents;
  if (aiAgent === undefined || !agents.includes(aiAgent)) aiAgent = agents[0];
  const agent = aiAgent;
  const draft = robots();
  const picker = h(
    'select',
    {
      id: 'ai-agent',
      onchange: (event) => {
        aiAgent = (event.target as HTMLSelectElement).value;
        renderAi();
      },
    },
    ...agents.map((a) => h('option', { value: a, selected: a === agent }, visible(a))),
  );
  const statements = draft.directives.filter((d) => /^content-(usage|signal)$/i.test(d.key));
  const rows =
    agent === undefined
      ? []
      : state.urls.slice(0, AI_URLS).map((entry, u) => {
          const result = usage(draft, urlOf(entry), agent);
          return h(
            'tr',
            { 'data-url': String(u) },
            h('th', { scope: 'row' }, visible(entry)),
            ...USAGE_PURPOSES.map((purpose) => {
              const decision = result.purposes[purpose];
              const line = decision.lines[0];
              return h(
                'td',
                { class: `usage usage-${decision.verdict}`, 'data-purpose': purpose },
                h(
                  'button',
                  {
                    type: 'button',
                    title: visible(decision.reason),
                    onclick: () => {
                      if (line !== undefined) editor.highlight(line);
                      replace($('ai-reason'), visible(decision.reason));
                    },
                  },
                  formatPurposeCell(decision),
                ),
              );
            }),
          );
        });
  replace(
    $('ai'),
    h('label', { for: 'ai-agent' }, 'Crawler '),
    picker,
    h(
      'p',
      { class: 'summary' },
      statements.length === 0
        ? 'The draft states no AI usage preference (no Content-Usage or Content-Signal line): every purpose the crawler may fetch for is "unknown".'
        : `The draft has ${statements.length} preference line${statements.length === 1 ? '' : 's'} (Content-Usage, Content-Signal).`,
    ),
    h(
      'table',
      { class: 'ai-usage' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'URL'),
          ...USAGE_PURPOSES.map((p) => h('th', { scope: 'col' }, PURPOSE_TEXT[p])),
        ),
      ),
      h('tbody', {}, ...rows),
    ),
    state.urls.length > AI_URLS
      ? h('p', { class: 'note' }, `The first ${AI_URLS} of ${state.urls.length} URLs.`)
      : null,
    h('p', { id: 'ai-reason', class: 'reason', 'aria-live': 'polite' }),
    h(
      'p',
      { class: 'note' },
      'blocked: the crawler may not fetch the URL, so no preference applies. See docs/ai-preferences.md.',
    ),
  );
}

/** Rows shown per diff table; the rest are counted. */
const DIFF_ROWS = 500;

function setBase(text: string, label: string): void {
  state.base = { text, label };
  if (!$('diff').hidden) renderDiff();
}

const verdictText = (v: { allowed: boolean; line: number; rule?: string }): string =>
  `${v.allowed ? 'allowed' : 'disallowed'}${v.line > 0 ? ` (line ${v.line}: ${visible(v.rule ?? '')})` : ''}`;

/** The rules added and removed per group, then the verdicts that change, as `robotstxt diff`. */
function renderDiff(): void {
  const base = state.base;
  replace($('diff-base'), base === undefined ? 'No base yet. ' : `Base: ${visible(base.label)}. `);
  if (base === undefined) {
    replace(
      $('diff-result'),
      h(
        'p',
        { class: 'note' },
        'Load a live file (it becomes the base), upload a base, or keep the draft as it is now as the base; then edit the draft to see what changes for whom.',
      ),
    );
    return;
  }
  const draft = robots();
  const yours = diffRobotsTxt(base.text, draft, {
    urls: state.urls.map(urlOf),
    agents: state.evaluatedAgents,
  });
  const derived = diffRobotsTxt(base.text, draft);
  replace(
    $('diff-result'),
    h('h3', {}, 'Rules'),
    ruleChanges(yours),
    h('h3', {}, 'Your URLs × crawlers'),
    verdictChanges(yours, 'diff-yours'),
    h('h3', {}, 'Paths the rules name × the crawlers either file names'),
    verdictChanges(derived, 'diff-derived'),
  );
}

function ruleChanges(diff: RobotsDiff): HTMLElement {
  const items: HTMLElement[] = [];
  for (const group of diff.groups) {
    items.push(
      h(
        'li',
        {},
        h('strong', {}, `User-agent: ${group.agents.map(visible).join(', ')}`),
        ` (${group.change} group)`,
        h(
          'ul',
          {},
          ...group.removed.map((r) =>
            h('li', { class: 'removed' }, `− ${visible(r.rule)} (base line ${r.line})`),
          ),
          ...group.added.map((r) =>
            h(
              'li',
              { class: 'added' },
              h(
                'button',
                { type: 'button', class: 'link', onclick: () => editor.highlight(r.line) },
                `+ ${visible(r.rule)} (line ${r.line})`,
              ),
            ),
          ),
        ),
      ),
    );
  }
  for (const sitemap of diff.sitemaps.removed)
    items.push(h('li', { class: 'removed' }, `− Sitemap: ${visible(sitemap)}`));
  for (const sitemap of diff.sitemaps.added)
    items.push(h('li', { class: 'added' }, `+ Sitemap: ${visible(sitemap)}`));
  return items.length === 0
    ? h('p', { class: 'note' }, 'No rule or sitemap changes.')
    : h('ul', { class: 'rule-changes' }, ...items);
}

function verdictChanges(diff: RobotsDiff, id: string): HTMLElement {
  const { urls, agents, truncated } = diff.checked;
  const checked = `${urls.length} URLs × ${agents.length} crawlers checked${truncated ? ' (cut at the check limit)' : ''}`;
  if (diff.verdicts.length === 0) {
    return h('p', { class: 'summary', id }, `No verdict changes: ${checked}.`);
  }
  return h(
    'div',
    { id },
    h(
      'p',
      { class: 'summary' },
      `${diff.verdicts.length} verdict${diff.verdicts.length === 1 ? '' : 's'} change: ${checked}.`,
    ),
    h(
      'table',
      { class: 'diff' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['URL', 'Crawler', 'Base', 'Draft'].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        {},
        ...diff.verdicts
          .slice(0, DIFF_ROWS)
          .map((v) =>
            h(
              'tr',
              {},
              h('td', { class: 'code' }, visible(shownUrl(v.url))),
              h('td', {}, visible(v.agent)),
              h(
                'td',
                { class: v.before.allowed ? 'allowed' : 'disallowed' },
                verdictText(v.before),
              ),
              h('td', { class: v.after.allowed ? 'allowed' : 'disallowed' }, verdictText(v.after)),
            ),
          ),
      ),
    ),
    diff.verdicts.length > DIFF_ROWS
      ? h('p', { class: 'note' }, `The first ${DIFF_ROWS} of ${diff.verdicts.length} changes.`)
      : null,
  );
}

$('diff-use-draft').addEventListener('click', () => {
  setBase(editor.text(), `the draft as it was at ${new Date().toLocaleTimeString()}`);
});

$<HTMLInputElement>('diff-upload').addEventListener('change', async (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (file !== undefined) {
    setBase(new TextDecoder().decode(await file.arrayBuffer()), `the file ${file.name}`);
  }
});

// Tabs
for (const tab of document.querySelectorAll<HTMLButtonElement>('[role="tab"]')) {
  tab.addEventListener('click', () => {
    for (const other of document.querySelectorAll<HTMLButtonElement>('[role="tab"]')) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      $(other.getAttribute('aria-controls')!).hidden = !selected;
    }
    if (tab.id === 'tab-audit') renderAudit();
    if (tab.id === 'tab-report') renderReport();
    if (tab.id === 'tab-ai') renderAi();
    if (tab.id === 'tab-diff') renderDiff();
  });
}

// Live fetch through the local server.
$('fetch-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const url = $<HTMLInputElement>('fetch-url').value.trim();
  const out = $('fetch-outcome');
  replace(out, 'Fetching…');
  try {
    const response = await fetch(`api/fetch?url=${encodeURIComponent(url)}`);
    if (!response.ok) {
      replace(
        out,
        response.status === 404
          ? 'Live fetching needs the local server: run "robotstxt serve".'
          : `The server said ${response.status}.`,
      );
      return;
    }
    const outcome = (await response.json()) as { summary: string; body?: string; meaning: string };
    replace(
      out,
      h('span', { class: 'outcome' }, visible(outcome.summary)),
      ' — ',
      visible(outcome.meaning),
    );
    if (typeof outcome.body === 'string') {
      // The live file becomes the diff's base; edits to the draft are compared with it.
      setBase(outcome.body, `the live file of ${url}`);
      editor.setText(outcome.body);
    }
  } catch {
    replace(out, 'Live fetching needs the local server: run "robotstxt serve".');
  }
});

// Upload a file into the editor.
$<HTMLInputElement>('upload').addEventListener('change', async (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (file !== undefined) editor.setText(new TextDecoder().decode(await file.arrayBuffer()));
});

urlInput.addEventListener('input', () => {
  state.page = 0;
  schedule();
});

$('custom-agent-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $<HTMLInputElement>('custom-agent');
  const token = input.value.trim();
  if (token.length > 0 && !state.agents.includes(token)) state.agents.push(token);
  input.value = '';
  renderAgents();
  schedule();
});

// Share: the state in the fragment, or as a file when it is too large for a link.
function currentState(): SharedState {
  return {
    draft: editor.text(),
    urls: urlInput.value,
    agents: state.agents,
    ...(state.base && { base: state.base.text, baseLabel: state.base.label }),
  };
}

$('share').addEventListener('click', async () => {
  const fragment = await encodeState(currentState());
  const out = $('share-outcome');
  if (fragment.length > MAX_LINK_FRAGMENT) {
    const blob = new Blob([fragment], { type: 'text/plain' });
    const link = h(
      'a',
      { href: URL.createObjectURL(blob), download: 'robots-tester-state.txt' },
      'Download the state',
    );
    replace(out, 'Too large for a link: ', link, ' and open it with "Open state file".');
    return;
  }
  const url = `${location.origin}${location.pathname}#${fragment}`;
  history.replaceState(null, '', `#${fragment}`);
  const field = h('input', {
    type: 'text',
    readonly: true,
    value: url,
    'aria-label': 'Share link',
    id: 'share-link',
  });
  replace(out, field);
  (field as HTMLInputElement).select();
});

$<HTMLInputElement>('open-state').addEventListener('change', async (event) => {
  const file = (event.target as HTMLInputElement).files?.[0];
  if (file === undefined) return;
  const restored = await decodeState((await file.text()).trim());
  if (restored === undefined) replace($('share-outcome'), 'That file holds no tester state.');
  else apply(restored);
});

function apply(restored: SharedState): void {
  editor.setText(restored.draft);
  urlInput.value = restored.urls;
  state.agents = [...restored.agents];
  state.base =
    restored.base === undefined
      ? undefined
      : { text: restored.base, label: restored.baseLabel ?? 'the shared base' };
  state.page = 0;
  renderAgents();
  schedule();
}

async function start(): Promise<void> {
  const restored = location.hash ? await decodeState(location.hash) : undefined;
  if (restored !== undefined) apply(restored);
  else {
    renderAgents();
    run();
  }
}

void start();
