import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** The benchmarks' baseline: the document client straight at the runtime's DynamoDB Local. */
export const benchDocumentClient = (endpoint: string) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/** Every item of a Query, page after page: what an endpoint's answer is measured against. */
export async function queryAllPages(
  doc: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<unknown[]> {
  const found: unknown[] = [];
  let next: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: next }));
    found.push(...(page.Items ?? []));
    next = page.LastEvaluatedKey;
  } while (next);
  return found;
}
