import { CreateScheduleGroupCommand, GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { CreateEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { workflowArnEnv } from '../../functions/core/workflows';
import { sesMailer } from '../../functions/core/mail/ses-mailer';
import { eventBridgeScheduler } from '../../functions/core/scheduler/scheduler-port';
import { stepFunctions } from '../../functions/core/jobs/workflow-port';
import { describeObject, presignUpload } from '../../functions/core/storage/media-storage';

/**
 * The AWS adapters' contract, in the terms AWS documents, run against every server that claims
 * to speak those APIs: our fake (tests/support/fake-aws.ts) and moto's server. What the two
 * disagree on is where the fake was too lenient; each case here is one moto showed.
 */
export interface AwsTarget {
  name: string;
  endpoint: string;
  /** A state machine the server knows (moto checks; the fake takes any ARN). */
  stateMachineArn: string;
  /** Whether presigned URLs are checked as S3 checks them (moto and s3rver accept any signature). */
  checksPresignedSignatures: boolean;
}

const CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };
const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Points the adapters (which read their endpoints from the environment, as in AWS) at the target. */
export function useAwsTarget(target: AwsTarget, scheduleGroup: string) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_SESV2: target.endpoint,
    AWS_ENDPOINT_URL_SCHEDULER: target.endpoint,
    AWS_ENDPOINT_URL_SFN: target.endpoint,
    S3_ENDPOINT: target.endpoint,
    MEDIA_BUCKET: 'media',
    SCHEDULE_GROUP: scheduleGroup,
    SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
    [workflowArnEnv('run-job')]: target.stateMachineArn,
  });
}

export const clientsFor = (endpoint: string) => {
  const options = { region: 'us-east-1', endpoint, credentials: CREDENTIALS };
  return { ses: new SESv2Client(options), scheduler: new SchedulerClient(options), sfn: new SFNClient(options) };
};

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: 'Plain body', html: '<p>HTML body</p>' });

