import { inviteError } from '../core/companies/sign-in';
import { acceptInvite, checkInvite } from '../core/companies/invites';
import { companyCookie } from '../core/http/company-cookie';
import { serializeCookie } from '../core/http/cookies';
import type { AuthUser } from '../core/http/route';
import { callbackUrl } from '../core/integrations/callback-urls';
import { CONNECT_STATE_TTL_SECONDS, STATE_COOKIE } from '../core/integrations/connect-state';
import { startGoogleConnect } from '../core/integrations/google-connection';

/**
 * What every connect route does around its own work. Spec 01 §6: connect calls accept an invite
 * token, and the connection is then made for the invited company. The invite is checked first,
 * the connect prepared (credentials, the site, the consent URL), and the invite accepted last:
 * a connect that fails leaves the invite unspent, so the same link works once the problem is
 * fixed, instead of answering "invalid or expired" to a user who has in fact joined.
 */
export async function startConnect<T extends { state: string }>(
  inviteToken: string | undefined,
  user: AuthUser,
  selected: number,
  prepare: (companyId: number) => Promise<T>,
): Promise<{ prepared: T; cookies: string[] }> {
  if (!inviteToken) {
    const prepared = await prepare(selected);
    return { prepared, cookies: [stateCookie(prepared.state)] };
  }
  const check = await checkInvite(inviteToken, user);
  if (!check.ok) throw inviteError(check);
  const prepared = await prepare(check.invite.companyId);
  // Accepted for the company the connect was prepared for, or not at all.
  const accepted = await acceptInvite(inviteToken, user, check.invite.companyId);
  if (!accepted.ok) throw inviteError(accepted);
  return { prepared, cookies: [companyCookie(accepted.companyId), stateCookie(prepared.state)] };
}

/** Binds the connect's state to this browser. */
const stateCookie = (state: string) =>
  serializeCookie(STATE_COOKIE, state, { maxAgeSeconds: CONNECT_STATE_TTL_SECONDS });

/**
 * The Google consent for the user's company (or the invite's): the profile and Search Console
 * scopes in one grant, so the Google and Search Console entries connect the same way.
 */
export const startGoogleConsent = (inviteToken: string | undefined, user: AuthUser, selected: number) =>
  startConnect(inviteToken, user, selected, (companyId) =>
    startGoogleConnect({ platform: 'google', companyId, userId: user.id, callbackUrl: callbackUrl('google') }),
  );
