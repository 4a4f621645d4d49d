import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { JOB_KINDS } from '../../functions/workers/jobs/job-kinds';
import { FEED_POLL_JOB_KIND } from '../../functions/core/feeds/feed-schedule';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * The CSV import and feeds in AWS: two areas of their own (/api/imports, /api/feeds), each
 * starting run-job (the import's job, a feed's "Check now") and handling one-time schedules (an
 * undo deletes scheduled posts' schedules; a feed arms and removes its polls), with no bucket
 * access; the run-job worker fetches an import's media into the library and may delete them
 * again; the hourly feed sweeper re-arms dead poll chains and does nothing else.
 */
let stack: MarketingStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synth());
}, SYNTH_TIMEOUT);

const actions = (id: string) => [...new Set(statementsOf(template, id).flatMap(actionsOf))];
const functionId = (area: string) => {
  const fn = stack.apiFunctions.get(area);
  if (!fn) throw new Error(`no ${area} function`);
  return logicalId(fn);
};

describe('imports and feeds in the stack', () => {
  it('each is a function of its own, routed under its path', () => {
    const routeKeys = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey as string,
    );
    expect(routeKeys).toEqual(
      expect.arrayContaining([
        'ANY /api/imports',
        'ANY /api/imports/{proxy+}',
        'ANY /api/feeds',
        'ANY /api/feeds/{proxy+}',
      ]),
    );
    expect(functionId('imports')).not.toBe(functionId('feeds'));
  });

  for (const area of ['imports', 'feeds']) {
    it(`${area}: table items, run-job and the schedule group; no bucket, mail, key or scan`, () => {
      const id = functionId(area);
      const granted = actions(id);
      expect(granted).toEqual(
        expect.arrayContaining([
          'dynamodb:GetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:DeleteItem',
          'states:StartExecution',
          'scheduler:DeleteSchedule',
          'iam:PassRole',
        ]),
      );
      expect(granted).not.toContain('dynamodb:Scan');
      for (const prefix of ['s3:', 'ses:', 'kms:'])
        expect(
          granted.filter((a) => a.startsWith(prefix)),
          prefix,
        ).toEqual([]);
      const starts = statementsOf(template, id).filter((s) => actionsOf(s).includes('states:StartExecution'));
      expect(starts.flatMap((s) => [s.Resource].flat())).toEqual([{ Ref: expect.stringMatching(/^WorkflowsRunJob/) }]);
    });
  }

  it("the imports job worker runs the import: it writes an import's media under companies/ and may delete them", () => {
    expect(JOB_KINDS.map((k) => k.name)).toEqual(expect.arrayContaining(['posts-import', FEED_POLL_JOB_KIND]));
    const worker = stack.workerFunctions.get('job-imports');
    if (!worker) throw new Error('no job-imports worker');
    const objects = statementsOf(template, logicalId(worker)).filter(
      (s) => JSON.stringify(s.Resource).includes('MediaBucket') && JSON.stringify(s.Resource).includes('/'),
    );
    expect(objects.flatMap(actionsOf).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    for (const s of objects) expect(JSON.stringify(s.Resource)).toContain('/companies/*');
  });

  it('the feed sweeper runs hourly: it reads feed watches and re-arms schedules, nothing else', () => {
    const fn = stack.workerFunctions.get('sweep-feeds');
    expect(fn, 'sweep-feeds worker').toBeDefined();
    const id = logicalId(fn!);
    const rules = Object.values(resources(template, 'AWS::Events::Rule')).filter((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some((t) => JSON.stringify(t.Arn).includes(id)),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.ScheduleExpression).toBe('rate(1 hour)');
    const own = actions(id).filter(
      (a) => !a.startsWith('xray:') && !a.startsWith('logs:') && !a.startsWith('cloudwatch:'),
    );
    expect(own).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'scheduler:CreateSchedule', 'iam:PassRole']),
    );
    for (const never of ['dynamodb:Scan', 'dynamodb:DeleteItem', 'states:StartExecution', 'kms:Decrypt'])
      expect(own, never).not.toContain(never);
    expect(own.filter((a) => a.startsWith('s3:'))).toEqual([]);
  });
});
