/**
 * The robots.txt tester page: a draft in an editor, many URLs × many crawlers, lint inline, the
 * audit, Google's report, AI preferences, a diff and a share link. Every evaluation runs in a
 * worker; every input is cut to the caps of `limits.ts` first. Only "Load live file" asks the
 * local `robotstxt serve` to fetch.
 */

import { DEFAULT_AGENTS, loadedCrawlers, pageCrawlers } from './agents.js';
import { renderAgents } from './agents-picker.js';
import { type JobRequest, WorkerChannel } from './channel.js';
import { wireCrawlerList } from './crawler-list-input.js';
import { renderDiff } from './diff-render.js';
import { h, replace, visible } from './dom.js';
import { type DecodedBytes, decodeBytes } from './draft.js';
import { createEditor, type RobotsEditor } from './editor.js';
import type { Evaluation } from './evaluate.js';
import { renderExplanation } from './explanation.js';
import { wireIo } from './io.js';
import { boundAgents, boundUrls, formatBytes, LIMITS } from './limits.js';
import { type GridFocus, renderMatrix } from './matrix.js';
import { wireTabs } from './tabs.js';
import { renderAi, renderAudit, renderReport } from './views.js';
import type { Body, Job, JobResult, ViewName } from './work.js';
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

/** The page's state; the draft's text lives in the editor. */
export const state = {
  agents: [...DEFAULT_AGENTS] as string[],
  page: 0,
  focus: { url: 0, agent: 0 } as GridFocus,
  evaluation: undefined as Evaluation | undefined,
  urls: [] as string[],
  evaluatedAgents: [] as string[],
  selected: undefined as { url: number; agent: number } | undefined,
  /** The bytes of an unedited upload (verdicts and lint are theirs), with how they read. */
  bytes: undefined as { bytes: Uint8Array; decoded: DecodedBytes; label: string } | undefined,
  /** Bumped on every change of the draft: the workers' cache key. */
  version: 0,
  base: undefined as { body: Body; label: string; version: number } | undefined,
  aiAgent: undefined as string | undefined,
  view: 'verdicts' as ViewName | 'verdicts',
  /** What a restored link's input lost to the caps, said until the URL list is edited. */
  inputNotices: [] as string[],
};

/** True while the page itself replaces the text and schedules afterwards. */
let quiet = false;

export const editor: RobotsEditor = createEditor($('editor'), EXAMPLE, {
  maxLength: LIMITS.bodyBytes,
  onChange: (typed) => {
    state.version++;
    if (quiet) return;
    if (typed && state.bytes !== undefined) {
      const { decoded, label } = state.bytes;
      state.bytes = undefined;
      setDraftNotice(
        decoded.exact
          ? ''
          : `Edited: verdicts and lint are now of the edited text as UTF-8 (the ${decoded.replaced} bytes of ${label} that were not UTF-8 are U+FFFD characters now).`,
      );
    }
    schedule(true);
  },
  onRefused: () =>
    setDraftNotice(
      `That edit was refused: a draft holds at most ${formatBytes(LIMITS.bodyBytes)}.`,
    ),
});
const urlInput = $<HTMLTextAreaElement>('urls');
urlInput.value = EXAMPLE_URLS;

/** The draft as checked: the upload's bytes while unedited, else the editor's text. */
export function draftBody(): Body {
  return state.bytes?.bytes ?? editor.text();
}

export function setDraftNotice(...content: (string | Node)[]): void {
  replace($('draft-notice'), ...content);
}

const newWorker = () =>
  new Worker(new URL('./evaluate.worker.ts', import.meta.url), { type: 'module' });
const onError = (job: Job | undefined, message: string) => {
  replace($('limits'), `The ${job?.kind ?? ''} check failed: ${visible(message)}`);
  if (job?.kind === 'matrix') armSlowJobs();
  if (job?.kind === 'view') {
    viewPending = false;
    sendLint();
  }
};
const matrixWorker = new WorkerChannel(newWorker, onResult, onError, { startNow: true });
/** Lint and the chosen cell's explanation (which parses every reading: not the matrix's work). */
const lintWorker = new WorkerChannel(newWorker, onResult, onError);
const viewWorker = new WorkerChannel(newWorker, onResult, onError);

