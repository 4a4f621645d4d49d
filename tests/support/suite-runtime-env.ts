import { inject } from 'vitest';

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
