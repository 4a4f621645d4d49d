import { z } from 'zod';
import { QUEUE_PLATFORMS } from '@shared/schemas/queue';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const weekSlots = z.array(z.array(z.string())).length(7);

/** COMPANY#<id> / QUEUE#SETTINGS: the company's zone and its slots per platform, Sunday first. */
export const queueSettingsItems = defineEntity({
  type: 'queueSettings',
  schema: z.object({
    companyId: z.number(),
    timeZone: z.string(),
    slots: z.object(
      Object.fromEntries(QUEUE_PLATFORMS.map((p) => [p, weekSlots])) as Record<
        (typeof QUEUE_PLATFORMS)[number],
        typeof weekSlots
      >,
    ),
    updatedAt: z.string(),
    version: z.number(),
  }),
  key: (s) => keys.queueSettings(s.companyId),
  versioned: true,
});

/**
 * COMPANY#<id> / QUEUE#SLOT#<platform>#<at>: the post holding one slot. It counts only while that
 * post is still scheduled at that instant (queue-claims.ts): a post deleted, moved by hand or
 * published now leaves a claim that any post may take over, on condition of the id it names.
 * Past claims expire by TTL.
 */
export const queueSlotClaims = defineEntity({
  type: 'queueSlot',
  schema: z.object({
    companyId: z.number(),
    platform: z.enum(QUEUE_PLATFORMS),
    at: z.string(),
    postId: z.number(),
    ttl: z.number(),
  }),
  key: (c) => keys.queueSlot(c.companyId, c.platform, c.at),
});
export type QueueSlotClaim = z.output<typeof queueSlotClaims.schema>;
