import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * Approvals in AWS: a function of its own behind /api/approvals (the members' calls and the
 * reviewer's public ones), which reads and writes table items (the setting, review links, the
 * posts' approval, in one transaction for a reviewer's decision), mails approvers and authors,
 * and reads the post's files under companies/ to show them to a reviewer; nothing else.
 */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const approvalsId = () => {
  const fn = stack.apiFunctions.get('approvals');
  if (!fn) throw new Error('no approvals function');
  return logicalId(fn);
};

describe('the approvals area in AWS', () => {
  it('has its own function behind /api/approvals and everything under it', () => {
    const routes = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey as string,
    );
    expect(routes).toEqual(expect.arrayContaining(['ANY /api/approvals', 'ANY /api/approvals/{proxy+}']));
  });

  it('writes table items, never scans, sends mail, reads files under companies/, and starts nothing', () => {
    const statements = statementsOf(template, approvalsId());
    const actions = [...new Set(statements.flatMap(actionsOf))];
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual(['ses:SendEmail']);
    expect(
      actions.filter((a) => a.startsWith('states:') || a.startsWith('scheduler:') || a.startsWith('kms:')),
    ).toEqual([]);
    const objects = statements.filter((s) => JSON.stringify(s.Resource).includes('MediaBucket'));
    expect(objects.flatMap(actionsOf).filter((a) => a.startsWith('s3:Put') || a.startsWith('s3:Delete'))).toEqual([]);
    for (const s of objects.filter((o) => actionsOf(o).includes('s3:GetObject')))
      expect(JSON.stringify(s.Resource)).toContain('/companies/*');
  });
});
