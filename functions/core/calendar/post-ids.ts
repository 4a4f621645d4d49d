import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../table/client';
import { keys } from '../table/keys';

/**
 * Post ids are positive integers (spec 01 §3) from the `post` counter. A group of siblings
 * takes its ids in one atomic ADD, so they are consecutive and no other writer shares them.
 */
export async function reservePostIds(count: number): Promise<number[]> {
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter('post'),
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(out.Attributes?.value);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}
