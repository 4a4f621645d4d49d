import { AUDIT_MODULES } from '@shared/schemas/audit-share';
import { z } from 'zod';
import { defineEntity } from '../../table/entity';
import { keys } from '../../table/keys';

/**
 * COMPANY#<id> / AUDITSHARE#<sha256 of the secret>: a guest link to the company's website audit,
 * opening the chosen modules until `expiresAt` (checked on every read; TTL removes it a day later).
 * Revoking deletes it. Under the AUDIT prefix, so it goes with the company's audits.
 */
export const auditShares = defineEntity({
  type: 'audit-share',
  schema: z.object({
    companyId: z.number(),
    /** What members name it by (the hash is the key, never shown). */
    id: z.string(),
    secretHash: z.string(),
    modules: z.array(z.enum(AUDIT_MODULES)),
    createdBy: z.number(),
    createdAt: z.string(),
    expiresAt: z.string(),
    sentTo: z.string().optional(),
    ttl: z.number(),
  }),
  key: (s) => keys.auditShare(s.companyId, s.secretHash),
});
export type AuditShareItem = z.infer<typeof auditShares.schema>;
