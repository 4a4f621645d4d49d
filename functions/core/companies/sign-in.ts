import { INVITE_INVALID } from '@shared/contracts/auth';
import { conflict, notFound } from '../errors';
import { createSession } from '../sessions/session-store';
import { acceptInvite, type AcceptOutcome } from './invites';
import { companyIdsOf, ensureOwnCompany } from './company-store';
import { publicProfile, type UserItem } from '../accounts/user-store';

const INVITE_USED = 'This invite has already been used.';

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
 * company to select. The handler turns the session token into cookies.
 */
export async function completeSignIn(
  user: UserItem,
  options: { inviteToken?: string; selectedCompany?: string },
): Promise<{
  sessionToken: string;
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
  // A user without a company (a new one, or one removed from the last) is given one, once.
  const first = companies[0] ?? (await ensureOwnCompany(user.id))?.id ?? (await companyIdsOf(user.id))[0];
  if (first === undefined) throw new Error(`User ${user.id} has no company`);
  if (companyId === undefined) {
    const current = Number(options.selectedCompany);
    companyId = companies.includes(current) ? current : first;
  }
  const session = await createSession(user.id, user.email);
  return {
    companyId,
    profile: publicProfile(user),
    ...(inviteProblem ? { inviteError: inviteProblem } : {}),
    sessionToken: session.token,
  };
}
