/**
 * FTP as an access method (RFC 9309 §2.3 names it; Google fetches `ftp://host/robots.txt` with an
 * anonymous login): the function that retrieves a file, and how its replies map to outcomes.
 * The retrieval itself needs sockets, so it lives in `robots-rep/node`.
 */

/** What an {@link FtpFunction} retrieved. */
export interface FtpRetrieval {
  /** The file's first bytes: at most the `limit` asked for (more were not read). */
  readonly body: Uint8Array;
  /** The reply that ended the transfer (226 when whole, or the reply to the abort). */
  readonly reply?: number;
}

/**
 * Retrieves an `ftp:` URL with an anonymous login and RETR. Resolves with the file, at most
 * `limit` bytes of it; rejects for anything else, with the FTP reply code as the error's numeric
 * `code` when a reply said no (550: no such file; 530: login refused; 421, 425, 426, 450, 451:
 * transient), with a string `code` for a network error (`ECONNREFUSED`, `ERR_ADDRESS_BLOCKED`).
 */
export type FtpFunction = (
  url: string,
  init: { readonly signal: AbortSignal; readonly limit: number },
) => Promise<FtpRetrieval>;

/**
 * The outcome of an FTP reply code that refused the file: 550 (no such file or no access) means
 * there is no robots.txt, as a 404 does; every other code — a refused login (530), a transient
 * reply (421, 425, 426, 450, 451) or one RFC 9309 does not map — makes it unreachable.
 *
 * | Reply | Outcome |
 * |---|---|
 * | 550 | `unavailable` (allow all) |
 * | 530, 421, 425, 426, 450, 451, any other | `unreachable` (disallow all) |
 */
export function ftpReplyOutcome(code: number): 'unavailable' | 'unreachable' {
  return code === 550 ? 'unavailable' : 'unreachable';
}

/** The FTP reply code carried by an error from an {@link FtpFunction}, if any. */
export function ftpReplyOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && Number.isInteger(code) && code >= 100 && code < 600
    ? code
    : undefined;
}
