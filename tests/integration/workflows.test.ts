import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { z } from 'zod';
import { messages } from '@shared/messages';
import { TransientError } from '../../functions/core/errors';
import { defineJobKind, JobUserError } from '../../functions/core/jobs/job-kind';
import { getJob, startJob } from '../../functions/core/jobs/job-store';
import { useLocalWorkflowEngine } from '../../functions/core/jobs/workflow-port';
import { webhookDeliveryJob } from '../../functions/core/public-api/webhook-job';
import { tableScheduler } from '../../functions/core/scheduler/scheduler-port';
import { jobWorkerHandler } from '../../functions/workers/jobs/job-worker';
import { createWorkflowEngine, type LocalWorkflowEngine } from '../../infra/local/workflow-engine';
import { startSchedulerLoop } from '../../infra/local/scheduler-loop';
import { signedInUser } from '../support/api-client';
import { workflowsRouting } from '../support/job-workflows';
import { createOwnTable, useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * The workflow engine in this test process, against the suite's DynamoDB Local: the real
 * run-job.asl.json, its Route also sending this test's job kinds to the AI worker's Run task,
 * whose handler is given those kinds.
 */
let engine: LocalWorkflowEngine;
let routed: ReturnType<typeof workflowsRouting>;
let attempts = 0;
/** Every input test-echo ran with, so a test can tell that (and how often) a workflow ran it. */
const echoed: unknown[] = [];

const echo = defineJobKind({
  name: 'test-echo',
  grants: {},
  input: z.unknown(),
  result: z.object({ echoed: z.unknown() }),
  run: async (input) => {
    echoed.push(input);
    return { echoed: input };
  },
});
const userError = defineJobKind({
  name: 'test-user-error',
  grants: {},
  input: z.object({}),
  result: z.null(),
  run: async () => {
    throw new JobUserError('Website not registered. Update your website information and try again.', 'invalid');
  },
});
const crash = defineJobKind({
  name: 'test-crash',
  grants: {},
  input: z.object({}),
  result: z.null(),
  run: async () => {
    throw new Error('database exploded');
  },
});
const flaky = defineJobKind({
  name: 'test-flaky',
  grants: {},
  input: z.object({}),
  result: z.object({ attempts: z.number() }),
  run: async () => {
    attempts += 1;
    if (attempts < 2) throw new TransientError('rate limited');
    return { attempts };
  },
});
/** Answers a result its own schema refuses: a drifting job is a crash, not a wrong answer. */
const drifting = defineJobKind({
  name: 'test-drifting',
  grants: {},
  input: z.object({}),
  result: z.object({ plan: z.string() }),
  run: async () => ({ plan: 42 }) as never,
});
const slow = defineJobKind({
  name: 'test-slow',
  grants: {},
  input: z.object({}),
  result: z.object({ plan: z.string() }),
  run: async (_input, job) => {
    await job.step('Writing the plan');
    await new Promise((r) => setTimeout(r, 1500));
    return { plan: '# Plan' };
  },
});

beforeAll(async () => {
  useSuiteRuntimeEnv();
  const kinds = [echo, userError, crash, flaky, drifting, slow];
  routed = workflowsRouting([...kinds.map((kind) => kind.name), 'test-misrouted'], 'RunAi');
  engine = await createWorkflowEngine(routed.dir, {
    workers: { AiJobFunctionArn: jobWorkerHandler('job-ai', kinds) },
  });
  useLocalWorkflowEngine(engine);
});
afterAll(() => routed.remove());

const owner = { companyId: 1, userId: 1 };

async function settled(uuid: string) {
  await engine.idle();
  const job = await getJob(uuid);
  if (!job) throw new Error('job vanished');
  return job;
}

describe('long-running jobs on the local workflow engine', () => {
  it('records a successful result', async () => {
    const { uuid, status } = await startJob(echo, { topic: 'coffee' }, owner);
    expect(status).toBe('running');
    // The job exists at once; the engine may already have finished this quick one.
    expect(['running', 'succeeded']).toContain((await getJob(uuid))?.state.status);
    expect((await settled(uuid)).state).toEqual({ status: 'succeeded', result: { echoed: { topic: 'coffee' } } });
  });

  it('keeps a user error with its status and message', async () => {
    const { uuid } = await startJob(userError, {}, owner);
    expect((await settled(uuid)).state).toEqual({
      status: 'failed',
      error: { kind: 'invalid', message: 'Website not registered. Update your website information and try again.' },
    });
  });

  it('records an unexpected failure with the generic job message (Catch)', async () => {
    const { uuid } = await startJob(crash, {}, owner);
    expect((await settled(uuid)).state).toEqual({
      status: 'failed',
      error: { kind: 'crashed', message: 'There was an issue processing your request. Please try again.' },
    });
  });

  it('retries a transient error with backoff (Retry) and then succeeds', async () => {
    const { uuid } = await startJob(flaky, {}, owner);
    expect((await settled(uuid)).state).toEqual({ status: 'succeeded', result: { attempts: 2 } });
  });

  it('GET /api/lrp/{uuid}: 202 while running, the result for a member, 404 for others', async () => {
    const a = await signedInUser('lrp-a');
    const b = await signedInUser('lrp-b');
    const { uuid } = await startJob(slow, {}, { companyId: a.companyId, userId: a.profile.id });
    await new Promise((r) => setTimeout(r, 300));
    const running = await a.client.get(`/api/lrp/${uuid}`);
    expect(running.status).toBe(202);
    expect(running.body).toEqual({ status: 'running', uuid, step: 'Writing the plan' });
    await engine.idle();
    const done = await a.client.get(`/api/lrp/${uuid}`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ plan: '# Plan' });
    expect((await b.client.get(`/api/lrp/${uuid}`)).status).toBe(404);

    const { uuid: failed } = await startJob(userError, {}, { companyId: a.companyId, userId: a.profile.id });
    await engine.idle();
    const failure = await a.client.get(`/api/lrp/${failed}`);
    expect(failure.status).toBe(422);
    expect(failure.body.message).toMatch(/Website not registered/);

    // A crash, and a result outside the kind's schema, both end as the spec's sentence in a 500.
    for (const kind of [crash, drifting]) {
      const { uuid: crashed } = await startJob(kind, {}, { companyId: a.companyId, userId: a.profile.id });
      await engine.idle();
      const answer = await a.client.get(`/api/lrp/${crashed}`);
      expect(answer.status).toBe(500);
      expect(answer.body.message).toBe('There was an issue processing your request. Please try again.');
    }
  });

  it('a one-time schedule fires its workflow once, then is gone', async () => {
    // A table of its own: the suite runtime's scheduler loop shares the suite's table and
    // would rightly claim (and run, on its own engine) a schedule it finds due there.
    const suiteTable = process.env.TABLE_NAME;
    process.env.TABLE_NAME = await createOwnTable('schedules');
    const loop = startSchedulerLoop(engine, 100);
    try {
      const { uuid } = await startJob(echo, 'direct', owner);
      await engine.idle();
      // A schedule re-runs an existing job's workflow input; its completion is idempotent.
      await tableScheduler.upsert({
        name: `test-${uuid}`,
        at: new Date(Date.now() + 300),
        workflow: 'run-job',
        input: { uuid, kind: 'test-echo', input: 'scheduled', ...owner },
      });
      // It fires: the workflow runs the kind with the schedule's input, once, even after more ticks.
      for (let waited = 0; !echoed.includes('scheduled') && waited < 10_000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await engine.idle();
      await new Promise((r) => setTimeout(r, 500));
      await engine.idle();
      expect(echoed.filter((input) => input === 'scheduled')).toHaveLength(1);
      // The job had already finished, so the late duplicate changed nothing.
      expect((await getJob(uuid))?.state).toEqual({ status: 'succeeded', result: { echoed: 'direct' } });
      const { dueSchedules } = await import('../../functions/core/scheduler/scheduler-port');
      expect(
        (await dueSchedules(new Date(Date.now() + 60_000))).find((s) => s.name === `test-${uuid}`),
      ).toBeUndefined();
    } finally {
      await loop.stop();
      process.env.TABLE_NAME = suiteTable;
    }
  });

  it('a schedule written while the loop sleeps wakes it when due, not at the next interval', async () => {
    const suiteTable = process.env.TABLE_NAME;
    process.env.TABLE_NAME = await createOwnTable('schedules-wake');
    // An interval far longer than the test may wait: only the wake-up can fire the schedule.
    const loop = startSchedulerLoop(engine, 120_000);
    try {
      const { uuid } = await startJob(echo, 'direct', owner);
      await engine.idle();
      await new Promise((r) => setTimeout(r, 300)); // the loop's first tick is done; it sleeps
      await tableScheduler.upsert({
        name: `test-wake-${uuid}`,
        at: new Date(Date.now() + 200),
        workflow: 'run-job',
        input: { uuid, kind: 'test-echo', input: 'woken', ...owner },
      });
      for (let waited = 0; !echoed.includes('woken') && waited < 15_000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(echoed).toContain('woken');
    } finally {
      await loop.stop();
      process.env.TABLE_NAME = suiteTable;
    }
  });
});

describe('job kinds routed to their workers on the local workflow engine', () => {
  const crashed = { status: 'failed', error: { kind: 'crashed', message: messages.jobFailed } };
  /** Runs of the kind the Route sends to a worker whose group does not hold it. */
  const misroutedRuns: unknown[] = [];
  const misrouted = defineJobKind({
    name: 'test-misrouted',
    grants: {},
    input: z.object({}),
    result: z.null(),
    run: async (input) => {
      misroutedRuns.push(input);
      return null;
    },
  });
  const unrouted = defineJobKind({ ...misrouted, name: 'test-unrouted' });

  it('a worker refuses a kind its group does not hold: the job fails and its run never starts', async () => {
    const { uuid } = await startJob(misrouted, {}, owner);
    expect((await settled(uuid)).state).toEqual(crashed);
    expect(misroutedRuns).toEqual([]);
  });

  it('a kind the Route does not name runs nowhere and fails', async () => {
    const { uuid } = await startJob(unrouted, {}, owner);
    expect((await settled(uuid)).state).toEqual(crashed);
    expect(misroutedRuns).toEqual([]);
  });

  it('the real Route sends a webhook delivery to the deliveries worker, and the AI worker refuses one sent to it', async () => {
    const input = { webhookId: 'no-such-webhook', deliveryId: 'no-such-delivery' };
    const real = await createWorkflowEngine(join(import.meta.dirname, '../../infra/workflows'));
    // The Route's first match wins: this copy sends deliveries to the AI worker, which runs its real kinds.
    const wrong = workflowsRouting([webhookDeliveryJob.name], 'RunAi');
    const misrouting = await createWorkflowEngine(wrong.dir);
    try {
      useLocalWorkflowEngine(real);
      const routed = await startJob(webhookDeliveryJob, input, owner);
      await real.idle();
      // Run by its own worker: a delivery that does not exist is skipped, not refused.
      expect((await getJob(routed.uuid))?.state).toEqual({ status: 'succeeded', result: { outcome: 'skipped' } });

      useLocalWorkflowEngine(misrouting);
      const refused = await startJob(webhookDeliveryJob, input, owner);
      await misrouting.idle();
      expect((await getJob(refused.uuid))?.state).toEqual(crashed);
    } finally {
      useLocalWorkflowEngine(engine);
      wrong.remove();
    }
  });
});

describe('a job whose Task runs out of time on the local workflow engine', () => {
  /** What the overtime job managed to write after its time was up: nothing, or the test fails. */
  const writtenLate: string[] = [];
  const overtime = defineJobKind({
    name: 'test-overtime',
    grants: {},
    input: z.object({}),
    result: z.object({ plan: z.string() }),
    run: async (_input, job) => {
      await job.step('Writing the plan');
      // A model that answers in 10 s, well past this Task's time.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        job.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await job.step('Saving the plan');
      writtenLate.push(job.uuid);
      return { plan: '# Plan' };
    },
  });

  it('is told through its signal before the Task times out, and writes nothing after', async () => {
    // The real workflows, with the AI worker's Run state given 4 s: the signal aborts at 1 s (3 s margin).
    const short4s = workflowsRouting([overtime.name], 'RunAi', (runJob) => {
      runJob.States.RunAi!.TimeoutSeconds = 4;
    });
    const short = await createWorkflowEngine(short4s.dir, {
      workers: { AiJobFunctionArn: jobWorkerHandler('job-ai', [overtime]) },
    });
    useLocalWorkflowEngine(short);
    try {
      const began = Date.now();
      const { uuid } = await startJob(overtime, {}, owner);
      await short.idle();
      expect((await getJob(uuid))?.state).toEqual({
        status: 'failed',
        error: { kind: 'crashed', message: 'There was an issue processing your request. Please try again.' },
      });
      expect(writtenLate).toEqual([]);
      // Ended by the signal (about 1 s), not by the model's 10 s.
      expect(Date.now() - began).toBeLessThan(8000);
    } finally {
      useLocalWorkflowEngine(engine);
      short4s.remove();
    }
  });
});
