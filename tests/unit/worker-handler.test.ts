import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TASK_END_MARGIN_MS, taskSignal } from '../../functions/core/jobs/task-signal';
import { workerHandler } from '../../functions/core/jobs/worker-handler';

/** A Lambda context with `ms` left, as Lambda (or the embedded workflow engine) passes it. */
const contextWith = (ms: number): Context => {
  const endsAt = Date.now() + ms;
  const context: Omit<Context, 'done' | 'fail' | 'succeed'> = {
    functionName: 'test-worker',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test-worker',
    memoryLimitInMB: '512',
    awsRequestId: 'test',
    logGroupName: '/test',
    logStreamName: 'test',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => endsAt - Date.now(),
  };
  // The callback-era methods are deprecated and never called by middy.
  return context as Context;
};

const input = z.object({ n: z.number() });

describe('a worker handler', () => {
  it('parses its input first: a wrong shape fails before any work', async () => {
    let ran = false;
    const handler = workerHandler(input, async () => (ran = true));
    await expect(handler({ n: 'one' }, contextWith(60_000))).rejects.toThrow(z.ZodError);
    expect(ran).toBe(false);
  });

  it('tells the work its time is up before Lambda stops it, through the signal and taskSignal()', async () => {
    const seen: { aborted: boolean; same: boolean }[] = [];
    let wroteAfterAbort = false;
    const handler = workerHandler(input, async (_event, task) => {
      await new Promise<void>((resolve) => task.signal.addEventListener('abort', () => resolve()));
      seen.push({ aborted: task.signal.aborted, same: taskSignal() === task.signal });
      // Work that checks its signal before writing writes nothing once it aborted.
      if (!task.signal.aborted) wroteAfterAbort = true;
      return 'late';
    });
    const began = Date.now();
    const outcome = handler({ n: 1 }, contextWith(TASK_END_MARGIN_MS + 150));
    await expect(outcome).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - began).toBeLessThan(TASK_END_MARGIN_MS);
    await expect.poll(() => seen).toEqual([{ aborted: true, same: true }]);
    expect(wroteAfterAbort).toBe(false);
  });

  it('returns the work’s result when it ends in time, with no task signal outside it', async () => {
    const handler = workerHandler(input, async (event) => event.n * 2);
    expect(await handler({ n: 21 }, contextWith(60_000))).toBe(42);
    expect(taskSignal()).toBeUndefined();
  });
});