/**
 * Lint, the open tab's view and the chosen cell's explanation are asked for once the matrix of
 * the last change is drawn and typing has paused: they compete with the matrix for the
 * machine's cores, and a keystroke's matrix comes first. A keystroke also abandons a lint or
 * view job still running for the text before it (its answer would be of an old draft), so
 * between a keystroke and its matrix no slow job runs.
 */
const SLOW_JOB_DELAY = 150;
let slowTimer: ReturnType<typeof setTimeout> | undefined;
let relint = false;

/** Asks the workers for everything the page shows; `draftChanged` relints too. */
export function schedule(draftChanged = false): void {
  const agentList = boundAgents(state.agents);
  const urlList = boundUrls(urlInput.value, agentList.agents.length);
  const notices = [...state.inputNotices, ...agentList.notices, ...urlList.notices];
  replace($('limits'), ...notices.map((n) => h('span', { class: 'limit' }, n)));
  const id = matrixWorker.send({
    kind: 'matrix',
    version: state.version,
    draft: draftBody(),
    urls: urlList.urls,
    agents: agentList.agents,
  });
  document.body.dataset['evaluating'] = String(id);
  inputs++;
  state.urls = urlList.urls;
  state.evaluatedAgents = agentList.agents;
  relint ||= draftChanged;
  clearTimeout(slowTimer);
  if (draftChanged) abandon(lintWorker, 'abandonedLint');
  abandon(viewWorker, 'abandonedView');
  // Nothing is settled while a view waits for its timer.
  if (state.view !== 'verdicts') document.body.dataset['viewing'] = 'waiting';
}

/** Abandons a channel's stale jobs; counts the running ones ended (`data-abandoned-view`, …). */
function abandon(channel: WorkerChannel, counter: 'abandonedLint' | 'abandonedView'): void {
  if (!channel.abandon()) return;
  const data = document.body.dataset;
  data[counter] = String(Number(data[counter] ?? 0) + 1);
}

/**
 * Once the matrix of the last change is drawn: the slow jobs, after a pause in typing. The open
 * tab's view comes before lint (the person is looking at it, and on two cores the main thread,
 * a view and lint at once would share them): lint is asked for once the view is drawn.
 */
function armSlowJobs(): void {
  clearTimeout(slowTimer);
  slowTimer = setTimeout(() => {
    if (state.selected !== undefined) explain(state.selected.url, state.selected.agent);
    // A view already asked for these inputs (a tab opened meanwhile) is not asked for again.
    if (viewKey() !== viewAsked) requestView();
    if (!viewPending) sendLint();
  }, SLOW_JOB_DELAY);
}

/** True from asking for a view until it is drawn (or abandoned). */
let viewPending = false;
/** Bumped when the URLs or crawlers checked may have changed (every `schedule`). */
let inputs = 0;
/** The inputs of the view last asked for (`viewKey`). */
let viewAsked = '';
const viewKey = () =>
  [state.view, state.version, inputs, state.base?.version, state.aiAgent].join('\u0000');

/** Asks for lint of the draft, if it changed since the last lint. */
function sendLint(): void {
  if (!relint) return;
  relint = false;
  lintWorker.send({ kind: 'lint', version: state.version, draft: draftBody() });
}

/** Asks for the open tab's view (none for the matrix); a view asked for before is abandoned. */
export function requestView(): void {
  abandon(viewWorker, 'abandonedView');
  viewPending = state.view !== 'verdicts';
  viewAsked = viewKey();
  if (state.view === 'verdicts') {
    // No view is pending on the matrix's tab.
    const data = document.body.dataset;
    if (data['viewed'] === undefined) delete data['viewing'];
    else data['viewing'] = data['viewed'];
    return;
  }
  const request: JobRequest = {
    kind: 'view',
    view: state.view,
    version: state.version,
    draft: draftBody(),
    urls: state.urls,
    agents: state.evaluatedAgents,
    ...(state.aiAgent === undefined ? {} : { aiAgent: state.aiAgent }),
    ...(loadedCrawlers() === undefined ? {} : { crawlers: pageCrawlers() }),
    ...(state.base === undefined
      ? {}
      : { base: { body: state.base.body, version: state.base.version } }),
  };
  if (state.view === 'diff') renderDiffBase();
  document.body.dataset['viewing'] = String(viewWorker.send(request));
}

