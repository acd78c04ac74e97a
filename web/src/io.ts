/**
 * What comes into the page and goes out of it: uploads (their bytes kept), live files through
 * the local server, the diff's base, custom tokens, share links and state files — each within
 * the caps of `limits.ts`.
 */

import { renderAgents } from './agents-picker.js';
import { h, replace, visible } from './dom.js';
import { convertUtf16, fromBase64, toBase64 } from './draft.js';
import { boundUrlText, formatBytes, formatCount, LIMITS } from './limits.js';
import {
  draftBody,
  editor,
  schedule,
  setBase,
  setDraftBytes,
  setDraftNotice,
  setDraftText,
  state,
} from './main.js';
import { decodeState, encodeState, type SharedState } from './share.js';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** A file's bytes, or undefined (and a message) when it is past the cap. */
async function readCapped(file: File, out: HTMLElement): Promise<Uint8Array | undefined> {
  if (file.size > LIMITS.bodyBytes) {
    replace(
      out,
      `${visible(file.name)} is ${formatBytes(file.size)}: this page opens files up to ${formatBytes(LIMITS.bodyBytes)} (a crawler reads the first 500 KiB).`,
    );
    return undefined;
  }
  return new Uint8Array(await file.arrayBuffer());
}

/** Says how an upload's bytes read; offers UTF-16 conversion. */
function describeBytes(bytes: Uint8Array, label: string): void {
  const decoded = state.bytes?.decoded;
  if (decoded === undefined) return;
  if (decoded.utf16 !== undefined) {
    const order = decoded.utf16;
    setDraftNotice(
      `${label} looks like ${order === 'utf-16le' ? 'UTF-16 (little-endian)' : 'UTF-16 (big-endian)'}: crawlers read robots.txt as UTF-8, so as it is its lines are not read as written. `,
      h(
        'button',
        {
          type: 'button',
          id: 'convert-utf16',
          onclick: () => {
            setDraftText(convertUtf16(bytes, order));
            setDraftNotice(
              `Converted from ${order.toUpperCase()}: verdicts are of the converted text as UTF-8.`,
            );
          },
        },
        'Convert to UTF-8',
      ),
    );
  } else if (!decoded.exact) {
    setDraftNotice(
      `${label} has ${decoded.replaced} place${decoded.replaced === 1 ? '' : 's'} where the bytes are not UTF-8, marked \uFFFD in the editor. Verdicts and lint are of the file's own bytes, as a crawler reads them, until you edit it.`,
    );
  } else {
    setDraftNotice('');
  }
}

/** Wires every input and output of the page, then opens the state of the link, if any. */
export function wireIo(): void {
  $<HTMLInputElement>('upload').addEventListener('change', async (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file === undefined) return;
    const bytes = await readCapped(file, $('draft-notice'));
    if (bytes === undefined) return;
    setDraftBytes(bytes, `the file ${file.name}`);
    describeBytes(bytes, visible(file.name));
  });

  $('diff-use-draft').addEventListener('click', () => {
    setBase(draftBody(), `the draft as it was at ${new Date().toLocaleTimeString()}`);
  });
  $<HTMLInputElement>('diff-upload').addEventListener('change', async (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file === undefined) return;
    const bytes = await readCapped(file, $('diff-base'));
    if (bytes !== undefined) setBase(bytes, `the file ${file.name}`);
  });

  $('fetch-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void loadLive($<HTMLInputElement>('fetch-url').value.trim());
  });

  $('custom-agent-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $<HTMLInputElement>('custom-agent');
    const token = input.value.trim();
    if (token.length > LIMITS.agentLength) {
      replace($('limits'), `A crawler token has at most ${LIMITS.agentLength} characters.`);
      return;
    }
    if (token.length > 0 && !state.agents.includes(token)) state.agents.push(token);
    input.value = '';
    renderAgents($('agents'), state, () => schedule());
    schedule();
  });

  $('share').addEventListener('click', () => void share());
  $<HTMLInputElement>('open-state').addEventListener('change', async (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file === undefined) return;
    // A state file is packed: its own size is capped like a link's unpacked size.
    if (file.size > LIMITS.stateBytes) {
      replace(
        $('share-outcome'),
        `That file is over ${formatBytes(LIMITS.stateBytes)}: not opened.`,
      );
      return;
    }
    await restore((await file.text()).trim(), 'That file');
  });
  window.addEventListener('hashchange', () => void restore(location.hash, 'The link'));
  void showServerPolicy();
  if (location.hash.length > 1) void restore(location.hash, 'The link');
  else schedule(true);
}

