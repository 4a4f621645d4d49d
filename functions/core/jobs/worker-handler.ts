import middy from '@middy/core';
import { z } from 'zod';
import { observability } from '../observability';
import { TASK_END_MARGIN_MS, withTaskSignal } from './task-signal';

/** What a worker knows about the Task it runs in. */
export interface TaskContext {
  /** Aborts TASK_END_MARGIN_MS before the Task's time runs out (middy's early timeout). */
  signal: AbortSignal;
}

/**
 * A workflow's or a schedule's worker as Lambda runs it: the same observability as the API
 * handlers (the Lambda context on every log line, a trace segment, metrics flushed), and its
 * input parsed with its schema first, so a state machine that passes the wrong shape fails
 * there, loudly, instead of half-way through the work. The work runs under its task signal.
 */
export function workerHandler<S extends z.ZodType, R>(
  schema: S,
  handle: (input: z.output<S>, task: TaskContext) => Promise<R>,
) {
  return middy<unknown, R>({ timeoutEarlyInMillis: TASK_END_MARGIN_MS })
    .use(observability())
    .handler(async (event, _context, { signal }) => {
      const input = schema.parse(event);
      return withTaskSignal(signal, () => handle(input, { signal }));
    });
}

/** A failed task's output, as a Catch puts it beside the state (`{Error, Cause}`). */
export const taskErrorSchema = z.object({ Error: z.string().optional(), Cause: z.string().optional() });
