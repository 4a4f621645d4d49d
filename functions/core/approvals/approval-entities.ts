import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * COMPANY#<id> / APPROVAL_LINK#<sha256 of the secret>: an outside reviewer's link to one post for
 * one review round. Kept after use (`usedAt`) so a second use says it was used; gone by TTL;
 * deleted when revoked, so it then reads as a link never made.
 */
export const approvalLinks = defineEntity({
  type: 'approval-link',
  schema: z.object({
    companyId: z.number(),
    postId: z.number(),
    round: z.number(),
    secretHash: z.string(),
    /**
     * The member who made it: the link speaks for them, so it cannot decide a review they asked
     * for (link-rules.ts). Absent on links from before it was recorded.
     */
    createdBy: z.number().optional(),
    createdAt: z.string().optional(),
    expiresAt: z.string(),
    usedAt: z.string().optional(),
    ttl: z.number(),
  }),
  key: (l) => keys.approvalLink(l.companyId, l.secretHash),
});
export type ApprovalLinkItem = z.output<typeof approvalLinks.schema>;
