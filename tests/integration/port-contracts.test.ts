import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { listMailbox, mailboxMailer } from '../../functions/core/mail/mailbox-mailer';
import { sesMailer } from '../../functions/core/mail/ses-mailer';
import { eventBridgeScheduler, tableScheduler } from '../../functions/core/scheduler/scheduler-port';
import { stepFunctions, type WorkflowStarter } from '../../functions/core/jobs/workflow-port';
import { table } from '../../functions/core/table/client';
import { z } from 'zod';
import { defineJobKind } from '../../functions/core/jobs/job-kind';
import { jobWorkerHandler } from '../../functions/workers/jobs/job-worker';
import { createWorkflowEngine, type LocalWorkflowEngine } from '../../infra/local/workflow-engine';
import { CreateEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { awsAdapterContract, clientsFor, createScheduleGroup, useAwsTarget } from '../support/aws-adapter-contract';
import { startFakeAws, type FakeAws } from '../support/fake-aws';
import { workflowsRouting } from '../support/job-workflows';

/**
 * One contract per port, run against both adapters: the AWS one (against a loopback server
 * that answers as the AWS API documents) and the embedded runtime's one. The AWS adapters'
 * own contract runs here against the fake and in port-contracts-moto.test.ts against moto.
 */
const SCHEDULE_GROUP = 'app-schedules';
const FAKE_STATE_MACHINE = 'arn:aws:states:us-east-1:000000000000:stateMachine:run-job';
let fake: FakeAws;
let engine: LocalWorkflowEngine;
let routed: ReturnType<typeof workflowsRouting>;
const ranOnce: string[] = [];

beforeAll(async () => {
  fake = await startFakeAws();
  useAwsTarget(
    { name: 'fake', endpoint: fake.endpoint, stateMachineArn: FAKE_STATE_MACHINE, checksPresignedSignatures: true },
    SCHEDULE_GROUP,
  );
  await createScheduleGroup(fake.endpoint, SCHEDULE_GROUP);
  // The stack's sender, verified as an operator verifies it in SES.
  await clientsFor(fake.endpoint).ses.send(new CreateEmailIdentityCommand({ EmailIdentity: 'no-reply@example.com' }));
  const runtime = inject('runtime');
  Object.assign(process.env, {
    TABLE_NAME: runtime.tableName,
    DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    MAIL_FROM: 'no-reply@example.com',
    LOG_LEVEL: 'silent',
  });
  const countKind = defineJobKind({
    name: 'contract-count',
    grants: {},
    input: z.string(),
    result: z.null(),
    run: async (input) => {
      ranOnce.push(input);
      return null;
    },
  });
  routed = workflowsRouting([countKind.name], 'RunAi');
  engine = await createWorkflowEngine(routed.dir, {
    workers: { AiJobFunctionArn: jobWorkerHandler('job-ai', [countKind]) },
  });
});
afterAll(() => {
  routed.remove();
  return fake.stop();
});

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: 'Plain body', html: '<p>HTML body</p>' });

describe.each([
  { name: 'SES (AWS)', mailer: () => sesMailer, sent: async (to: string) => fake.mails.find((m) => m.to.includes(to)) },
  {
    name: 'dev mailbox (embedded)',
    mailer: () => mailboxMailer,
    sent: async (to: string) => (await listMailbox(50, to)).find((m) => m.to === to),
  },
])('mail port contract: $name', ({ mailer, sent }) => {
  it('delivers subject, text and HTML to the recipient', async () => {
    const to = `contract-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    await mailer().send(mail(to));
    expect(await sent(to)).toMatchObject({ subject: `Hello ${to}`, text: 'Plain body', html: '<p>HTML body</p>' });
  });
});

describe('SES adapter errors', () => {
  it('a rejected message surfaces as an error, not a silent success', async () => {
    process.env.MAIL_FROM = 'no-reply@example.com';
    fake.rejectNextMail();
    await expect(sesMailer.send(mail('rejected@example.com'))).rejects.toMatchObject({ name: 'MessageRejected' });
  });
});

describe.each([
  {
    name: 'EventBridge Scheduler (AWS)',
    scheduler: () => eventBridgeScheduler,
    observe: async (name: string) => {
      const s = fake.schedules.get(`${SCHEDULE_GROUP}/${name}`);
      return s && { at: s.expression, input: JSON.parse(s.target.Input) };
    },
  },
  {
    name: 'table schedules (embedded)',
    scheduler: () => tableScheduler,
    observe: async (name: string) => {
      const out = await table().send(
        new GetCommand({ TableName: process.env.TABLE_NAME!, Key: { pk: `SCHEDULE#${name}`, sk: 'SCHEDULE' } }),
      );
      return out.Item && { at: `at(${String(out.Item.at).slice(0, 19)})`, input: out.Item.input };
    },
  },
])('scheduler port contract: $name', ({ scheduler, observe }) => {
  it('creates, moves and removes a one-time schedule; removing twice is fine', async () => {
    const name = `post-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    await scheduler().upsert({
      name,
      at: new Date('2030-01-02T03:04:05Z'),
      workflow: 'run-job',
      input: { postId: 'p1' },
    });
    expect(await observe(name)).toEqual({ at: 'at(2030-01-02T03:04:05)', input: { postId: 'p1' } });
    await scheduler().upsert({
      name,
      at: new Date('2030-01-03T00:00:00Z'),
      workflow: 'run-job',
      input: { postId: 'p1' },
    });
    expect((await observe(name))?.at).toBe('at(2030-01-03T00:00:00)');
    await scheduler().remove(name);
    expect(await observe(name)).toBeUndefined();
    await expect(scheduler().remove(name)).resolves.toBeUndefined();
  });
});

describe('EventBridge schedules delete themselves after firing', () => {
  it('asks for ActionAfterCompletion DELETE and targets the state machine with the role', async () => {
    const name = `self-delete-${Date.now()}`;
    await eventBridgeScheduler.upsert({ name, at: new Date('2030-01-01T00:00:00Z'), workflow: 'run-job', input: {} });
    expect(fake.schedules.get(`${SCHEDULE_GROUP}/${name}`)).toMatchObject({
      actionAfterCompletion: 'DELETE',
      target: { Arn: process.env.WORKFLOW_ARN_RUN_JOB, RoleArn: process.env.SCHEDULER_ROLE_ARN },
    });
  });
});

describe.each([
  {
    name: 'Step Functions (AWS)',
    starter: () => stepFunctions,
    runs: async (executionName: string) =>
      [...fake.executions.keys()].filter((arn) => arn.endsWith(`:${executionName}`)).length,
  },
  {
    name: 'local engine (embedded)',
    starter: () => engine as WorkflowStarter,
    runs: async (executionName: string) => {
      await engine.idle();
      return ranOnce.filter((r) => r === executionName).length;
    },
  },
])('workflow port contract: $name', ({ starter, runs }) => {
  it('starts an execution once; a second start with the same name is a quiet no-op', async () => {
    const executionName = `contract-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    const input = { uuid: executionName, kind: 'contract-count', input: executionName, companyId: 1, userId: 1 };
    await starter().start('run-job', input, executionName);
    await starter().start('run-job', input, executionName);
    expect(await runs(executionName)).toBe(1);
  });
});

describe('AWS adapters against the fake', () => {
  awsAdapterContract(() => ({
    name: 'fake',
    endpoint: fake.endpoint,
    stateMachineArn: FAKE_STATE_MACHINE,
    checksPresignedSignatures: true,
  }));
});
