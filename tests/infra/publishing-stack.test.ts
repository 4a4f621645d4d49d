import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { workflowArnEnv } from '../../functions/core/workflows';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, statementsOfRole, synth, SYNTH_TIMEOUT } from './synth';

/** Publishing in AWS: the publish-post state machine from its ASL file, its four workers, schedules, alarms. */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const PUBLISH_WORKERS = ['publish-start', 'publish-advance', 'publish-send', 'publish-fail'];

const idOf = (kind: 'worker' | 'api', name: string) => {
  const fn = kind === 'worker' ? stack.workerFunctions.get(name) : stack.apiFunctions.get(name);
  if (!fn) throw new Error(`no ${kind} ${name}`);
  return logicalId(fn);
};

const publishMachine = () => {
  const found = Object.entries(resources(template, 'AWS::StepFunctions::StateMachine')).filter(([id]) =>
    id.startsWith('WorkflowsPublishPost'),
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};

const actions = (functionId: string) => statementsOf(template, functionId).flatMap(actionsOf);

describe('the publish-post state machine', () => {
  it('is the ASL file, each Task bound to its own worker', () => {
    const [, machine] = publishMachine();
    const definition = JSON.parse(machine.Properties.DefinitionString as string);
    expect(definition.StartAt).toBe('Start');
    expect(machine.Properties.DefinitionSubstitutions).toEqual({
      PublishStartFunctionArn: { 'Fn::GetAtt': [idOf('worker', 'publish-start'), 'Arn'] },
      PublishAdvanceFunctionArn: { 'Fn::GetAtt': [idOf('worker', 'publish-advance'), 'Arn'] },
      PublishSendFunctionArn: { 'Fn::GetAtt': [idOf('worker', 'publish-send'), 'Arn'] },
      PublishFailFunctionArn: { 'Fn::GetAtt': [idOf('worker', 'publish-fail'), 'Arn'] },
    });
    expect(machine.Properties.StateMachineType).toBe('STANDARD');
  });

  it('waits for containers and rate limits in Wait states, and never retries a failed create blindly', () => {
    const [, machine] = publishMachine();
    const { States: states } = JSON.parse(machine.Properties.DefinitionString as string);
    expect(states.WaitForPlatform).toMatchObject({ Type: 'Wait', SecondsPath: '$.run.waitSeconds', Next: 'Advance' });
    expect(states.WaitBeforeSend).toMatchObject({ Type: 'Wait', SecondsPath: '$.run.waitSeconds', Next: 'Send' });
    // Send runs again only through the workflow's own route (after a lookup), never by a Retry on task failure.
    const sendRetries = (states.Send.Retry as { ErrorEquals: string[] }[]).flatMap((r) => r.ErrorEquals);
    expect(sendRetries).toEqual(['Lambda.TooManyRequestsException']);
    for (const task of ['Start', 'Advance', 'Send']) expect(states[task].Catch[0].Next).toBe('RecordCrash');
    expect(states.RecordCrash.Next).toBe('Failed');
    expect(states.Failed.Type).toBe('Fail');
  });

  it('has an alarm on failed executions', () => {
    const [machineId] = publishMachine();
    const alarms = Object.values(resources(template, 'AWS::CloudWatch::Alarm')).filter(
      (a) =>
        a.Properties.MetricName === 'ExecutionsFailed' && JSON.stringify(a.Properties.Dimensions).includes(machineId),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties.Threshold).toBe(1);
  });
});

describe('scheduling and starting publishes', () => {
  it('the calendar function starts publish-post and manages schedules in the app group, passing only its role', () => {
    const id = idOf('api', 'calendar');
    const [machineId] = publishMachine();
    const starts = statementsOf(template, id).filter((s) => actionsOf(s).includes('states:StartExecution'));
    expect(JSON.stringify(starts)).toContain(machineId);
    expect(actions(id)).toEqual(expect.arrayContaining(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']));
    const passRole = statementsOf(template, id).find((s) => actionsOf(s).includes('iam:PassRole'));
    expect(passRole.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    const env = template.toJSON().Resources[id].Properties.Environment.Variables;
    expect(env[workflowArnEnv('publish-post')]).toEqual({ Ref: machineId });
    expect(env.SCHEDULE_GROUP).toBeDefined();
    expect(env.SCHEDULER_ROLE_ARN).toBeDefined();
  });

  it("the schedule group's role may start the publish workflow, assumed only for the group's schedules", () => {
    const [machineId] = publishMachine();
    const [roleId, role] = Object.entries(resources(template, 'AWS::IAM::Role')).find(([rid]) =>
      rid.startsWith('SchedulesRole'),
    )!;
    const trust = role.Properties.AssumeRolePolicyDocument.Statement[0];
    expect(trust.Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(Object.keys(trust.Condition.StringEquals)).toEqual(['aws:SourceAccount', 'aws:SourceArn']);
    const starts = statementsOfRole(template, roleId).filter((s) => actionsOf(s).includes('states:StartExecution'));
    expect(JSON.stringify(starts)).toContain(machineId);
  });
});

describe('the publish workers', () => {
  it('start nothing and touch no schedules (a fired schedule deletes itself)', () => {
    for (const name of PUBLISH_WORKERS) {
      const all = actions(idOf('worker', name));
      expect(all, name).not.toContain('states:StartExecution');
      expect(
        all.filter((a: string) => a.startsWith('scheduler:')),
        name,
      ).toEqual([]);
      expect(all, name).not.toContain('kms:Encrypt');
      expect(all, name).not.toContain('s3:PutObject');
      expect(all, name).not.toContain('s3:DeleteObject');
    }
  });

  it('open tokens and read media only where they call the platforms; only the failure step mails', () => {
    // Start publishes blog posts to WordPress: its sealed password and the featured image.
    for (const name of ['publish-start', 'publish-advance', 'publish-send']) {
      expect(actions(idOf('worker', name)), name).toEqual(expect.arrayContaining(['kms:Decrypt', 's3:GetObject']));
    }
    expect(actions(idOf('worker', 'publish-fail'))).not.toContain('kms:Decrypt');
    expect(actions(idOf('worker', 'publish-fail'))).toContain('ses:SendEmail');
    for (const name of ['publish-start', 'publish-advance', 'publish-send']) {
      expect(actions(idOf('worker', name)), name).not.toContain('ses:SendEmail');
    }
  });
});

describe('the notifications area', () => {
  it('reads and marks items of the table and nothing else', () => {
    const all = actions(idOf('api', 'notifications'));
    expect(
      all.filter(
        (a: string) =>
          !a.startsWith('dynamodb:') &&
          !a.startsWith('xray:') &&
          !a.startsWith('logs:') &&
          !a.startsWith('secretsmanager:') &&
          !a.startsWith('cloudwatch:'),
      ),
    ).toEqual([]);
    expect(all).not.toContain('dynamodb:Scan');
    expect(all).not.toContain('dynamodb:DeleteItem');
  });
});

describe('the post sweeper', () => {
  it('runs every minute, queries the table and starts the publish workflow, nothing else', () => {
    const id = idOf('worker', 'sweep-posts');
    const rules = Object.values(resources(template, 'AWS::Events::Rule')).filter((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some((t) => JSON.stringify(t.Arn).includes(id)),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.ScheduleExpression).toBe('rate(1 minute)');
    const [machineId] = publishMachine();
    const statements = statementsOf(template, id);
    const start = statements.filter((s) => actionsOf(s).includes('states:StartExecution'));
    expect(start.map((s) => s.Resource)).toEqual([{ Ref: machineId }]);
    const own = statements
      .flatMap(actionsOf)
      .filter((a: string) => !a.startsWith('xray:') && !a.startsWith('logs:') && !a.startsWith('cloudwatch:'));
    expect([...new Set(own)].sort()).toEqual(['dynamodb:Query', 'states:StartExecution']);
    const env = template.toJSON().Resources[id].Properties.Environment.Variables;
    expect(env[workflowArnEnv('publish-post')]).toEqual({ Ref: machineId });
  });
});
