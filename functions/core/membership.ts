import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './table/client';
import { keys } from './table/keys';

/** The check every company route runs: one GetItem, projected to the key. */
export async function isMember(companyId: number, userId: number): Promise<boolean> {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: keys.member(companyId, userId), ProjectionExpression: 'pk' }),
  );
  return !!out.Item;
}
