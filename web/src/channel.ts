/**
 * A worker and the jobs sent to it: one job at a time, and while it runs only the newest job of
 * each kind waits (older ones are dropped), so a burst of keystrokes costs one job, not one each.
 * A running job made stale by an edit can be abandoned: its worker is ended and a new one takes
 * the next job, so a slow view of an old draft never holds a core the matrix needs.
 */

import type { Job, JobResult } from './work.js';

/** A job without its id (the channel numbers them). */
export type JobRequest = Job extends infer J ? (J extends Job ? Omit<J, 'id'> : never) : never;

/** What the page gets back: the job as sent and its result. */
export type ResultHandler = (job: Job, result: JobResult, elapsed: number) => void;

/** How a channel starts. */
export interface ChannelOptions {
  /**
   * Start the worker now, before the first job (the matrix's: its first job comes at once).
   * @default false
   */
  readonly startNow?: boolean;
}

/** One worker, fed one job at a time, newest first per kind. */
export class WorkerChannel {
  readonly #newWorker: () => Worker;
  readonly #onResult: ResultHandler;
  readonly #onError: (job: Job | undefined, message: string) => void;
  readonly #pending = new Map<string, Job>();
  /**
   * Started at once only when `startNow` says so, else on the first job (and on the first job
   * after an abandon): each worker compiles the evaluation module, and three doing it while the
   * page starts would take the cores the page's own start needs.
   */
  #worker: Worker | undefined;
  #running: Job | undefined;
  #lastId = 0;

  constructor(
    newWorker: () => Worker,
    onResult: ResultHandler,
    onError: (job: Job | undefined, message: string) => void,
    options: ChannelOptions = {},
  ) {
    this.#newWorker = newWorker;
    this.#onResult = onResult;
    this.#onError = onError;
    if (options.startNow === true) this.#worker = this.#start();
  }

  #start(): Worker {
    const worker = this.#newWorker();
    worker.onmessage = (
      event: MessageEvent<{ id: number; result: JobResult; elapsed: number }>,
    ) => {
      if (worker !== this.#worker) return;
      const job = this.#running;
      this.#running = undefined;
      if (job !== undefined && job.id === event.data.id) {
        this.#onResult(job, event.data.result, event.data.elapsed);
      }
      this.#next();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.#worker) return;
      const job = this.#running;
      this.#running = undefined;
      this.#onError(job, event.message);
      this.#next();
    };
    return worker;
  }

  /** Queues a job (replacing a waiting one of the same kind); returns its id. */
  send(request: JobRequest): number {
    const id = ++this.#lastId;
    const job = { ...request, id } as Job;
    this.#pending.set(job.kind, job);
    this.#next();
    return id;
  }

  /**
   * Drops waiting jobs and ends the running one, if any (its worker is ended and replaced):
   * for jobs whose inputs have changed, whose answer nobody will read. True when a running job
   * was ended.
   */
  abandon(): boolean {
    this.#pending.clear();
    if (this.#running === undefined) return false;
    this.#running = undefined;
    this.#worker?.terminate();
    this.#worker = undefined;
    return true;
  }

  #next(): void {
    if (this.#running !== undefined) return;
    const [kind, job] = this.#pending.entries().next().value ?? [];
    if (kind === undefined || job === undefined) return;
    this.#pending.delete(kind);
    this.#running = job;
    this.#worker ??= this.#start();
    this.#worker.postMessage(job);
  }
}
