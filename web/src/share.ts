/**
 * The page's whole state in the URL fragment, deflated and base64url-encoded, so a link
 * reproduces it and nothing is stored on a server. Unpacking stops at `LIMITS.stateBytes`: a
 * small link cannot unpack to more.
 */

import { fromBase64, toBase64 } from './draft.js';
import { formatBytes, LIMITS } from './limits.js';

/** What a share link holds. */
export interface SharedState {
  readonly draft: string;
  /** The draft's bytes (base64) when it is an unedited upload whose bytes are not its text's UTF-8. */
  readonly draftBytes?: string;
  readonly urls: string;
  readonly agents: readonly string[];
  /** A second version for the diff view (the live file, or any other), if any. */
  readonly base?: string;
  /** The base's bytes (base64), as for the draft. */
  readonly baseBytes?: string;
  /** What the base is (`the live file of https://example.com/`). */
  readonly baseLabel?: string;
}

/** Fragments longer than this are offered as a file instead (browsers and chat apps cut links). */
export const MAX_LINK_FRAGMENT: number = LIMITS.linkFragment;

const PREFIX = 's=';

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** Inflates at most `limit` bytes; undefined past it. */
async function inflate(bytes: Uint8Array, limit: number): Promise<Uint8Array | undefined> {
  const reader = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The fragment (without `#`) that encodes `state`. */
export async function encodeState(state: SharedState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return PREFIX + toBase64Url(await deflate(json));
}

/** A state, or why a fragment (or a state file's text) gives none. */
export type DecodedState =
  | { readonly ok: true; readonly state: SharedState }
  | { readonly ok: false; readonly reason: string };

/** The state a fragment (or a downloaded state file's text) encodes, unpacked within the cap. */
export async function decodeState(fragment: string): Promise<DecodedState> {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!text.startsWith(PREFIX)) return { ok: false, reason: 'It holds no tester state.' };
  const packed = fromBase64(text.slice(PREFIX.length).replaceAll('-', '+').replaceAll('_', '/'));
  if (packed === undefined) return { ok: false, reason: 'It holds no tester state.' };
  try {
    const bytes = await inflate(packed, LIMITS.stateBytes);
    if (bytes === undefined) {
      return {
        ok: false,
        reason: `It unpacks to more than ${formatBytes(LIMITS.stateBytes)}, the most this page opens: not opened.`,
      };
    }
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isSharedState(value)
      ? { ok: true, state: value }
      : { ok: false, reason: 'It holds no tester state.' };
  } catch {
    return { ok: false, reason: 'It holds no tester state (it is damaged).' };
  }
}

function isSharedState(value: unknown): value is SharedState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const optional = (key: string) => v[key] === undefined || typeof v[key] === 'string';
  return (
    typeof v['draft'] === 'string' &&
    typeof v['urls'] === 'string' &&
    Array.isArray(v['agents']) &&
    v['agents'].every((a) => typeof a === 'string') &&
    ['draftBytes', 'base', 'baseBytes', 'baseLabel'].every(optional)
  );
}
