import {
  AUDIT_MODULE_LABELS,
  AUDIT_SHARE_MAX_LINKS,
  auditShareMessages,
  type AuditModule,
  type AuditShare,
} from '@shared/schemas/audit-share';
import { ulid } from 'ulid';
import { hit, type Limit } from '../../accounts/rate-limit';
import { hashSecret, newToken, sameHash } from '../../accounts/tokens';
import { getUser } from '../../accounts/user-store';
import { clock } from '../../clock';
import { getCompany } from '../../companies/company-store';
import { config } from '../../config';
import { conflict, notFound } from '../../errors';
import { log } from '../../log';
import { mailer } from '../../mail/mail-port';
import { auditShareMail } from '../../mail/templates';
import { companyItemPrefix, keys, partition } from '../../table/keys';
import { auditShares, type AuditShareItem } from './audit-share-entity';

const DAY_MS = 24 * 3600_000;

/**
 * Mailing a link sends a company-named mail to an address a member types: limited per company,
 * per sender and per recipient (whichever company sends), so the mailer cannot be turned on
 * third parties. The same shape as the invites' limits.
 */
const AUDIT_SHARE_MAIL_LIMITS = {
  perCompany: { scope: 'audit-share-company', max: 20, windowSeconds: 3600, message: auditShareMessages.tooManyMails },
  perSender: { scope: 'audit-share-user', max: 50, windowSeconds: 24 * 3600, message: auditShareMessages.tooManyMails },
  perRecipient: {
    scope: 'audit-share-email',
    max: 5,
    windowSeconds: 24 * 3600,
    message: auditShareMessages.tooManyMails,
  },
} satisfies Record<string, Limit>;

/** One mailbox, whatever tag it is given: `ann+1@x.com` and `ann@x.com` count together. */
const mailboxOf = (email: string) => email.toLowerCase().replace(/\+[^@]*(?=@)/, '');

const live = (share: AuditShareItem, now: Date) => Date.parse(share.expiresAt) > now.getTime();

const toApi = (s: AuditShareItem): AuditShare => ({
  id: s.id,
  modules: s.modules,
  createdAt: s.createdAt,
  expiresAt: s.expiresAt,
  ...(s.sentTo ? { sentTo: s.sentTo } : {}),
});

async function liveShares(companyId: number, now = clock.now()): Promise<AuditShareItem[]> {
  const all = await auditShares.queryPartition(partition.company(companyId), companyItemPrefix.auditShare);
  return all.filter((s) => live(s, now));
}

/** The company's live links, newest first. */
export async function listShares(companyId: number): Promise<AuditShare[]> {
  return (await liveShares(companyId)).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(toApi);
}

/**
 * `<companyId>-<secret>`: no dot, as a last path segment with one reads as a file to CloudFront's
 * SPA rewrite (and the local static server) and would never reach the app. The company id runs
 * up to the first `-`, which base64url may hold further on.
 */
const guestUrl = (companyId: number, secret: string) =>
  new URL(`/shared/audit/${companyId}-${secret}`, config.appOrigin).href;

async function mailShare(share: AuditShareItem, url: string, userId: number, email: string) {
  const [sender, company] = await Promise.all([getUser(userId), getCompany(share.companyId)]);
  const senderName = sender ? `${sender.firstName} ${sender.lastName}`.trim() || sender.email : 'A member';
  try {
    await mailer().send(
      auditShareMail(email, {
        senderName,
        companyName: company?.name ?? '',
        modules: share.modules.map((m) => AUDIT_MODULE_LABELS[m]),
        url,
        expiresOn: new Date(share.expiresAt).toUTCString().slice(0, 16),
      }),
    );
    return { sent: true, message: auditShareMessages.mailSent(email) };
  } catch (error) {
    // The link exists whatever became of the mail: the member can copy it.
    log('warn', 'audit share mail failed', { companyId: share.companyId, error: String(error) });
    return { sent: false, message: auditShareMessages.mailFailed };
  }
}

/**
 * A new guest link: 256 random bits of which the table keeps only the SHA-256 (as review, reset
 * and invite links), the modules it opens and when it stops. The link itself is in this answer
 * (and the mail) only. Mail limits are counted before anything is written, so a refused mail
 * leaves no link behind.
 */
export async function createShare(
  companyId: number,
  userId: number,
  input: { modules: AuditModule[]; days: number; email?: string },
  now = clock.now(),
) {
  if ((await liveShares(companyId, now)).length >= AUDIT_SHARE_MAX_LINKS) throw conflict(auditShareMessages.tooMany);
  if (input.email) {
    await hit(AUDIT_SHARE_MAIL_LIMITS.perCompany, String(companyId));
    await hit(AUDIT_SHARE_MAIL_LIMITS.perSender, String(userId));
    await hit(AUDIT_SHARE_MAIL_LIMITS.perRecipient, mailboxOf(input.email));
  }
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + input.days * DAY_MS).toISOString();
  const share: AuditShareItem = {
    companyId,
    id: ulid(now.getTime()),
    secretHash: hash,
    // In the order the views come in, each once.
    modules: [...new Set(input.modules)].sort(
      (a, b) => Object.keys(AUDIT_MODULE_LABELS).indexOf(a) - Object.keys(AUDIT_MODULE_LABELS).indexOf(b),
    ),
    createdBy: userId,
    createdAt: now.toISOString(),
    expiresAt,
    ...(input.email ? { sentTo: input.email } : {}),
    ttl: Math.ceil(Date.parse(expiresAt) / 1000) + 24 * 3600,
  };
  await auditShares.put(share);
  const url = guestUrl(companyId, token);
  const mail = input.email ? await mailShare(share, url, userId, input.email) : undefined;
  return { share: toApi(share), url, ...(mail ? { mail } : {}) };
}

/** Revokes a link by its id: deleted, so its next use is a 404. */
export async function revokeShare(companyId: number, shareId: string): Promise<void> {
  const all = await auditShares.queryPartition(partition.company(companyId), companyItemPrefix.auditShare);
  const share = all.find((s) => s.id === shareId);
  if (!share || !(await auditShares.delete(keys.auditShare(companyId, share.secretHash), { ifExists: true }))) {
    throw notFound(auditShareMessages.shareNotFound);
  }
}

/**
 * The live link a guest's token names, or 404 with nothing said about why: made up, revoked,
 * expired and malformed all read the same. The read is strongly consistent, so a link revoked a
 * moment ago is refused at once.
 */
export async function openShare(token: string, module?: AuditModule): Promise<AuditShareItem> {
  const match = /^(\d{1,15})-([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) throw notFound(auditShareMessages.notFound);
  const companyId = Number(match[1]);
  const secret = match[2] ?? '';
  const share = await auditShares.get(keys.auditShare(companyId, hashSecret(secret)), { consistent: true });
  if (!share || !sameHash(secret, share.secretHash) || !live(share, clock.now())) {
    throw notFound(auditShareMessages.notFound);
  }
  if (module && !share.modules.includes(module)) throw notFound(auditShareMessages.notFound);
  return share;
}

/** The guest page's frame: whose audit, of which website, which modules, until when. */
export async function guestShareView(token: string) {
  const share = await openShare(token);
  const company = await getCompany(share.companyId);
  if (!company) throw notFound(auditShareMessages.notFound);
  return { companyName: company.name, website: company.website, modules: share.modules, expiresAt: share.expiresAt };
}
