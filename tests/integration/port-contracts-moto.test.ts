import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateSecretCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CreateStateMachineCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originVerifyValues } from '../../functions/core/http/middleware/origin-verify';
import {
  awsAdapterContract,
  clientsFor,
  createScheduleGroup,
  useAwsTarget,
  type AwsTarget,
} from '../support/aws-adapter-contract';
import { MOTO_MISSING, motoAvailable, startMoto, type Moto } from '../support/moto';

/**
 * The AWS adapters' contract against moto's server, an emulator no one here wrote: what it
 * refuses, the fake must refuse too (tests/support/fake-aws.ts runs the same contract in
 * port-contracts.test.ts). A file of its own: the adapters keep one SDK client per process,
 * made from the environment at first use, and this file's environment points at moto.
 */
const available = motoAvailable();
if (!available) console.warn(MOTO_MISSING);

let moto: Moto | undefined;
let target: AwsTarget | undefined;

beforeAll(async () => {
  if (!available) return;
  moto = await startMoto();
  const { sfn } = clientsFor(moto.endpoint);
  const machine = await sfn.send(
    new CreateStateMachineCommand({
      name: 'run-job',
      roleArn: 'arn:aws:iam::123456789012:role/run-job',
      definition: JSON.stringify({ StartAt: 'Wait', States: { Wait: { Type: 'Wait', Seconds: 3600, End: true } } }),
    }),
  );
  target = {
    name: 'moto',
    endpoint: moto.endpoint,
    stateMachineArn: machine.stateMachineArn!,
    checksPresignedSignatures: false,
  };
  useAwsTarget(target, 'app-schedules');
  process.env.LOG_LEVEL = 'silent';
  await createScheduleGroup(moto.endpoint, 'app-schedules');
  await new S3Client({
    region: 'us-east-1',
    endpoint: moto.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  }).send(new CreateBucketCommand({ Bucket: 'media' }));
}, 60_000);

afterAll(async () => {
  await moto?.stop();
});

describe.skipIf(!available)('AWS adapters against moto_server', () => {
  awsAdapterContract(() => target);
});

describe.skipIf(!available)("the origin-verify value read from moto's Secrets Manager", () => {
  it('is the current value, and after a rotation the previous one too', async () => {
    process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = moto!.endpoint;
    const secrets = new SecretsManagerClient({
      region: 'us-east-1',
      endpoint: moto!.endpoint,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    const { ARN } = await secrets.send(
      new CreateSecretCommand({ Name: `origin-verify-${Date.now()}`, SecretString: 'first-value' }),
    );
    // Never rotated: there is no AWSPREVIOUS version, which is not an error.
    expect(await originVerifyValues().current(ARN!)).toEqual(['first-value']);
    await secrets.send(new PutSecretValueCommand({ SecretId: ARN, SecretString: 'second-value' }));
    expect(await originVerifyValues().current(ARN!)).toEqual(['second-value', 'first-value']);
  });
});
