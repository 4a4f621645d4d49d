import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isMember } from '../membership';
import { isExpired, table, tableName, ttlIn } from '../table/client';
import { nextId } from '../table/counter';
import { hashSecret, newToken } from '../accounts/tokens';
import { addMember, pendingInvites, type InviteItem } from './company-store';

/** Invites are good for a week. */
const INVITE_TTL_SECONDS = 7 * 24 * 3600;

const inviteKey = (companyId: number, inviteId: number) => ({ pk: `COMPANY#${companyId}`, sk: `INVITE#${inviteId}` });

/**
 * Creates an invite, or renews the pending one for the same email (a new token, so only the
 * newest mail's link works). The token itself is only ever in the mail.
 */
export async function createInvite(companyId: number, email: string, invitedBy: number) {
  const existing = (await pendingInvites(companyId)).find((i) => i.email === email);
  const id = existing?.id ?? (await nextId('invite'));
  const { token, hash } = newToken();
  const item: InviteItem = { id, companyId, email, invitedBy, tokenHash: hash, ttl: ttlIn(INVITE_TTL_SECONDS) };
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...inviteKey(companyId, id), type: 'invite', ...item, gsi1pk: `INVITETOKEN#${hash}`, gsi1sk: 'INVITE' },
    }),
  );
  return { invite: item, token, renewed: !!existing };
}

export async function findInviteByToken(token: string): Promise<InviteItem | undefined> {
  if (!token || token.length > 200) return undefined;
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `INVITETOKEN#${hashSecret(token)}` },
    }),
  );
  const invite = out.Items?.[0] as InviteItem | undefined;
  return invite && !isExpired(invite) ? invite : undefined;
}

export async function revokeInvite(companyId: number, inviteId: number): Promise<boolean> {
  try {
    await table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: inviteKey(companyId, inviteId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export type AcceptOutcome =
  | { ok: true; companyId: number }
  | { ok: false; reason: 'invalid' | 'used' }
  | { ok: false; reason: 'other-email'; email: string };

/**
 * Accepts an invite for a signed-in user. The invite is deleted conditionally first, so one
 * token admits one person even when two tabs accept at the same moment.
 */
export async function acceptInvite(
  token: string,
  user: { id: number; email: string },
  companyId?: number,
): Promise<AcceptOutcome> {
  const invite = await findInviteByToken(token);
  if (!invite || (companyId !== undefined && invite.companyId !== companyId)) return { ok: false, reason: 'invalid' };
  // The invite was sent to one address: a forwarded link does not admit someone else.
  if (invite.email !== user.email.toLowerCase()) return { ok: false, reason: 'other-email', email: invite.email };
  const userId = user.id;
  try {
    await table().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: inviteKey(invite.companyId, invite.id),
        ConditionExpression: 'tokenHash = :hash',
        ExpressionAttributeValues: { ':hash': invite.tokenHash },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return { ok: false, reason: 'used' };
    throw error;
  }
  if (!(await isMember(invite.companyId, userId))) await addMember(invite.companyId, userId);
  return { ok: true, companyId: invite.companyId };
}
