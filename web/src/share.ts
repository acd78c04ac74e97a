/**
 * The page's whole state in the URL fragment, deflated and base64url-encoded, so a link
 * reproduces it and nothing is stored on a server.
 */

/** What a share link holds. */
export interface SharedState {
  readonly draft: string;
  readonly urls: string;
  readonly agents: readonly string[];
  /** A second version for the diff view (the live file, or any other), if any. */
  readonly base?: string;
  /** What the base is (`the live file of https://example.com/`). */
  readonly baseLabel?: string;
}

/** Fragments longer than this are offered as a file instead (browsers and chat apps cut links). */
export const MAX_LINK_FRAGMENT = 8192;

const PREFIX = 's=';

async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The fragment (without `#`) that encodes `state`. */
export async function encodeState(state: SharedState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return PREFIX + toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
}

/** The state a fragment (or a downloaded state file's text) encodes, or undefined if it is not one. */
export async function decodeState(fragment: string): Promise<SharedState | undefined> {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!text.startsWith(PREFIX)) return undefined;
  try {
    const bytes = await pipe(
      fromBase64Url(text.slice(PREFIX.length)),
      new DecompressionStream('deflate-raw'),
    );
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isSharedState(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isSharedState(value: unknown): value is SharedState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['draft'] === 'string' &&
    typeof v['urls'] === 'string' &&
    Array.isArray(v['agents']) &&
    v['agents'].every((a) => typeof a === 'string') &&
    (v['base'] === undefined || typeof v['base'] === 'string') &&
    (v['baseLabel'] === undefined || typeof v['baseLabel'] === 'string')
  );
}
