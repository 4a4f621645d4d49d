import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * The business listing area in AWS: its own function behind /api/business, sealing
 * and opening the Google My Business tokens with the stack's token key and reading Google's
 * app from the OAuth clients secret; signing GET links to library files for Google to fetch
 * (read under companies/ only) and starting the run-job workflow for a generated review reply.
 * No schedules, no Scan, no writes to the bucket.
 */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

describe('the business area in AWS', () => {
  it('has its own function behind /api/business and /api/business/{proxy+}', () => {
    const fn = stack.apiFunctions.get('business');
    expect(fn, 'business function').toBeDefined();
    const routes = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey as string,
    );
    expect(routes).toContain('ANY /api/business');
    expect(routes).toContain('ANY /api/business/{proxy+}');
  });

  it('seals and opens tokens with the token key and reads the OAuth clients secret, nothing more', () => {
    const id = logicalId(stack.apiFunctions.get('business')!);
    const [tokenKey] = Object.keys(resources(template, 'AWS::KMS::Key')).filter((k) => k.startsWith('TokenKey'));
    const statements = statementsOf(template, id);
    const kms = statements
      .filter((s) => JSON.stringify(s.Resource).includes(tokenKey!))
      .flatMap(actionsOf)
      .sort();
    expect(kms).toEqual(['kms:Decrypt', 'kms:Encrypt']);
    const actions = statements.flatMap(actionsOf);
    expect(actions).toContain('secretsmanager:GetSecretValue');
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.some((a) => a.startsWith('scheduler:'))).toBe(false);
    expect(actions.some((a) => a.startsWith('s3:Put') || a.startsWith('s3:Delete'))).toBe(false);
    const env = template.toJSON().Resources[id].Properties.Environment.Variables as Record<string, unknown>;
    expect(env.TOKEN_KEY_ID).toEqual({ Ref: tokenKey });
    expect(env.OAUTH_SECRET_ARN).toBeDefined();
  });

  it('reads library files under companies/ only, to sign the links Google fetches media from', () => {
    const id = logicalId(stack.apiFunctions.get('business')!);
    const objects = statementsOf(template, id).filter(
      (s) => JSON.stringify(s.Resource).includes('MediaBucket') && JSON.stringify(s.Resource).includes('/'),
    );
    expect(objects.flatMap(actionsOf).sort()).toEqual(['s3:GetObject']);
    for (const s of objects) expect(JSON.stringify(s.Resource)).toContain('/companies/*');
  });

  it('starts the run-job workflow (a generated review reply) and no other', () => {
    const id = logicalId(stack.apiFunctions.get('business')!);
    const starts = statementsOf(template, id).filter((s) => actionsOf(s).includes('states:StartExecution'));
    expect(starts).toHaveLength(1);
    const machines = Object.keys(resources(template, 'AWS::StepFunctions::StateMachine'));
    const named = machines.filter((m) => JSON.stringify(starts[0].Resource).includes(m));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/RunJob/i);
  });
});
