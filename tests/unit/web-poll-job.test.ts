import { messages } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { JobFailedError, pollJob, type JobCheck } from '../../web/src/lib/poll-job';

/** A scripted GET /api/lrp/{uuid}: one answer per call, and a record of the waits between them. */
function script<T>(answers: JobCheck<T>[]) {
  const calls: string[] = [];
  const waits: number[] = [];
  return {
    calls,
    waits,
    check: async <R>(uuid: string) => {
      calls.push(uuid);
      const next = answers.shift();
      if (!next) throw new Error('polled too often');
      return next as unknown as JobCheck<R>;
    },
    sleep: async (ms: number) => {
      waits.push(ms);
    },
  };
}

describe('pollJob (spec 01 §4 long-running operations)', () => {
  it('polls every 3 s while the job runs and returns the first other answer', async () => {
    const s = script([{ state: 'running' }, { state: 'running' }, { state: 'done', result: { plan: '# Plan' } }]);
    await expect(pollJob('job-1', { check: s.check, sleep: s.sleep })).resolves.toEqual({ plan: '# Plan' });
    expect(s.calls).toEqual(['job-1', 'job-1', 'job-1']);
    expect(s.waits).toEqual([3000, 3000]);
  });

  it('stops on 404 and fails with the spec sentence', async () => {
    const s = script([{ state: 'running' }, { state: 'gone' }]);
    const failure = pollJob('job-2', { check: s.check, sleep: s.sleep });
    await expect(failure).rejects.toBeInstanceOf(JobFailedError);
    await expect(failure).rejects.toThrow(messages.jobFailed);
    expect(s.calls).toHaveLength(2);
  });

  it('returns at once when the first answer is already the result', async () => {
    const s = script([{ state: 'done', result: 42 }]);
    await expect(pollJob('job-3', { check: s.check, sleep: s.sleep })).resolves.toBe(42);
    expect(s.waits).toEqual([]);
  });

  it('gives up when aborted while waiting', async () => {
    const controller = new AbortController();
    const s = script([{ state: 'running' }, { state: 'running' }]);
    const polling = pollJob('job-4', { check: s.check, signal: controller.signal, intervalMs: 50 });
    controller.abort(new Error('left the page'));
    await expect(polling).rejects.toThrow('left the page');
  });
});
