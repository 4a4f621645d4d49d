import { z } from 'zod/mini';
import { emailField } from './fields';

/**
 * Guest links to a company's website audit (spec 02 §2: "Guest links can be given access to
 * chosen modules"). A link opens the chosen modules read-only, with no account, until it expires
 * or is revoked.
 */
export const AUDIT_MODULES = ['overview', 'issues', 'pages', 'links', 'resources', 'comparison'] as const;
export type AuditModule = (typeof AUDIT_MODULES)[number];
export const AUDIT_MODULE_LABELS: Record<AuditModule, string> = {
  overview: 'Overview',
  issues: 'Issue report',
  pages: 'Crawled pages',
  links: 'Found links',
  resources: 'Found resources',
  comparison: 'Crawl comparison',
};

/** Days a link lives unless the member chooses fewer: long enough to review a report, short enough to go stale. */
export const AUDIT_SHARE_DEFAULT_DAYS = 30;
export const AUDIT_SHARE_MAX_DAYS = 30;
/** Live links a company may hold at once: every one is a door to its audit. */
export const AUDIT_SHARE_MAX_LINKS = 50;

export const auditShareMessages = {
  chooseModule: 'Choose at least one module',
  days: `A link lasts from 1 to ${AUDIT_SHARE_MAX_DAYS} days`,
  tooMany: `A company can hold at most ${AUDIT_SHARE_MAX_LINKS} guest links. Revoke one first.`,
  notFound: 'This link is no longer valid',
  shareNotFound: 'Guest link not found',
  /** Spec 02 §8. */
  mailSent: (email: string) => `Message sent to ${email}`,
  mailFailed: 'Error sending email',
  tooManyMails: 'Too many links were sent by email. Please try again later.',
  /** Spec 02 §5: "the audit email field reads 'Please check your email'". */
  emailInvalid: 'Please check your email',
};

const moduleSchema = z.enum(AUDIT_MODULES);

export const createAuditShareSchema = z.object({
  modules: z
    .array(moduleSchema)
    .check(z.minLength(1, auditShareMessages.chooseModule), z.maxLength(AUDIT_MODULES.length)),
  days: z._default(
    z
      .number({ error: auditShareMessages.days })
      .check(
        z.int(auditShareMessages.days),
        z.gte(1, auditShareMessages.days),
        z.lte(AUDIT_SHARE_MAX_DAYS, auditShareMessages.days),
      ),
    AUDIT_SHARE_DEFAULT_DAYS,
  ),
  /** Optional: the link is also mailed to this address. */
  email: z.optional(emailField(auditShareMessages.emailInvalid, auditShareMessages.emailInvalid)),
});
export type CreateAuditShare = z.input<typeof createAuditShareSchema>;

/** A guest link as members see it: never its secret, which exists only in the answer that made it. */
const auditShareSchema = z.object({
  id: z.string(),
  modules: z.array(moduleSchema),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The address it was mailed to, when it was. */
  sentTo: z.optional(z.string()),
});
export type AuditShare = z.infer<typeof auditShareSchema>;
export const auditShareListSchema = z.array(auditShareSchema);

export const createdAuditShareSchema = z.object({
  share: auditShareSchema,
  /** The link itself: shown once. */
  url: z.string(),
  /** What became of the mail, when one was asked for: 'Message sent to {email}' or 'Error sending email'. */
  mail: z.optional(z.object({ sent: z.boolean(), message: z.string() })),
});

export const auditShareIdParamsSchema = z.object({ shareId: z.string().check(z.minLength(1), z.maxLength(40)) });

/** A guest's token: `<companyId>-<secret>`, the secret 256 random bits in base64url. */
const tokenSchema = z.string().check(z.minLength(1), z.maxLength(160));
export const guestParamsSchema = z.object({ token: tokenSchema });
export const guestAuditParamsSchema = z.object({
  token: tokenSchema,
  auditId: z.string().check(z.minLength(1), z.maxLength(40)),
});
export const guestCheckParamsSchema = z.object({
  token: tokenSchema,
  auditId: z.string().check(z.minLength(1), z.maxLength(40)),
  check: z.string().check(z.minLength(1), z.maxLength(60)),
});

/** GET /api/seo/shared/{token}: what the guest page shows around the modules. */
export const guestShareSchema = z.object({
  companyName: z.string(),
  website: z.string(),
  modules: z.array(moduleSchema),
  expiresAt: z.string(),
});
