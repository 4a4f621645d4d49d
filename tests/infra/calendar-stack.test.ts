import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * The calendar in AWS: its own function behind /api/calendar, the table (and its indexes, where
 * the month ranges and the dashboard lists are read), the run-job workflow for AI generation, and
 * reads of the audit objects its audit ideas come from; the indexes project whole items, so a
 * range is one Query.
 */
let stack: MarketingStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synth());
}, SYNTH_TIMEOUT);

const calendarId = () => {
  const fn = stack.apiFunctions.get('calendar');
  if (!fn) throw new Error('no calendar function');
  return logicalId(fn);
};

describe('the calendar area in the stack', () => {
  it('is a function of its own, routed /api/calendar and everything under it', () => {
    const routeKeys = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey as string,
    );
    expect(routeKeys).toEqual(expect.arrayContaining(['ANY /api/calendar', 'ANY /api/calendar/{proxy+}']));
  });

  it('reads and writes items of the table and its indexes, never scans, and touches nothing else', () => {
    const statements = statementsOf(template, calendarId());
    const actions = statements.flatMap(actionsOf);
    const dynamo = actions.filter((a) => a.startsWith('dynamodb:'));
    expect(dynamo).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
      ]),
    );
    expect(dynamo).not.toContain('dynamodb:Scan');
    const tableResources = statements
      .filter((s) => actionsOf(s).includes('dynamodb:Query'))
      .flatMap((s) => [s.Resource].flat())
      .map((r) => JSON.stringify(r));
    expect(tableResources.some((r) => r.includes('/index/'))).toBe(true);
    // Workflows and schedules: generation and publishing, asserted below and in the publishing test.
    expect(actions.filter((a) => a.startsWith('kms:'))).toEqual([]);
    // The bucket: only reading the audit objects behind the audit ideas, under companies/.
    const objects = statements.filter((s) => JSON.stringify(s.Resource).includes('/companies/*'));
    expect([...new Set(objects.flatMap(actionsOf))]).toEqual(['s3:GetObject']);
    expect(actions.filter((a) => a.startsWith('s3:') && !['s3:GetObject', 's3:ListBucket'].includes(a))).toEqual([]);
    // Mail only: an edit after approval puts the post back in review and tells the approvers.
    expect([...new Set(actions.filter((a) => a.startsWith('ses:')))]).toEqual(['ses:SendEmail']);
    // The one secret every API function reads: CloudFront's origin-verify header value.
    const secrets = statements
      .filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')))
      .flatMap((s) => [s.Resource].flat())
      .map((r) => JSON.stringify(r));
    expect(
      secrets.every((r) => r.includes('OriginVerify')),
      secrets.join(),
    ).toBe(true);
  });

  it('starts the run-job workflow (AI generation), whose worker writes drawn images under companies/ only', () => {
    const statements = statementsOf(template, calendarId());
    const starts = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('states:')));
    expect([...new Set(starts.flatMap(actionsOf))]).toEqual(['states:StartExecution']);
    expect(starts.flatMap((s) => [s.Resource].flat())).toContainEqual({
      Ref: expect.stringMatching(/^WorkflowsRunJob/),
    });

    const worker = stack.workerFunctions.get('job-ai');
    if (!worker) throw new Error('no job-ai worker');
    const objects = statementsOf(template, logicalId(worker)).filter(
      (s) => JSON.stringify(s.Resource).includes('MediaBucket') && JSON.stringify(s.Resource).includes('/'),
    );
    // No delete: only a CSV import removes files it fetched (bulk-import-stack.test.ts).
    expect(objects.flatMap(actionsOf).sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    for (const s of objects) expect(JSON.stringify(s.Resource)).toContain('/companies/*');
  });

  it('reads its ranges from indexes that carry whole items (GSI1 by status, GSI2 by date)', () => {
    const [table] = Object.values(resources(template, 'AWS::DynamoDB::GlobalTable')).concat(
      Object.values(resources(template, 'AWS::DynamoDB::Table')),
    );
    const indexes = (table?.Properties.GlobalSecondaryIndexes ?? []) as {
      IndexName: string;
      KeySchema: { AttributeName: string; KeyType: string }[];
      Projection: { ProjectionType: string };
    }[];
    for (const [name, pk, sk] of [
      ['GSI1', 'gsi1pk', 'gsi1sk'],
      ['GSI2', 'gsi2pk', 'gsi2sk'],
    ] as const) {
      const gsi = indexes.find((i) => i.IndexName === name);
      expect(gsi?.KeySchema, name).toEqual([
        { AttributeName: pk, KeyType: 'HASH' },
        { AttributeName: sk, KeyType: 'RANGE' },
      ]);
      expect(gsi?.Projection.ProjectionType, name).toBe('ALL');
    }
  });
});