async function restore(text: string, what: string): Promise<void> {
  const decoded = await decodeState(text);
  if (!decoded.ok) {
    replace($('share-outcome'), `${what} was not opened. ${decoded.reason}`);
    schedule(true);
    return;
  }
  const restored = decoded.state;
  const urls = boundUrlText(restored.urls);
  $<HTMLTextAreaElement>('urls').value = urls.text;
  state.inputNotices = urls.notices;
  // Kept whole: the checks take the agent cap's worth (`boundAgents`), the picker draws no more.
  state.agents = [...restored.agents];
  state.page = 0;
  renderAgents($('agents'), state, () => schedule());
  const baseBytes = restored.baseBytes === undefined ? undefined : fromBase64(restored.baseBytes);
  const base = baseBytes ?? restored.base;
  if (base !== undefined) setBase(base, restored.baseLabel ?? 'the shared base');
  else state.base = undefined;
  // The draft last: one evaluation, of the whole restored state.
  const bytes = restored.draftBytes === undefined ? undefined : fromBase64(restored.draftBytes);
  if (bytes !== undefined) setDraftBytes(bytes, 'the shared draft');
  else setDraftText(restored.draft);
}

function currentState(): SharedState {
  const bytes = state.bytes;
  const base = state.base;
  return {
    draft: editor.text(),
    ...(bytes !== undefined && !bytes.decoded.exact ? { draftBytes: toBase64(bytes.bytes) } : {}),
    urls: $<HTMLTextAreaElement>('urls').value,
    agents: state.agents,
    ...(base === undefined
      ? {}
      : typeof base.body === 'string'
        ? { base: base.body, baseLabel: base.label }
        : { baseBytes: toBase64(base.body), baseLabel: base.label }),
  };
}

async function share(): Promise<void> {
  const fragment = await encodeState(currentState());
  const out = $('share-outcome');
  if (fragment.length > LIMITS.linkFragment) {
    const blob = new Blob([fragment], { type: 'text/plain' });
    const link = h(
      'a',
      { href: URL.createObjectURL(blob), download: 'robots-tester-state.txt' },
      'Download the state',
    );
    replace(
      out,
      `Too large for a link (over ${formatCount(LIMITS.linkFragment)} characters): `,
      link,
      ' and open it with "Open state file".',
    );
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
  const status = h('span', { role: 'status', id: 'copy-status' });
  const copy = h(
    'button',
    {
      type: 'button',
      id: 'copy-link',
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          replace(status, 'Copied.');
        } catch {
          field.select();
          replace(status, 'Select the link and copy it (the browser did not allow copying).');
        }
      },
    },
    'Copy',
  );
  replace(out, field, copy, status);
  field.select();
}

async function loadLive(url: string): Promise<void> {
  const out = $('fetch-outcome');
  replace(out, 'Fetching…');
  try {
    const response = await fetch(`api/fetch?url=${encodeURIComponent(url)}`);
    if (!response.ok) {
      const error = await response.json().catch(() => undefined);
      replace(
        out,
        response.status === 404
          ? 'Live fetching needs the local server: run "robotstxt serve".'
          : `Not fetched: ${visible(String((error as { error?: unknown } | undefined)?.error ?? `the server said ${response.status}`))}.`,
      );
      return;
    }
    const outcome = (await response.json()) as {
      summary: string;
      meaning: string;
      bodyBase64?: string;
    };
    replace(
      out,
      h('span', { class: 'outcome' }, visible(outcome.summary)),
      ' — ',
      visible(outcome.meaning),
    );
    const bytes = outcome.bodyBase64 === undefined ? undefined : fromBase64(outcome.bodyBase64);
    if (bytes !== undefined) {
      // The live file becomes the diff's base; edits to the draft are compared with it.
      setBase(bytes, `the live file of ${url}`);
      setDraftBytes(bytes, `the live file of ${url}`);
      describeBytes(bytes, 'The live file');
    }
  } catch {
    replace(out, 'Live fetching needs the local server: run "robotstxt serve".');
  }
}

/** Says on the page when the server fetches private addresses (`--allow-private-hosts`). */
async function showServerPolicy(): Promise<void> {
  try {
    const response = await fetch('api/info');
    if (!response.ok) return;
    const info = (await response.json()) as { privateHosts?: boolean };
    if (info.privateHosts === true) {
      replace(
        $('fetch-policy'),
        'This server was started with --allow-private-hosts: "Load live file" also fetches loopback and private addresses.',
      );
    }
  } catch {
    // Hosted as static files: no live fetching, nothing to say.
  }
}
