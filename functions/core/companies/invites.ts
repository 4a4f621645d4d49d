import { hit, type Limit } from '../accounts/rate-limit';
import { hashSecret, newToken } from '../accounts/tokens';
import { roleAtMost, roleMay } from '@shared/permissions';
import type { CompanyRole } from '@shared/schemas/company-record';
import { isMember, memberRole } from '../membership';
import { ttlIn } from '../table/client';
import { nextId } from '../table/counter';
import { index, keys } from '../table/keys';
import { addMember, pendingInvites } from './company-store';
import { invites, type InviteItem } from './invite-entity';

/** Invites are good for a week. */
const INVITE_TTL_SECONDS = 7 * 24 * 3600;

export const TOO_MANY_INVITES = 'Too many invites were sent. Please try again later.';

/**
 * Invites send mail to an address the inviter types, with a company name the inviter chose:
 * limited per company, per inviter and per recipient (whichever company sends), so no one can
 * use them to flood an inbox or relay mail. A renewed invite counts like a new one.
 */
export const INVITE_LIMITS = {
  perCompany: { scope: 'invite-company', max: 20, windowSeconds: 3600, message: TOO_MANY_INVITES },
  perInviter: { scope: 'invite-user', max: 50, windowSeconds: 24 * 3600, message: TOO_MANY_INVITES },
  perRecipient: { scope: 'invite-email', max: 5, windowSeconds: 24 * 3600, message: TOO_MANY_INVITES },
} satisfies Record<string, Limit>;

/** One mailbox, whatever tag it is given: `ann+1@x.com` and `ann@x.com` count together. */
const mailboxOf = (email: string) => email.toLowerCase().replace(/\+[^@]*(?=@)/, '');

/** Counts an invite about to be sent; throws the 429 past any of the limits. */
export async function countInvite(companyId: number, inviterId: number, email: string): Promise<void> {
  await hit(INVITE_LIMITS.perCompany, String(companyId));
  await hit(INVITE_LIMITS.perInviter, String(inviterId));
  await hit(INVITE_LIMITS.perRecipient, mailboxOf(email));
}

/**
 * Creates an invite, or renews the pending one for the same email (a new token, so only the
 * newest mail's link works). The token itself is only ever in the mail.
 */
export async function createInvite(companyId: number, email: string, invitedBy: number, role: CompanyRole = 'manager') {
  const existing = (await pendingInvites(companyId)).find((i) => i.email === email);
  const id = existing?.id ?? (await nextId('invite'));
  const { token, hash } = newToken();
  const invite: InviteItem = { id, companyId, email, invitedBy, role, tokenHash: hash, ttl: ttlIn(INVITE_TTL_SECONDS) };
  await invites.put(invite);
  return { invite, token, renewed: !!existing };
}

export async function findInviteByToken(token: string): Promise<InviteItem | undefined> {
  if (!token || token.length > 200) return undefined;
  const [invite] = await invites.queryIndex('GSI1', index.inviteToken(hashSecret(token)).gsi1pk);
  return invite;
}

export async function revokeInvite(companyId: number, inviteId: number): Promise<boolean> {
  return invites.delete(keys.invite(companyId, inviteId), { ifExists: true });
}

export type AcceptOutcome =
  | { ok: true; companyId: number }
  | { ok: false; reason: 'invalid' | 'used' }
  | { ok: false; reason: 'other-email'; email: string };

export type InviteRefusal = Exclude<AcceptOutcome, { ok: true }>;

/**
 * Whether this signed-in user may accept the invite (and, given a company, an invite to that
 * company): it exists and names their address. Changes nothing; acceptInvite checks again.
 */
export async function checkInvite(
  token: string,
  user: { email: string },
  companyId?: number,
): Promise<{ ok: true; invite: InviteItem } | InviteRefusal> {
  const invite = await findInviteByToken(token);
  if (!invite || (companyId !== undefined && invite.companyId !== companyId)) return { ok: false, reason: 'invalid' };
  // The invite was sent to one address: a forwarded link does not admit someone else.
  if (invite.email !== user.email.toLowerCase()) return { ok: false, reason: 'other-email', email: invite.email };
  // An invite speaks for its sender: once they may no longer invite, or no longer hold the role it
  // gives, it admits no one (the sender left, or was demoted, after sending it).
  const inviterRole = await memberRole(invite.companyId, invite.invitedBy);
  if (!inviterRole || !roleMay(inviterRole, 'team') || !roleAtMost(invite.role ?? 'manager', inviterRole))
    return { ok: false, reason: 'invalid' };
  return { ok: true, invite };
}

/**
 * Accepts an invite for a signed-in user. The invite is deleted conditionally first, so one
 * token admits one person even when two tabs accept at the same moment.
 */
export async function acceptInvite(
  token: string,
  user: { id: number; email: string },
  companyId?: number,
): Promise<AcceptOutcome> {
  const check = await checkInvite(token, user, companyId);
  if (!check.ok) return check;
  const { invite } = check;
  const claimed = await invites.deleteWhen(keys.invite(invite.companyId, invite.id), {
    expression: 'tokenHash = :hash',
    values: { ':hash': invite.tokenHash },
  });
  if (!claimed) return { ok: false, reason: 'used' };
  if (!(await isMember(invite.companyId, user.id)) && !(await addMember(invite.companyId, user.id, invite.role))) {
    // The company was deleted between the invite and its acceptance.
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, companyId: invite.companyId };
}
