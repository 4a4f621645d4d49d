import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * The work sweeper in AWS (functions/core/jobs/watch.ts): a Lambda an EventBridge rule runs every
 * minute, which reads watched jobs and audit runs, takes them back, starts run-job or site-audit
 * again, or ends them (an audit's lock deleted); no scan, no bucket, no mail, no key.
 */
let stack: MarketingStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synth());
}, SYNTH_TIMEOUT);

describe('the work sweeper in the stack', () => {
  it('runs every minute and may only read, take back, end and restart watched work', () => {
    const fn = stack.workerFunctions.get('sweep-work');
    expect(fn, 'sweep-work worker').toBeDefined();
    const id = logicalId(fn!);
    const rules = Object.values(resources(template, 'AWS::Events::Rule')).filter((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some((t) => JSON.stringify(t.Arn).includes(id)),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.ScheduleExpression).toBe('rate(1 minute)');
    const statements = statementsOf(template, id);
    const own = [...new Set(statements.flatMap(actionsOf))].filter(
      (a) => !a.startsWith('xray:') && !a.startsWith('logs:') && !a.startsWith('cloudwatch:'),
    );
    expect(own.sort()).toEqual(
      ['dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'states:StartExecution'].sort(),
    );
    const starts = statements.filter((s) => actionsOf(s).includes('states:StartExecution'));
    const machines = starts.flatMap((s) => [s.Resource].flat()).map((r) => JSON.stringify(r));
    expect(machines.some((m) => m.includes('WorkflowsRunJob'))).toBe(true);
    expect(machines.some((m) => m.includes('WorkflowsSiteAudit'))).toBe(true);
    expect(machines.some((m) => m.includes('PublishPost'))).toBe(false);
  });
});
