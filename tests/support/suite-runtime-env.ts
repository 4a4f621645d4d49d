import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { ensureTable } from '../../infra/local/dynamodb';

/**
 * Points this test process's own table, bucket and logger at the suite's embedded runtime, for
 * tests that call domain code in-process (a workflow worker does the same in AWS) beside HTTP.
 */
export function useSuiteRuntimeEnv(): void {
  const runtime = inject('runtime');
  Object.assign(process.env, {
    RUNTIME: 'local',
    TABLE_NAME: runtime.tableName,
    DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
    S3_ENDPOINT: runtime.s3Endpoint,
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
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: runtime.dynamoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await ensureTable(client, name);
  } finally {
    client.destroy();
  }
  return name;
}
let ownTables = 0;
