/**
 * The page's caps: every input — typed, uploaded, or from a share link or state file — is cut to
 * these before any work, with a message saying what was left out, so no input can freeze the tab.
 */

/** The caps, each stated on the page when it is hit. */
export const LIMITS = {
  /** Crawlers checked at once (picker and custom tokens together). */
  agents: 50,
  /** Characters of a custom crawler token. */
  agentLength: 100,
  /** URLs checked at once. */
  urls: 10_000,
  /** URL × crawler checks of one evaluation (the URLs are cut to fit). */
  cells: 200_000,
  /** Characters of one URL. */
  urlLength: 2_048,
  /** Bytes of a draft or a base (the editor refuses an edit past it; uploads past it are refused). */
  bodyBytes: 4_194_304, // 4 MiB
  /** Bytes a share link or state file may unpack to. */
  stateBytes: 10_485_760, // 10 MiB
  /** Characters of a share link's fragment; a larger state is offered as a file. */
  linkFragment: 8192,
  /** Matrix rows on one page, at most. */
  rowsPerPage: 100,
  /** Matrix cells drawn at once: fewer rows a page when many crawlers are checked. */
  drawnCells: 1_000,
} as const;

/** The URL list as checked, and what was left out. */
export interface BoundedUrls {
  readonly urls: string[];
  readonly notices: string[];
}

/** A whole number with thousands separators (`12,345`), without Intl's first-call cost. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const count = formatCount;

/**
 * The URL list as typed: one entry a line, blank lines and `#` comments skipped; URLs longer
 * than the cap left out, the list cut at the URL cap and so that URLs × agents stays within the
 * cell cap.
 */
export function boundUrls(text: string, agentCount: number): BoundedUrls {
  const notices: string[] = [];
  const urls: string[] = [];
  const tooLong: number[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.length === 0 || line.startsWith('#')) continue;
    if (line.length > LIMITS.urlLength) tooLong.push(i + 1);
    else urls.push(line);
  }
  if (tooLong.length > 0) {
    const shown = tooLong.slice(0, 5).join(', ');
    notices.push(
      `${count(tooLong.length)} URL${tooLong.length === 1 ? '' : 's'} longer than ${count(LIMITS.urlLength)} characters left out (line ${shown}${tooLong.length > 5 ? ', …' : ''}).`,
    );
  }
  const fit = Math.min(LIMITS.urls, Math.floor(LIMITS.cells / Math.max(1, agentCount)));
  if (urls.length > fit) {
    notices.push(
      fit === LIMITS.urls
        ? `Only the first ${count(fit)} of ${count(urls.length)} URLs are checked (at most ${count(LIMITS.urls)}).`
        : `Only the first ${count(fit)} of ${count(urls.length)} URLs are checked: at most ${count(LIMITS.cells)} URL × crawler checks.`,
    );
    urls.length = fit;
  }
  return { urls, notices };
}

/**
 * A URL list from a share link or state file as it goes into the URL field: lines longer than
 * the URL cap left out (a 100 KB line alone takes the browser a tenth of a second to lay out),
 * and no more lines than the URL cap's worth of URLs. What is left out is said.
 */
export function boundUrlText(text: string): { readonly text: string; readonly notices: string[] } {
  const notices: string[] = [];
  const kept: string[] = [];
  const tooLong: number[] = [];
  let urls = 0;
  let cut = false;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim().length > LIMITS.urlLength) {
      tooLong.push(i + 1);
      continue;
    }
    if (line.trim().length > 0 && !line.trim().startsWith('#') && ++urls > LIMITS.urls) {
      cut = true;
      break;
    }
    kept.push(line);
  }
  if (tooLong.length > 0) {
    notices.push(
      `${count(tooLong.length)} URL${tooLong.length === 1 ? '' : 's'} longer than ${count(LIMITS.urlLength)} characters left out of the shared URL list (line ${tooLong.slice(0, 5).join(', ')}${tooLong.length > 5 ? ', …' : ''}).`,
    );
  }
  if (cut) {
    notices.push(
      `The shared URL list was cut after its first ${count(LIMITS.urls)} URLs (at most ${count(LIMITS.urls)}).`,
    );
  }
  return { text: kept.join('\n'), notices };
}

/** The crawler list as checked, and what was left out. */
export interface BoundedAgents {
  readonly agents: string[];
  readonly notices: string[];
}

/** Agents without repeats, tokens past the length cap left out, cut at the agent cap. */
export function boundAgents(list: readonly string[]): BoundedAgents {
  const notices: string[] = [];
  const seen = new Set<string>();
  const agents: string[] = [];
  let tooLong = 0;
  for (const agent of list) {
    const token = agent.trim();
    if (token.length === 0 || seen.has(token)) continue;
    if (token.length > LIMITS.agentLength) {
      tooLong++;
      continue;
    }
    seen.add(token);
    agents.push(token);
  }
  if (tooLong > 0) {
    notices.push(
      `${count(tooLong)} crawler token${tooLong === 1 ? '' : 's'} longer than ${LIMITS.agentLength} characters left out.`,
    );
  }
  if (agents.length > LIMITS.agents) {
    notices.push(
      `Only the first ${LIMITS.agents} of ${count(agents.length)} crawlers are checked (at most ${LIMITS.agents}).`,
    );
    agents.length = LIMITS.agents;
  }
  return { agents, notices };
}

/** A byte count as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Matrix rows a page for `agentCount` crawlers: at most `rowsPerPage`, within `drawnCells`. */
export function rowsPerPage(agentCount: number): number {
  return Math.max(
    1,
    Math.min(LIMITS.rowsPerPage, Math.floor(LIMITS.drawnCells / Math.max(1, agentCount))),
  );
}
