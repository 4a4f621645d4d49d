import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, allows, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * Billing in AWS: its own function behind /api/billing (the webhook included), the only one
 * that can read the Stripe keys, and a CloudFront that passes the webhook's signature header
 * through to the API (without it every event would be refused).
 */
let stack: MarketingStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synth());
}, SYNTH_TIMEOUT);

const stripeSecretId = () =>
  Object.keys(resources(template, 'AWS::SecretsManager::Secret')).find((id) => id.startsWith('StripeKeys'))!;

describe('billing in the stack', () => {
  it('is a function of its own, routed /api/billing and everything under it (the webhook too)', () => {
    const billing = stack.apiFunctions.get('billing');
    expect(billing).toBeDefined();
    const routeKeys = Object.values(resources(template, 'AWS::ApiGatewayV2::Route')).map(
      (r) => r.Properties.RouteKey as string,
    );
    expect(routeKeys).toEqual(expect.arrayContaining(['ANY /api/billing', 'ANY /api/billing/{proxy+}']));
  });

  it('reads the Stripe keys from their secret at run time; no other function can', () => {
    const secretRef = { Ref: stripeSecretId() };
    const billingId = logicalId(stack.apiFunctions.get('billing')!);
    const env = template.toJSON().Resources[billingId].Properties.Environment.Variables as Record<string, unknown>;
    expect(env.STRIPE_SECRET_ARN).toEqual(secretRef);
    expect(env).not.toHaveProperty('STRIPE_SECRET_KEY');
    expect(allows(template, billingId, 'secretsmanager:GetSecretValue', secretRef)).toBe(true);

    const others = [...stack.apiFunctions].filter(([area]) => area !== 'billing').map(([, fn]) => fn);
    others.push(...stack.workerFunctions.values());
    for (const fn of others) {
      const id = logicalId(fn);
      const touchesStripe = statementsOf(template, id).some(
        (s) =>
          actionsOf(s).some((a) => a.startsWith('secretsmanager:')) &&
          JSON.stringify(s.Resource).includes(stripeSecretId()),
      );
      expect(touchesStripe, id).toBe(false);
    }
  });

  it('CloudFront forwards the Stripe-Signature header to the API', () => {
    const policies = Object.values(resources(template, 'AWS::CloudFront::OriginRequestPolicy'));
    const forwarded = policies.flatMap(
      (p) => (p.Properties.OriginRequestPolicyConfig.HeadersConfig.Headers as string[] | undefined) ?? [],
    );
    expect(forwarded.map((h) => h.toLowerCase())).toContain('stripe-signature');
  });
});
