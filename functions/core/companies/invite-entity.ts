import { COMPANY_ROLES } from '@shared/schemas/company-record';
import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

const inviteItemSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  email: z.string(),
  invitedBy: z.number(),
  /** What the invitee joins as; absent on invites from before roles, which made managers. */
  role: z.enum(COMPANY_ROLES).optional(),
  /** The token itself is only ever in the mail. */
  tokenHash: z.string(),
  ttl: z.number(),
});
export type InviteItem = z.infer<typeof inviteItemSchema>;

/** COMPANY#<id> / INVITE#<inviteId>, found by its token's hash on GSI1. */
export const invites = defineEntity({
  type: 'invite',
  schema: inviteItemSchema,
  key: (i) => keys.invite(i.companyId, i.id),
  indexes: (i) => index.inviteToken(i.tokenHash),
});