export function awsAdapterContract(getTarget: () => AwsTarget | undefined) {
  const target = () => {
    const t = getTarget();
    if (!t) throw new Error('no AWS target');
    return t;
  };
  const clients = () => clientsFor(target().endpoint);

  describe('SES adapter', () => {
    it('is refused for a sender that is not a verified identity, and sends once its domain is verified', async () => {
      const domain = `${unique('brand')}.example`;
      const saved = process.env.MAIL_FROM;
      process.env.MAIL_FROM = `no-reply@${domain}`;
      try {
        await expect(sesMailer.send(mail('someone@example.com'))).rejects.toMatchObject({ name: 'MessageRejected' });
        await clients().ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }));
        await expect(sesMailer.send(mail('someone@example.com'))).resolves.toBeUndefined();
      } finally {
        process.env.MAIL_FROM = saved;
      }
    });
  });

  describe('EventBridge Scheduler adapter', () => {
    it('cannot schedule into a group that does not exist', async () => {
      const group = process.env.SCHEDULE_GROUP;
      process.env.SCHEDULE_GROUP = unique('missing');
      try {
        await expect(
          eventBridgeScheduler.upsert({
            name: unique('post'),
            at: new Date('2030-01-01T00:00:00Z'),
            workflow: 'run-job',
            input: {},
          }),
        ).rejects.toThrow();
      } finally {
        process.env.SCHEDULE_GROUP = group;
      }
    });

    it('creates, moves, lists and removes a one-time schedule in its group, deleted after it fires', async () => {
      const group = process.env.SCHEDULE_GROUP!;
      const prefix = unique('c1');
      const name = `${prefix}-post`;
      const get = (groupName?: string) =>
        clients().scheduler.send(new GetScheduleCommand({ Name: name, GroupName: groupName }));

      await eventBridgeScheduler.upsert({
        name,
        at: new Date('2030-01-02T03:04:05Z'),
        workflow: 'run-job',
        input: { postId: 'p1' },
      });
      const created = await get(group);
      expect(created).toMatchObject({
        GroupName: group,
        ScheduleExpression: 'at(2030-01-02T03:04:05)',
        ActionAfterCompletion: 'DELETE',
        Target: { Arn: target().stateMachineArn, RoleArn: process.env.SCHEDULER_ROLE_ARN },
      });
      expect(JSON.parse(created.Target!.Input!)).toEqual({ postId: 'p1' });
      // Names are per group: the default group has no such schedule.
      await expect(get()).rejects.toMatchObject({ name: 'ResourceNotFoundException' });

      await eventBridgeScheduler.upsert({
        name,
        at: new Date('2030-01-03T00:00:00Z'),
        workflow: 'run-job',
        input: { postId: 'p1' },
      });
      expect((await get(group)).ScheduleExpression).toBe('at(2030-01-03T00:00:00)');
      expect(await eventBridgeScheduler.namesWithPrefix(prefix)).toEqual([name]);

      await eventBridgeScheduler.remove(name);
      await expect(get(group)).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
      await expect(eventBridgeScheduler.remove(name)).resolves.toBeUndefined();
      expect(await eventBridgeScheduler.namesWithPrefix(prefix)).toEqual([]);
    });
  });

  describe('Step Functions adapter', () => {
    const arnOf = (name: string) => `${target().stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    const status = async (name: string) =>
      (await clients().sfn.send(new DescribeExecutionCommand({ executionArn: arnOf(name) }))).status;

    it('starts an execution once: a second start while it runs is the same execution', async () => {
      const name = unique('job');
      await stepFunctions.start('run-job', { uuid: name }, name);
      await stepFunctions.start('run-job', { uuid: name }, name);
      expect(await status(name)).toBe('RUNNING');
    });

    it("never reuses a finished execution's name: the start is refused, and the adapter treats it as done", async () => {
      const name = unique('job');
      await stepFunctions.start('run-job', { uuid: name }, name);
      await clients().sfn.send(new StopExecutionCommand({ executionArn: arnOf(name) }));
      const again = new StartExecutionCommand({
        stateMachineArn: target().stateMachineArn,
        name,
        input: JSON.stringify({ uuid: name }),
      });
      await expect(clients().sfn.send(again)).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
      await expect(stepFunctions.start('run-job', { uuid: name }, name)).resolves.toBeUndefined();
      expect(await status(name)).toBe('ABORTED');
    });

    it('refuses a running name with another input', async () => {
      const name = unique('job');
      await stepFunctions.start('run-job', { uuid: name }, name);
      const other = new StartExecutionCommand({
        stateMachineArn: target().stateMachineArn,
        name,
        input: '{"other":true}',
      });
      await expect(clients().sfn.send(other)).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
    });
  });

  describe('S3 presigned uploads', () => {
    const body = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 1]);
    const put = (url: string, type: string, payload: Uint8Array) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: payload });

    it('sign the Content-Type and Content-Length the caller chose, and tell the browser which type to send', async () => {
      const upload = await presignUpload(`uploads/${unique('a')}.png`, {
        contentType: 'image/png',
        contentLength: body.length,
      });
      const signed = new URL(upload.url).searchParams.get('X-Amz-SignedHeaders')!.split(';');
      expect(signed).toEqual(expect.arrayContaining(['content-type', 'content-length', 'host']));
      expect(upload).toMatchObject({ method: 'PUT', headers: { 'content-type': 'image/png' } });
      expect(upload.url).not.toMatch(/x-amz-checksum/i);
    });

    it('upload exactly the declared file', async () => {
      const key = `uploads/${unique('b')}.png`;
      const upload = await presignUpload(key, { contentType: 'image/png', contentLength: body.length });
      expect((await put(upload.url, upload.headers['content-type'], body)).status).toBe(200);
      expect(await describeObject(key)).toEqual({ size: body.length, contentType: 'image/png' });
    });

    it('are refused with another type or size where the server checks signatures as S3 does', async () => {
      const upload = await presignUpload(`uploads/${unique('c')}.png`, {
        contentType: 'image/png',
        contentLength: body.length,
      });
      const refused = target().checksPresignedSignatures ? 403 : 200;
      expect((await put(upload.url, 'text/html', body)).status).toBe(refused);
      expect((await put(upload.url, 'image/png', new Uint8Array([...body, 0]))).status).toBe(refused);
    });
  });
}

/** Creates the app's schedule group on the target (the stack does it in AWS). */
export async function createScheduleGroup(endpoint: string, name: string) {
  await clientsFor(endpoint).scheduler.send(new CreateScheduleGroupCommand({ Name: name }));
}
