/** Network errors in one line a person can read, and the refusals among them. */

import type { FetchRefusal } from './result.js';

/** Characters of an error description kept in a reason. */
const maxLength = 500;

/** `fetch failed (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9)`: the message with its causes. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      parts.push(typeof code === 'string' ? `${code}: ${current.message}` : current.message);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  const [first = 'unknown error', ...rest] = parts;
  const text = rest.length === 0 ? first : `${first} (${rest.join('; ')})`;
  // Messages can carry what a server sent (an FTP reply of up to 64 KiB): keep reasons short.
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}

/**
 * The refusal behind a failed request: the innermost error (a few causes down, as `fetch` wraps
 * connection errors) whose code is `ERR_ADDRESS_BLOCKED`, thrown by an address policy.
 */
export function findRefusal(
  error: unknown,
): { readonly refusal: FetchRefusal; readonly message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === 'ERR_ADDRESS_BLOCKED') {
      return { refusal: 'address', message: current.message };
    }
    current = current.cause;
  }
  return undefined;
}
