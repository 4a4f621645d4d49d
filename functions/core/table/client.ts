import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { quietSdkLogger } from '../sdk-logger';
import { awaitLocalCommits } from './local-commit-barrier';

let cached: { endpoint: string | undefined; doc: DynamoDBDocumentClient } | undefined;

/**
 * The real AWS SDK client in both runtimes: only the endpoint differs (DynamoDB Local on the
 * embedded runtime). Cached per endpoint so a Lambda container reuses its connections.
 */
export function table(): DynamoDBDocumentClient {
  const endpoint = config.dynamoEndpoint;
  if (cached && cached.endpoint === endpoint) return cached.doc;
  const client = new DynamoDBClient({
    region: config.region,
    logger: quietSdkLogger,
    endpoint,
    ...(endpoint ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  if (endpoint) awaitLocalCommits(client, endpoint);
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  cached = { endpoint, doc };
  return doc;
}

export const tableName = () => config.tableName;

/** Epoch seconds for a TTL attribute `seconds` from now. */
export const ttlIn = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** DynamoDB does not delete expired items promptly (Local never does): every read checks. */
export const isExpired = (item: { ttl?: number } | undefined) =>
  !!item && typeof item.ttl === 'number' && item.ttl <= Math.floor(Date.now() / 1000);
