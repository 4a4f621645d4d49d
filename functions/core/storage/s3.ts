import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';
import { quietSdkLogger } from '../sdk-logger';

let cached: { endpoint: string | undefined; secret: string | undefined; client: S3Client } | undefined;

/**
 * The real S3 client in both runtimes. Checksums only when required: the SDK's default
 * flexible checksums get baked into presigned PUT URLs, which browsers then fail on real S3
 * (403) while s3rver lets them pass.
 */
export function s3(): S3Client {
  const endpoint = config.s3Endpoint;
  const credentials = endpoint ? config.s3Credentials : undefined;
  const secret = credentials?.secretAccessKey;
  if (cached && cached.endpoint === endpoint && cached.secret === secret) return cached.client;
  const client = new S3Client({
    region: config.region,
    logger: quietSdkLogger,
    endpoint,
    forcePathStyle: !!endpoint,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(credentials ? { credentials } : {}),
  });
  cached = { endpoint, secret, client };
  return client;
}

/** An S3 refusal that means the object is not there (GetObject's NoSuchKey, HeadObject's bare 404). */
export function isMissingObject(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as Error).name;
  return status === 404 || name === 'NoSuchKey' || name === 'NotFound';
}
