import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../table/client';
import { keys } from '../table/keys';
import { createUser, EmailTakenError, findUserByEmail, getUser, updateUser, type UserItem } from '../accounts/user-store';
import { OAuthError, label, type ProviderProfile } from './oauth-client';
import type { ProviderName } from './providers';

const identityKey = (provider: ProviderName, subject: string) => keys.identity(provider, subject);

async function link(provider: ProviderName, subject: string, userId: number) {
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...identityKey(provider, subject), type: 'identity', provider, subject, userId, linkedAt: new Date().toISOString() },
    }),
  );
}

/**
 * The user behind a provider identity: the one it was linked to before; else the account with
 * the same (provider-verified) email, now linked; else a new, verified account.
 */
export async function userForIdentity(provider: ProviderName, profile: ProviderProfile): Promise<UserItem> {
  const linked = await table().send(new GetCommand({ TableName: tableName(), Key: identityKey(provider, profile.subject) }));
  if (linked.Item) {
    const user = await getUser(linked.Item.userId as number);
    if (user) return user;
  }
  if (!profile.email || !profile.emailVerified) {
    throw new OAuthError(`Your ${label(provider)} account has no confirmed email address. Sign up with email instead.`);
  }
  const existing = await findUserByEmail(profile.email);
  if (existing) {
    await link(provider, profile.subject, existing.id);
    // The provider confirmed the address, which is what our verification mail would prove.
    return existing.verified ? existing : updateUser(existing, { verified: true });
  }
  try {
    const user = await createUser({
      email: profile.email,
      firstName: profile.firstName || (profile.email.split('@')[0] ?? ''),
      lastName: profile.lastName,
      subscribed: false,
      verified: true,
    });
    await link(provider, profile.subject, user.id);
    return user;
  } catch (error) {
    if (error instanceof EmailTakenError) return userForIdentity(provider, profile);
    throw error;
  }
}
