import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const ownCompanyMarkerSchema = z.object({
  userId: z.number(),
  /** The company the user was given; a marker naming one they are no longer in may be taken over. */
  companyId: z.number(),
  createdAt: z.string(),
});

/**
 * USER#<id> / OWNCOMPANY: the company a user was given when they had none left. Written in the
 * same transaction as the company, on condition that it names no other (or the one it named
 * before), so the requests that find the user without a company at the same moment (the removal,
 * the app listing its companies again, a sign-in) give them one company, not one each.
 */
export const ownCompanyMarkers = defineEntity({
  type: 'own-company-marker',
  schema: ownCompanyMarkerSchema,
  key: (m) => keys.userOwnCompany(m.userId),
});
