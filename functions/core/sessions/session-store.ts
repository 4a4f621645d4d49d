import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getItem } from '../table/get-batcher';
import { isExpired, table, tableName, ttlIn } from '../table/client';
import { index, keys, partition, userIndexPrefix } from '../table/keys';

/** Sessions last 30 days from sign-in; the cookie's Max-Age matches. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface SessionItem {
  userId: number;
  email: string;
  createdAt: string;
  ttl: number;
}

/** Only the hash is stored: a leaked table backup cannot be replayed as cookies. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const key = keys.session;

export async function createSession(userId: number, email: string): Promise<{ token: string; hash: string }> {
  const token = randomBytes(32).toString('base64url');
  const hash = hashToken(token);
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key(hash),
        type: 'session',
        userId,
        email,
        createdAt: new Date().toISOString(),
        ttl: ttlIn(SESSION_TTL_SECONDS),
        // Lets "sign out everywhere" and account deletion find a user's sessions.
        ...index.userSession(userId, hash),
      },
    }),
  );
  return { token, hash };
}

export async function findSession(token: string): Promise<(SessionItem & { hash: string }) | undefined> {
  if (!token || token.length > 200) return undefined;
  const hash = hashToken(token);
  const item = (await getItem(key(hash))) as SessionItem | undefined;
  if (!item || isExpired(item)) return undefined;
  return { ...item, hash };
}

export async function deleteSession(hash: string): Promise<void> {
  await table().send(new DeleteCommand({ TableName: tableName(), Key: key(hash) }));
}

/** Ends every session of a user (after a password change or reset), optionally but one. */
export async function deleteUserSessions(userId: number, exceptHash?: string): Promise<void> {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition.user(userId), ':prefix': userIndexPrefix.session },
    }),
  );
  const hashes = (out.Items ?? [])
    .map((i) => String(i.gsi1sk).slice(userIndexPrefix.session.length))
    .filter((h) => h !== exceptHash);
  await Promise.all(hashes.map((hash) => deleteSession(hash)));
}
