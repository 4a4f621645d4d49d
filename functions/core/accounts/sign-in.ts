import { COMPANY_COOKIE, SESSION_COOKIE } from '@shared/constants';
import { conflict, notFound } from '../http/errors';
import { clearCookie, serializeCookie } from '../http/cookies';
import { createSession, SESSION_TTL_SECONDS } from '../sessions/session-store';
import { acceptInvite, type AcceptOutcome } from '../companies/invites';
import { companyIdsOf, createCompany } from '../companies/company-store';
import { publicProfile, type UserItem } from './user-store';

export const INVITE_INVALID = 'This invite is invalid or has expired.';
export const INVITE_USED = 'This invite has already been used.';

/** Turns a failed acceptance into the error the invite screens show. */
export function inviteError(outcome: Exclude<AcceptOutcome, { ok: true }>) {
  if (outcome.reason === 'used') return conflict(INVITE_USED);
  if (outcome.reason === 'other-email') {
    return conflict(`This invite was sent to ${outcome.email}. Sign in with that email to accept it.`);
  }
  return notFound(INVITE_INVALID);
}

/**
 * What every way of signing in ends with: the invite (if any) accepted, a first company
 * created for a user who has none (so the app is never without one), a session, and the
 * company to select.
 */
export async function completeSignIn(
  user: UserItem,
  options: { inviteToken?: string; selectedCompany?: string },
): Promise<{
  cookies: string[];
  companyId: number;
  profile: ReturnType<typeof publicProfile>;
  inviteError?: string;
}> {
  let companyId: number | undefined;
  let inviteProblem: string | undefined;
  if (options.inviteToken) {
    // A bad invite must not lock the user out: they are signed in and told about the invite.
    const outcome = await acceptInvite(options.inviteToken, user);
    if (outcome.ok) companyId = outcome.companyId;
    else inviteProblem = inviteError(outcome).message;
  }
  const companies = await companyIdsOf(user.id);
  if (!companies.length) companies.push((await createCompany('', user.id)).id);
  if (companyId === undefined) {
    const current = Number(options.selectedCompany);
    companyId = companies.includes(current) ? current : companies[0];
  }
  const session = await createSession(user.id, user.email);
  return {
    companyId,
    profile: publicProfile(user),
    ...(inviteProblem ? { inviteError: inviteProblem } : {}),
    cookies: [
      serializeCookie(SESSION_COOKIE, session.token, { maxAgeSeconds: SESSION_TTL_SECONDS }),
      // Readable by the SPA, which switches companies by rewriting it.
      serializeCookie(COMPANY_COOKIE, String(companyId), { httpOnly: false, maxAgeSeconds: 400 * 24 * 3600 }),
    ],
  };
}

export const signOutCookies = () => [clearCookie(SESSION_COOKIE)];
