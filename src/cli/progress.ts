/**
 * Progress for long work, on a terminal only: a count, a rate and (when the total is known) an
 * ETA, redrawn in place on stderr at most a few times a second. Never written to a pipe or file,
 * and silenced by `--no-progress`.
 */

import type { CliStream } from './context.js';

/** A progress line for one batch of work. */
export interface Progress {
  /** `done` items of `total` (when known) are finished. */
  update(done: number): void;
  /** Clears the line. */
  end(): void;
}

const NONE: Progress = { update() {}, end() {} };

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s < 60
    ? `${s}s`
    : s < 3600
      ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
      : `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * A progress line on `stream` for `label`, or one that does nothing when `enabled` is false or
 * the stream is not a terminal.
 */
export function createProgress(
  stream: CliStream,
  options: {
    enabled: boolean;
    label: string;
    total?: number;
    now?: () => number;
    interval?: number;
  },
): Progress {
  if (!options.enabled || stream.isTTY !== true) return NONE;
  const now = options.now ?? (() => performance.now());
  const interval = options.interval ?? 200;
  const started = now();
  let last = Number.NEGATIVE_INFINITY;
  let shown = false;
  return {
    update(done) {
      const t = now();
      if (t - last < interval && done !== options.total) return;
      last = t;
      const seconds = Math.max((t - started) / 1000, 1e-3);
      const rate = done / seconds;
      let text = `${options.label}: ${done.toLocaleString('en-US')}`;
      if (options.total !== undefined) {
        const percent = options.total === 0 ? 100 : Math.floor((done / options.total) * 100);
        text += ` of ${options.total.toLocaleString('en-US')} (${percent}%)`;
      }
      text += `, ${Math.round(rate).toLocaleString('en-US')}/s`;
      if (options.total !== undefined && done < options.total)
        text += `, ETA ${duration((options.total - done) / rate)}`;
      stream.write(`\r\u001b[2K${text}`);
      shown = true;
    },
    end() {
      if (shown) stream.write('\r\u001b[2K');
    },
  };
}
