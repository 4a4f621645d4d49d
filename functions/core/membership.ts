import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from './table/client';

/** The membership item: COMPANY#<id> / MEMBER#<userId>, mirrored on GSI1 as USER#<userId>. */
export const memberKey = (companyId: number, userId: number) => ({
  pk: `COMPANY#${companyId}`,
  sk: `MEMBER#${userId}`,
});

export async function isMember(companyId: number, userId: number): Promise<boolean> {
  const out = await table().send(
    new GetCommand({ TableName: tableName(), Key: memberKey(companyId, userId), ProjectionExpression: 'pk' }),
  );
  return !!out.Item;
}
