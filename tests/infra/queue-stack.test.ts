import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * The posting queue in AWS: an area of its own (/api/queue) that writes posts, their slot claims
 * in one transaction, and the posts' one-time schedules, as scheduling does; it starts no
 * workflow and touches no bucket or key.
 */
let stack: MarketingStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synth());
}, SYNTH_TIMEOUT);

describe('the queue in the stack', () => {
  it('is a function of its own, routed under /api/queue', () => {
    const routeKeys = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey as string,
    );
    expect(routeKeys).toEqual(expect.arrayContaining(['ANY /api/queue', 'ANY /api/queue/{proxy+}']));
    expect(stack.apiFunctions.get('queue')).toBeDefined();
    expect(stack.apiFunctions.get('queue')).not.toBe(stack.apiFunctions.get('calendar'));
  });

  it('may write table items in transactions and handle schedules; no workflow, bucket, key or scan', () => {
    const id = logicalId(stack.apiFunctions.get('queue')!);
    const granted = [...new Set(statementsOf(template, id).flatMap(actionsOf))];
    expect(granted).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:DeleteItem',
        'dynamodb:ConditionCheckItem',
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'iam:PassRole',
      ]),
    );
    for (const never of ['dynamodb:Scan', 'states:StartExecution']) expect(granted, never).not.toContain(never);
    for (const prefix of ['s3:', 'kms:'])
      expect(
        granted.filter((a) => a.startsWith(prefix)),
        prefix,
      ).toEqual([]);
  });
});
