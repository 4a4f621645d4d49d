import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './client';
import { keys } from './keys';

/**
 * Numeric ids (users, companies, ICPs, reset ids are numbers in the spec) from one atomic
 * counter item per entity type: ADD is atomic, so two concurrent callers never share an id.
 */
export async function nextId(counter: string): Promise<number> {
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(counter),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}
