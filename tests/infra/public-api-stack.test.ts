import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * The public API in AWS: its own function behind /api/public (the v1 routes, and the settings
 * calls for keys and webhooks), sealing webhook secrets with the token key but never opening
 * them (the delivery job in run-job does), starting run-job (Send test, Redeliver) and
 * publish-post (Publish Now through the API); and the webhook sweeper, every minute, which
 * reads due deliveries and starts run-job, nothing else.
 */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const own = (id: string) =>
  [...new Set(statementsOf(template, id).flatMap(actionsOf))].filter(
    (a) => !a.startsWith('xray:') && !a.startsWith('logs:') && !a.startsWith('cloudwatch:'),
  );

describe('the public API area in AWS', () => {
  it('has its own function behind /api/public and /api/public/{proxy+}', () => {
    expect(stack.apiFunctions.get('public'), 'public function').toBeDefined();
    const routes = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey as string,
    );
    expect(routes).toContain('ANY /api/public/{proxy+}');
  });

  it('seals webhook secrets with the token key and cannot open them', () => {
    const id = logicalId(stack.apiFunctions.get('public')!);
    const [tokenKey] = Object.keys(resources(template, 'AWS::KMS::Key')).filter((k) => k.startsWith('TokenKey'));
    const kms = statementsOf(template, id)
      .filter((s) => JSON.stringify(s.Resource).includes(tokenKey!))
      .flatMap(actionsOf);
    expect(kms).toEqual(['kms:Encrypt']);
    const env = template.toJSON().Resources[id].Properties.Environment.Variables as Record<string, unknown>;
    expect(env.TOKEN_KEY_ID).toEqual({ Ref: tokenKey });
  });

  it('starts run-job and publish-post only, never scans, and writes nothing to the bucket', () => {
    const id = logicalId(stack.apiFunctions.get('public')!);
    const starts = statementsOf(template, id).filter((s) => actionsOf(s).includes('states:StartExecution'));
    const machines = Object.keys(resources(template, 'AWS::StepFunctions::StateMachine'));
    const named = machines.filter((m) => starts.some((s) => JSON.stringify(s.Resource).includes(m))).sort();
    expect(named).toHaveLength(2);
    expect(named.some((m) => /RunJob/i.test(m))).toBe(true);
    expect(named.some((m) => /PublishPost/i.test(m))).toBe(true);
    const actions = own(id);
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.some((a) => a.startsWith('s3:Put') || a.startsWith('s3:Delete'))).toBe(false);
    expect(actions).not.toContain('kms:Decrypt');
  });

  it('the webhook sweeper runs every minute, queries due deliveries and starts run-job, nothing else', () => {
    const fn = stack.workerFunctions.get('sweep-webhooks');
    expect(fn, 'sweep-webhooks worker').toBeDefined();
    const id = logicalId(fn!);
    const rules = Object.values(resources(template, 'AWS::Events::Rule')).filter((rule) =>
      (rule.Properties.Targets as { Arn: unknown }[]).some((t) => JSON.stringify(t.Arn).includes(id)),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(own(id).sort()).toEqual(['dynamodb:Query', 'states:StartExecution']);
  });

  it('the deliveries job worker opens webhook secrets to sign deliveries', () => {
    const id = logicalId(stack.workerFunctions.get('job-deliveries')!);
    expect(own(id)).toContain('kms:Decrypt');
  });
});