function onResult(job: Job, result: JobResult): void {
  if (result.kind === 'matrix') {
    state.evaluation = result.evaluation;
    renderResults();
    document.body.dataset['evaluated'] = String(job.id);
    if (document.body.dataset['evaluating'] === String(job.id)) armSlowJobs();
  } else if (result.kind === 'lint') {
    if (job.version !== state.version) return;
    editor.showLint(result.marks);
    document.body.dataset['linted'] = String(job.version);
  } else if (result.kind === 'explain') {
    if (job.kind !== 'explain' || job.version !== state.version) return;
    const shown = renderExplanation($('explanation'), job.url, job.agent, result.explanation);
    editor.highlight(result.explanation.line, shown.wide);
  } else {
    if (job.kind !== 'view' || job.view !== state.view) return;
    const container = $(result.view === 'diff' ? 'diff-result' : result.view);
    if (result.view === 'audit') renderAudit(container, result.audit);
    else if (result.view === 'report') renderReport(container, result.report);
    else if (result.view === 'ai') {
      renderAi(
        container,
        result.ai,
        state.evaluatedAgents,
        (agent) => {
          state.aiAgent = agent;
          requestView();
        },
        (line) => editor.highlight(line),
      );
    } else if (result.diff !== undefined) {
      renderDiff(container, result.diff, (line) => editor.highlight(line));
    }
    document.body.dataset['viewed'] = String(job.id);
    if (document.body.dataset['viewing'] === String(job.id)) {
      viewPending = false;
      sendLint();
    }
  }
}

function renderResults(): void {
  if (state.evaluation === undefined) return;
  renderMatrix(
    $('matrix'),
    { urls: state.urls, agents: state.evaluatedAgents, evaluation: state.evaluation },
    state.page,
    state.focus,
    {
      onSelect: (url, agent) => select(url, agent),
      onPage: (page) => {
        state.page = page;
        renderResults();
      },
    },
  );
  markSelected();
}

/** Chooses a cell: marks it and asks for its explanation. */
function select(url: number, agent: number): void {
  state.selected = { url, agent };
  markSelected();
  explain(url, agent);
}

function markSelected(): void {
  const selected = state.selected;
  for (const cell of $('matrix').querySelectorAll('.verdict.selected')) {
    cell.classList.remove('selected');
  }
  if (selected === undefined) return;
  $('matrix')
    .querySelector(`.verdict[data-url="${selected.url}"][data-agent="${selected.agent}"]`)
    ?.classList.add('selected');
}

function explain(url: number, agent: number): void {
  const entry = state.urls[url];
  const token = state.evaluatedAgents[agent];
  if (entry === undefined || token === undefined) return;
  lintWorker.send({
    kind: 'explain',
    version: state.version,
    draft: draftBody(),
    url: entry,
    agent: token,
  });
}

function renderDiffBase(): void {
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
  }
}

/** Makes `body` the diff's base. */
export function setBase(body: Body, label: string): void {
  state.base = { body, label, version: (state.base?.version ?? 0) + 1 };
  requestView();
}

/** Puts bytes (an upload, a live file, a restored state) into the editor, keeping them. */
export function setDraftBytes(bytes: Uint8Array, label: string): void {
  const decoded = decodeBytes(bytes);
  setDraftText(decoded.text, { bytes, decoded, label });
}

/** Replaces the draft's text (and the bytes it stands for, if any); schedules once. */
export function setDraftText(text: string, bytes?: NonNullable<typeof state.bytes>): void {
  quiet = true;
  try {
    editor.setText(text);
  } finally {
    quiet = false;
  }
  state.bytes = bytes;
  state.version++;
  schedule(true);
}

urlInput.addEventListener('input', () => {
  state.page = 0;
  state.inputNotices = [];
  schedule();
});

// The rest of the page's start (the picker, the tabs, a link's state and the first evaluation)
// in a task of its own: with the editor's in one task, opening the page would be one long task.
setTimeout(() => {
  renderAgents($('agents'), state, () => schedule());
  wireTabs((view) => {
    state.view = view;
    requestView();
  });
  wireIo();
  wireCrawlerList();
}, 0);
