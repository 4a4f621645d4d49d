import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './client';
import { keys } from './keys';

/**
 * Numeric ids (users, companies, ICPs, reset ids are numbers in the spec) from one atomic
 * counter item per entity type: ADD is atomic, so two concurrent callers never share an id.
 */
export async function nextId(counter: string): Promise<number> {
  return reserveIds(counter, 1);
}

/**
 * `count` consecutive ids in one atomic call (a batch of uploads takes its ids at once): answers
 * the first; the run is first … first + count - 1.
 */
export async function reserveIds(counter: string, count: number): Promise<number> {
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(counter),
      UpdateExpression: 'ADD #v :count',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value) - count + 1;
}
