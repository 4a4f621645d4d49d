import { keys } from '../table/keys';
import {
  claimUnverified,
  createUser,
  EmailTakenError,
  findUserByEmail,
  getUser,
  type UserItem,
} from '../accounts/user-store';
import { deleteUserSessions } from '../sessions/session-store';
import { OAuthError, label, type ProviderProfile } from './oauth-client';
import { identities } from './oauth-state-entity';
import type { ProviderName } from './providers';

const identityKey = (provider: ProviderName, subject: string) => keys.identity(provider, subject);

async function link(provider: ProviderName, subject: string, userId: number) {
  await identities.put({ provider, subject, userId, linkedAt: new Date().toISOString() });
}

/**
 * The user behind a provider identity: the one it was linked to before; else the account with
 * the same (provider-verified) email, now linked; else a new, verified account. An account
 * whose address was never verified is not linked as it stands: whoever registered it may not
 * own the address, so it loses its password and sessions and becomes the prover's.
 */
export async function userForIdentity(
  provider: ProviderName,
  profile: ProviderProfile,
  attempt = 0,
): Promise<UserItem> {
  const linked = await identities.get(identityKey(provider, profile.subject));
  if (linked) {
    const user = await getUser(linked.userId);
    if (user) return user;
  }
  if (!profile.email || !profile.emailVerified) {
    throw new OAuthError(`Your ${label(provider)} account has no confirmed email address. Sign up with email instead.`);
  }
  // Two callbacks racing for one address, or an account changing under us: look again, a few times.
  const again = () => {
    if (attempt >= 3) throw new Error(`Could not settle the account for ${provider} identity ${profile.subject}`);
    return userForIdentity(provider, profile, attempt + 1);
  };
  const names = { firstName: profile.firstName || (profile.email.split('@')[0] ?? ''), lastName: profile.lastName };
  const existing = await findUserByEmail(profile.email);
  if (existing) {
    if (!existing.verified) {
      if (!(await claimUnverified(existing, names))) return again();
      await deleteUserSessions(existing.id);
    }
    await link(provider, profile.subject, existing.id);
    return (await getUser(existing.id)) ?? again();
  }
  try {
    const user = await createUser({ email: profile.email, ...names, subscribed: false, verified: true });
    await link(provider, profile.subject, user.id);
    return user;
  } catch (error) {
    if (error instanceof EmailTakenError) return again();
    throw error;
  }
}
