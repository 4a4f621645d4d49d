import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditionally } from '../table/conditional';
import { keys, type TableKey } from '../table/keys';
import { isExpired, table, tableName, ttlIn } from '../table/client';
import { nextId } from '../table/counter';
import { newToken, sameHash } from './tokens';

/** A verification link is good for two days, a reset link for one hour. */
const VERIFY_TTL_SECONDS = 2 * 24 * 3600;
const RESET_TTL_SECONDS = 3600;

const verifyKey = keys.verifyCode;
const resetKey = keys.resetLink;

/** Issuing a new code replaces the old one: only the newest verification mail works. */
export async function issueVerifyCode(userId: number): Promise<string> {
  const { token, hash } = newToken();
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...verifyKey(userId), type: 'verify', userId, codeHash: hash, ttl: ttlIn(VERIFY_TTL_SECONDS) },
    }),
  );
  return token;
}

/** Consumes the code: a conditional delete, so it works once even if clicked twice at once. */
export async function consumeVerifyCode(userId: number, code: string): Promise<boolean> {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: verifyKey(userId) }));
  const item = out.Item as { codeHash: string; ttl: number } | undefined;
  if (!item || isExpired(item) || !sameHash(code, item.codeHash)) return false;
  return conditionalDelete(verifyKey(userId), 'codeHash', item.codeHash);
}

export async function issueResetToken(userId: number): Promise<{ resetId: number; token: string }> {
  const resetId = await nextId('reset');
  const { token, hash } = newToken();
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...resetKey(resetId), type: 'reset', userId, tokenHash: hash, ttl: ttlIn(RESET_TTL_SECONDS) },
    }),
  );
  return { resetId, token };
}

/** Returns the user the reset link was issued for, consuming it; undefined when not usable. */
export async function consumeResetToken(resetId: number, token: string): Promise<number | undefined> {
  const out = await table().send(new GetCommand({ TableName: tableName(), Key: resetKey(resetId) }));
  const item = out.Item as { userId: number; tokenHash: string; ttl: number } | undefined;
  if (!item || isExpired(item) || !sameHash(token, item.tokenHash)) return undefined;
  return (await conditionalDelete(resetKey(resetId), 'tokenHash', item.tokenHash)) ? item.userId : undefined;
}

/** Deletes the token only if it is still the one read: of two concurrent uses, one wins. */
function conditionalDelete(key: TableKey, attribute: string, expected: string) {
  return conditionally(() =>
    table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ConditionExpression: '#a = :v',
        ExpressionAttributeNames: { '#a': attribute },
        ExpressionAttributeValues: { ':v': expected },
      }),
    ),
  );
}
