import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import type { MarketingStack } from '../../infra/aws/marketing-stack';
import { actionsOf, logicalId, resources, statementsOf, synth, SYNTH_TIMEOUT } from './synth';

/**
 * Connected apps in AWS: the integrations function seals and opens platform tokens with the
 * stack's KMS key (rotated, retained), reads the apps' credentials from the OAuth clients
 * secret and schedules refreshes; the run-job worker, which runs the scheduled refresh, has the
 * same key and secret. Nothing else gets the key.
 */
let template: Template;
let stack: MarketingStack;

beforeAll(() => {
  ({ template, stack } = synth());
}, SYNTH_TIMEOUT);

const envOf = (id: string) =>
  (template.toJSON().Resources[id].Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
const tokenKeyId = () => {
  const keys = Object.entries(resources(template, 'AWS::KMS::Key')).filter(([id]) => id.startsWith('TokenKey'));
  expect(keys).toHaveLength(1);
  return keys[0]![0];
};
const kmsActions = (functionId: string) =>
  statementsOf(template, functionId)
    .filter((s) => JSON.stringify(s.Resource).includes(tokenKeyId()))
    .flatMap(actionsOf)
    .sort();

describe('connected apps in AWS', () => {
  it('the token key rotates and outlives the stack', () => {
    const [, key] = Object.entries(resources(template, 'AWS::KMS::Key')).find(([id]) => id.startsWith('TokenKey'))!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(key.DeletionPolicy).toBe('Retain');
  });

  it('the integrations function encrypts and decrypts with the token key, reads the app secret and schedules', () => {
    const fn = stack.apiFunctions.get('integrations');
    expect(fn, 'integrations function').toBeDefined();
    const id = logicalId(fn!);
    expect(kmsActions(id)).toEqual(['kms:Decrypt', 'kms:Encrypt']);
    const env = envOf(id);
    expect(env.TOKEN_KEY_ID).toEqual({ Ref: tokenKeyId() });
    expect(env.OAUTH_SECRET_ARN).toBeDefined();
    expect(env.SCHEDULER_ROLE_ARN).toBeDefined();
    const actions = statementsOf(template, id).flatMap(actionsOf);
    expect(actions).toContain('secretsmanager:GetSecretValue');
    expect(actions).toContain('scheduler:CreateSchedule');
    expect(actions).not.toContain('dynamodb:Scan');
  });

  it('the platforms job worker refreshes tokens with the same key; other areas but business never touch it', () => {
    const worker = stack.workerFunctions.get('job-platforms');
    expect(kmsActions(logicalId(worker!))).toEqual(['kms:Decrypt', 'kms:Encrypt']);
    for (const [area, fn] of stack.apiFunctions) {
      // The business area holds the Google My Business connection's sealed tokens; the public
      // area seals each webhook's signing secret; the seo area seals an audited site's basic-auth
      // password (and never opens it: tests/infra/seo-audit-stack.test.ts).
      if (area === 'integrations' || area === 'business' || area === 'public' || area === 'seo') continue;
      expect(
        kmsActions(logicalId(fn)).filter((a) => a === 'kms:Encrypt'),
        area,
      ).toEqual([]);
    }
  });

  it('the OAuth clients secret has a place for each connected app', () => {
    const [, secret] = Object.entries(resources(template, 'AWS::SecretsManager::Secret')).find(([id]) =>
      id.startsWith('OAuthClients'),
    )!;
    const shape = JSON.parse(secret.Properties.GenerateSecretString.SecretStringTemplate as string);
    expect(Object.keys(shape).sort()).toEqual(['facebook', 'google', 'linkedin', 'threads', 'wordpress']);
  });
});
