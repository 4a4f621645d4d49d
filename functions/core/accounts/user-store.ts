import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '../table/batch';
import { table, tableName } from '../table/client';
import { nextId } from '../table/counter';
import { conflict } from '../http/errors';

const STALE_PROFILE = 'Your profile was changed in another window. Reload the page and try again.';

export interface UserItem {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  subscribed: boolean;
  /** Absent for accounts created through social sign-in until they set a password. */
  passwordHash?: string;
  verified: boolean;
  createdAt: string;
  version: number;
}

export const userKey = (id: number) => ({ pk: `USER#${id}`, sk: 'PROFILE' });
const emailKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });

export class EmailTakenError extends Error {
  constructor() {
    super('Email taken');
    this.name = 'EmailTakenError';
  }
}

/**
 * Creates the user and claims the email in one transaction: two sign-ups racing for one
 * address cannot both succeed.
 */
export async function createUser(input: Omit<UserItem, 'id' | 'createdAt' | 'version'>): Promise<UserItem> {
  const id = await nextId('user');
  const user: UserItem = { ...input, email: input.email.toLowerCase(), id, createdAt: new Date().toISOString(), version: 1 };
  try {
    await table().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...emailKey(user.email), type: 'email', userId: id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName(), Item: { ...userKey(id), type: 'user', ...user } } },
        ],
      }),
    );
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw new EmailTakenError();
    throw error;
  }
  return user;
}

export async function getUser(id: number): Promise<UserItem | undefined> {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: userKey(id) }));
  return out.Item as UserItem | undefined;
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: emailKey(email) }));
  const userId = out.Item?.userId as number | undefined;
  return userId ? getUser(userId) : undefined;
}

export async function getUsers(ids: number[]): Promise<UserItem[]> {
  return batchGetAll<UserItem>([...new Set(ids)].map(userKey));
}

/** Sets fields on a user; `version` guards against a concurrent write being silently lost. */
export async function updateUser(
  user: Pick<UserItem, 'id' | 'version'>,
  fields: Partial<Pick<UserItem, 'firstName' | 'lastName' | 'subscribed' | 'passwordHash' | 'verified'>>,
): Promise<UserItem> {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': user.version, ':one': 1 };
  const sets = entries.map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const out = await table()
    .send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(user.id),
      UpdateExpression: `SET ${[...sets, '#version = #version + :one'].join(', ')}`,
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  )
    .catch((error: Error) => {
      if (error.name === 'ConditionalCheckFailedException') throw conflict(STALE_PROFILE);
      throw error;
    });
  return out.Attributes as UserItem;
}

export const publicProfile = (user: UserItem) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  subscribed: user.subscribed,
});
