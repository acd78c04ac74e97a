/**
 * A worker and the jobs sent to it: one job at a time, and while it runs only the newest job of
 * each kind waits (older ones are dropped), so a burst of keystrokes costs one job, not one each.
 */

import type { Job, JobResult } from './work.js';

/** A job without its id (the channel numbers them). */
export type JobRequest = Job extends infer J ? (J extends Job ? Omit<J, 'id'> : never) : never;

/** What the page gets back: the job as sent and its result. */
export type ResultHandler = (job: Job, result: JobResult, elapsed: number) => void;

/** One worker, fed one job at a time, newest first per kind. */
export class WorkerChannel {
  readonly #worker: Worker;
  readonly #pending = new Map<string, Job>();
  #running: Job | undefined;
  #lastId = 0;

  constructor(
    worker: Worker,
    onResult: ResultHandler,
    onError: (job: Job | undefined, message: string) => void,
  ) {
    this.#worker = worker;
    worker.onmessage = (
      event: MessageEvent<{ id: number; result: JobResult; elapsed: number }>,
    ) => {
      const job = this.#running;
      this.#running = undefined;
      if (job !== undefined && job.id === event.data.id) {
        onResult(job, event.data.result, event.data.elapsed);
      }
      this.#next();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const job = this.#running;
      this.#running = undefined;
      onError(job, event.message);
      this.#next();
    };
  }

  /** Queues a job (replacing a waiting one of the same kind); returns its id. */
  send(request: JobRequest): number {
    const id = ++this.#lastId;
    const job = { ...request, id } as Job;
    this.#pending.set(job.kind, job);
    this.#next();
    return id;
  }

  #next(): void {
    if (this.#running !== undefined) return;
    const [kind, job] = this.#pending.entries().next().value ?? [];
    if (kind === undefined || job === undefined) return;
    this.#pending.delete(kind);
    this.#running = job;
    this.#worker.postMessage(job);
  }
}
