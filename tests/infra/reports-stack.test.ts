import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { JOB_KINDS } from '../../functions/workers/jobs/job-kinds';
import { METRICS_JOB_KIND } from '../../functions/core/reports/metrics-schedule';
import { DEMO_HISTORY_JOB_KIND } from '../../functions/core/demo/demo-history';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * Reports in AWS: the reports area reads, and updates only a demo's seed; the daily collection is the metrics-collect job,
 * started by each company's one-time schedule (EventBridge Scheduler → run-job), so the run-job
 * worker must open the sealed tokens, write the rows in batches and arm the next day's schedule.
 */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const actions = (id: string) => statementsOf(template, id).flatMap(actionsOf);

describe('reports in AWS', () => {
  it("the reports area reads the table; a demo's Refresh report updates its seed and starts its history job", () => {
    const fn = stack.apiFunctions.get('reports');
    expect(fn, 'reports function').toBeDefined();
    const granted = actions(logicalId(fn!));
    expect(granted).toEqual(
      expect.arrayContaining([
        'dynamodb:Query',
        'dynamodb:GetItem',
        'dynamodb:UpdateItem',
        'dynamodb:PutItem',
        'states:StartExecution',
      ]),
    );
    for (const write of ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:Scan'])
      expect(granted, write).not.toContain(write);
    expect(granted.filter((a) => a.startsWith('kms:') || a.startsWith('scheduler:') || a.startsWith('s3:'))).toEqual(
      [],
    );
    expect(JOB_KINDS.map((k) => k.name)).toContain(DEMO_HISTORY_JOB_KIND);
  });

  it('the metrics sweeper runs hourly: it reads watches and connections and re-arms schedules, nothing else', () => {
    const fn = stack.workerFunctions.get('sweep-metrics');
    expect(fn, 'sweep-metrics worker').toBeDefined();
    const id = logicalId(fn!);
    const rules = Object.values(resources(template, 'AWS::Events::Rule')).filter((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some((t) => JSON.stringify(t.Arn).includes(id)),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.ScheduleExpression).toBe('rate(1 hour)');
    const own = [...new Set(actions(id))].filter(
      (a) => !a.startsWith('xray:') && !a.startsWith('logs:') && !a.startsWith('cloudwatch:'),
    );
    for (const needed of ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'])
      expect(own, needed).toContain(needed);
    expect(own).toEqual(
      expect.arrayContaining(['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'iam:PassRole']),
    );
    for (const never of ['dynamodb:Scan', 'kms:Decrypt', 'states:StartExecution'])
      expect(own, never).not.toContain(never);
    expect(own.filter((a) => a.startsWith('s3:'))).toEqual([]);
  });

  it('the platforms job worker runs the daily collection: tokens opened, rows batch-written, the next run armed', () => {
    expect(JOB_KINDS.map((k) => k.name)).toContain(METRICS_JOB_KIND);
    const worker = stack.workerFunctions.get('job-platforms');
    expect(worker, 'job-platforms worker').toBeDefined();
    const granted = actions(logicalId(worker!));
    expect(granted).toEqual(
      expect.arrayContaining([
        'kms:Decrypt',
        'dynamodb:Query',
        'dynamodb:BatchWriteItem',
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'iam:PassRole',
      ]),
    );
    expect(granted).not.toContain('dynamodb:Scan');
  });

  it('the integrations function, which arms the first collection at connect, may create schedules', () => {
    const fn = stack.apiFunctions.get('integrations');
    expect(actions(logicalId(fn!))).toEqual(expect.arrayContaining(['scheduler:CreateSchedule', 'iam:PassRole']));
  });
});
