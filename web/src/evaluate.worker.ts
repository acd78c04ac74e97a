/** Runs {@link evaluate} off the main thread, so typing never waits for 50,000 checks. */

import { type EvaluationRequest, evaluate } from './evaluate.js';

interface Job extends EvaluationRequest {
  readonly id: number;
}

self.onmessage = (event: MessageEvent<Job>) => {
  const { id, ...request } = event.data;
  const result = evaluate(request);
  (self as unknown as Worker).postMessage({ id, ...result }, [
    result.allowed.buffer,
    result.lines.buffer,
  ]);
};
