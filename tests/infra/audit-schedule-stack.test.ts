import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { workflowArnEnv } from '../../functions/core/workflows';
import { AUDIT_SCHEDULE_JOB_KIND } from '../../functions/core/audit/schedule/audit-schedule';
import { JOB_KINDS } from '../../functions/workers/jobs/job-kinds';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * The website audit's schedule in AWS: the seo area arms the next run as an EventBridge
 * Scheduler one-time schedule (the run-job workflow), and the run-job worker starts the
 * site-audit workflow by its ARN built from its name (a reference would be circular).
 */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const envOf = (id: string) =>
  template.toJSON().Resources[id].Properties.Environment.Variables as Record<string, unknown>;

describe('the audit schedule', () => {
  it('the seo area manages schedules in the group, passing only the scheduler role', () => {
    const id = logicalId(stack.apiFunctions.get('seo')!);
    const actions = statementsOf(template, id).flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining([
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'iam:PassRole',
      ]),
    );
    expect(envOf(id)).toMatchObject({
      SCHEDULE_GROUP: { Ref: expect.stringMatching(/^SchedulesGroup/) },
      SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [expect.stringMatching(/^SchedulesRole/), 'Arn'] },
    });
  });

  it('the audits job worker runs the due audit and may start the site-audit workflow, and no other', () => {
    expect(JOB_KINDS.map((k) => k.name)).toContain(AUDIT_SCHEDULE_JOB_KIND);
    const id = logicalId(stack.workerFunctions.get('job-audits')!);
    const starts = statementsOf(template, id).filter((s) => actionsOf(s).includes('states:StartExecution'));
    const targets = starts.flatMap((s) => [s.Resource].flat()).map((r) => JSON.stringify(r));
    expect(targets).toHaveLength(1);
    expect(targets[0]).toMatch(/:stateMachine:[^"]+-site-audit"/);
    expect(JSON.stringify(envOf(id)[workflowArnEnv('site-audit')])).toMatch(/:stateMachine:[^"]+-site-audit"/);
  });

  it("the scheduler's role may start the run-job workflow a schedule targets", () => {
    const roles = Object.entries(resources(template, 'AWS::IAM::Policy')).filter(([key]) =>
      key.startsWith('SchedulesRole'),
    );
    const statements = roles.flatMap(
      ([, p]) => p.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[],
    );
    const started = statements.filter((s) => [s.Action].flat().includes('states:StartExecution'));
    expect(JSON.stringify(started)).toMatch(/WorkflowsRunJob/);
  });
});
