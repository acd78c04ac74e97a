/**
 * Runs the page's jobs (`work.ts`) off the main thread: the page keeps one worker for the
 * matrix and explanations, one for lint and one for the views, so a slow view never delays the
 * matrix, and sends each a new job only once it has answered the last one.
 */

import { DraftCache, type Job, runJob } from './work.js';

const cache = new DraftCache();

self.onmessage = (event: MessageEvent<Job>) => {
  const job = event.data;
  const start = performance.now();
  const result = runJob(job, cache);
  const transfer =
    result.kind === 'matrix'
      ? [result.evaluation.allowed.buffer, result.evaluation.lines.buffer]
      : [];
  (self as unknown as Worker).postMessage(
    { id: job.id, elapsed: performance.now() - start, result },
    transfer,
  );
};
