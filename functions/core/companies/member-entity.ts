import { COMPANY_ROLES } from '@shared/schemas/company-record';
import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

const memberItemSchema = z.object({
  companyId: z.number(),
  userId: z.number(),
  joinedAt: z.string(),
  /** Absent on members from before roles: they are admins (shared/permissions.ts). */
  role: z.enum(COMPANY_ROLES).optional(),
});
export type MemberItem = z.infer<typeof memberItemSchema>;

/** COMPANY#<id> / MEMBER#<userId>, mirrored on GSI1 under the user to list their companies. */
export const members = defineEntity({
  type: 'member',
  schema: memberItemSchema,
  key: (m) => keys.member(m.companyId, m.userId),
  indexes: (m) => index.userCompany(m.userId, m.companyId),
});
