import middy from '@middy/core';
import { z } from 'zod';
import { observability } from '../observability';

/**
 * A workflow's or a schedule's worker as Lambda runs it: the same observability as the API
 * handlers (the Lambda context on every log line, a trace segment, metrics flushed), and its
 * input parsed with its schema first, so a state machine that passes the wrong shape fails
 * there, loudly, instead of half-way through the work.
 */
export function workerHandler<S extends z.ZodType, R>(schema: S, handle: (input: z.output<S>) => Promise<R>) {
  return middy<unknown, R>()
    .use(observability())
    .handler(async (event) => handle(schema.parse(event)));
}

/** A failed task's output, as a Catch puts it beside the state (`{Error, Cause}`). */
export const taskErrorSchema = z.object({ Error: z.string().optional(), Cause: z.string().optional() });
