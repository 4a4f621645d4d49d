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

async function link(provider: ProviderName, subject: string, userId: number, addressUnproven = false) {
  await identities.put({
    provider,
    subject,
    userId,
    linkedAt: new Date().toISOString(),
    ...(addressUnproven ? { addressUnproven } : {}),
  });
}

/** What the sign-in page says when a provider's unconfirmed email names an account that exists. */
const accountExistsMessage = (provider: ProviderName) =>
  `An account with this email address already exists, and ${label(provider)} does not tell us it confirmed the address. ` +
  'Sign in with your email and password, or with Google, instead.';

/**
 * The user behind a provider identity:
 *
 * 1. the one it was linked to before (a link made while nobody had proved the account's
 *    address holds only while that stays so);
 * 2. else, when the provider says it confirmed the email (Google's `email_verified`), the
 *    account with that email, now linked. An account whose address was never verified is not
 *    linked as it stands: whoever registered it may not own the address, so it loses its
 *    password and sessions and becomes the prover's;
 * 3. else, when the provider does not say (Facebook), never an existing account: an email
 *    nobody confirmed proves nothing about who owns that account. The user is told to sign in
 *    the way they did before;
 * 4. else a new account: verified when the provider confirmed the email, unverified otherwise
 *    (and its link holds until someone proves the address).
 */
export async function userForIdentity(
  provider: ProviderName,
  profile: ProviderProfile,
  attempt = 0,
): Promise<UserItem> {
  const linked = await identities.get(identityKey(provider, profile.subject));
  if (linked) {
    const user = await getUser(linked.userId);
    if (user && !(linked.addressUnproven && user.verified)) return user;
    // The address was proved since (a mailed link, a reset, Google): the account is the prover's.
    if (user) await identities.delete(identityKey(provider, profile.subject));
  }
  if (!profile.email || profile.emailVerified === false) {
    throw new OAuthError(`Your ${label(provider)} account has no confirmed email address. Sign up with email instead.`);
  }
  // Two callbacks racing for one address, or an account changing under us: look again, a few times.
  const again = () => {
    if (attempt >= 3) throw new Error(`Could not settle the account for ${provider} identity ${profile.subject}`);
    return userForIdentity(provider, profile, attempt + 1);
  };
  const confirmed = profile.emailVerified === true;
  const names = { firstName: profile.firstName || (profile.email.split('@')[0] ?? ''), lastName: profile.lastName };
  const existing = await findUserByEmail(profile.email);
  if (existing) {
    if (!confirmed) throw new OAuthError(accountExistsMessage(provider));
    if (!existing.verified) {
      if (!(await claimUnverified(existing, names))) return again();
      await deleteUserSessions(existing.id);
    }
    await link(provider, profile.subject, existing.id);
    return (await getUser(existing.id)) ?? again();
  }
  try {
    const user = await createUser({ email: profile.email, ...names, subscribed: false, verified: confirmed });
    await link(provider, profile.subject, user.id, !confirmed);
    return user;
  } catch (error) {
    if (error instanceof EmailTakenError) return again();
    throw error;
  }
}
