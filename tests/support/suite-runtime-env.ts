import { S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { ensureTable, localDynamoClient } from '../../infra/local/dynamodb';
import { readLocalS3Credentials } from '../../infra/local/s3-credentials';
import { startRuntimeProcess, type RuntimeProcessOptions } from './runtime';

/** The suite runtime's S3 credentials: its server refuses requests signed with anything else. */
export const suiteS3Credentials = () => readLocalS3Credentials(inject('runtime').dataDir);

/** An SDK client of the suite runtime's bucket, signing as the runtime does. */
export const suiteS3Client = () =>
  new S3Client({
    region: 'us-east-1',
    endpoint: inject('runtime').s3Endpoint,
    forcePathStyle: true,
    credentials: suiteS3Credentials(),
  });

/**
 * Points this test process's own table, bucket and logger at the suite's embedded runtime, for
 * tests that call domain code in-process (a workflow worker does the same in AWS) beside HTTP.
 */
export function useSuiteRuntimeEnv(): void {
  const runtime = inject('runtime');
  const s3 = suiteS3Credentials();
  Object.assign(process.env, {
    RUNTIME: 'local',
    TABLE_NAME: runtime.tableName,
    DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
    S3_ENDPOINT: runtime.s3Endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    MEDIA_BUCKET: 'media',
    LOG_LEVEL: 'silent',
  });
}

/**
 * A fresh, empty table in the suite's DynamoDB Local, named after `label`. For tests of
 * schedules (the suite runtime's scheduler loop claims every due schedule in the suite's table)
 * or of exact table calls. Does not point TABLE_NAME at it: the test decides when.
 */
export async function createOwnTable(label: string): Promise<string> {
  const runtime = inject('runtime');
  const name = `${runtime.tableName}-${label}-${Date.now()}-${++ownTables}`;
  const client = localDynamoClient(runtime.dynamoEndpoint);
  try {
    await ensureTable(client, name);
  } finally {
    client.destroy();
  }
  return name;
}
let ownTables = 0;

/**
 * A runtime of the test's own (its own clock, settings or sandboxes) whose table sits in the suite
 * runtime's DynamoDB Local: one JVM fewer to start and warm (a few CPU seconds each).
 */
export const startRuntimeBesideSuite = (options: Omit<RuntimeProcessOptions, 'dynamoEndpoint'> = {}) =>
  startRuntimeProcess({ ...options, dynamoEndpoint: inject('runtime').dynamoEndpoint });
