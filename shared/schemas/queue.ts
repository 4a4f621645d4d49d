import { z } from 'zod/mini';
import { isTimeZone, isWallTime } from '../calendar-day';
import { PLATFORM_LABELS } from '../platforms';
import { postIdSchema, postSchema } from './calendar';

/**
 * The posting queue (docs/features/queue.md): per company and platform, time slots per weekday
 * in the company's time zone; "Add to queue" puts a post in the next free slot of its platform.
 * A module of its own, so only the queue page and the editors' Add to queue load it.
 */

/** The platforms a queue publishes to: a custom blog's posts are copied by hand (spec 01 §4). */
export const QUEUE_PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin', 'wordpress'] as const;
export type QueuePlatform = (typeof QUEUE_PLATFORMS)[number];
const queuePlatformSchema = z.enum(QUEUE_PLATFORMS);

const MAX_SLOTS_PER_DAY = 12;
/** How many posts wait in one platform's queue: a reorder or a slot change moves them in one transaction. */
export const MAX_QUEUED_PER_PLATFORM = 30;
/** How far ahead the next free slot is looked for. */
export const QUEUE_HORIZON_WEEKS = 26;
/** A slot sooner than this is not handed out: the post would be due before its schedule is armed. */
export const QUEUE_LEAD_MS = 60_000;
/** How many weeks of slots the queue view shows, free ones included. */
export const QUEUE_VIEW_WEEKS = 2;

const label = (platform: QueuePlatform) => PLATFORM_LABELS[platform];

export const queueMessages = {
  time: 'Choose a time between 00:00 and 23:59.',
  zone: 'Choose a time zone from the list.',
  tooManySlots: `A day takes at most ${MAX_SLOTS_PER_DAY} time slots.`,
  repeatedSlot: 'This time is already a slot on that day.',
  noSlots: (platform: QueuePlatform) =>
    `${label(platform)} has no time slots yet. Add some in the queue settings, then add the post again.`,
  full: (platform: QueuePlatform) =>
    `${label(platform)}'s queue has no free slot in the next ${QUEUE_HORIZON_WEEKS} weeks. Add time slots or remove a post from the queue.`,
  tooMany: (platform: QueuePlatform) =>
    `${label(platform)}'s queue holds at most ${MAX_QUEUED_PER_PLATFORM} posts. Publish or remove some first.`,
  customBlog: 'A custom blog post is copied by hand, so it cannot go in the queue.',
  notQueued: 'This post is not in the queue.',
  changed: 'The queue changed a moment ago. Reload the page and try again.',
  added: 'Added to the queue.',
} as const;

const time = z.string().check(z.refine(isWallTime, queueMessages.time));
/** One weekday's slots, 'HH:mm' in the company's zone, each once. */
const daySlots = z.array(time).check(
  z.maxLength(MAX_SLOTS_PER_DAY, queueMessages.tooManySlots),
  z.refine((times: string[]) => new Set(times).size === times.length, queueMessages.repeatedSlot),
);
/** Seven days of slots, Sunday first (0 Sunday to 6 Saturday, as Date.getDay counts). */
const weekSlotsSchema = z.array(daySlots).check(z.length(7));
export type WeekSlots = z.output<typeof weekSlotsSchema>;

export const queueSettingsInputSchema = z
  .object({
    /** The company's time zone: slots are wall times there, on both sides of a daylight-saving change. */
    timeZone: z.string().check(z.refine(isTimeZone, queueMessages.zone)),
    slots: z.object({
      facebook: weekSlotsSchema,
      instagram: weekSlotsSchema,
      threads: weekSlotsSchema,
      linkedin: weekSlotsSchema,
      wordpress: weekSlotsSchema,
    }),
  })
  .check(z.meta({ title: 'QueueSettingsInput' }));
export type QueueSettingsInput = z.output<typeof queueSettingsInputSchema>;

export const queueSettingsSchema = z
  .object({
    ...queueSettingsInputSchema.shape,
    /** Never saved: the documented defaults per platform (shared/queue-slots.ts), in the zone the caller named. */
    isDefault: z.boolean(),
    /** Posts moved into new slots by the last save (a slot change moves queued posts, never published ones). */
    moved: z.optional(z.number()),
  })
  .check(z.meta({ title: 'QueueSettings' }));
export type QueueSettings = z.output<typeof queueSettingsSchema>;

/** Before the company has saved its settings, the defaults are shown in the zone the browser is in. */
export const queueSettingsQuerySchema = z.object({
  zone: z.optional(z.string().check(z.refine(isTimeZone, queueMessages.zone))),
});

/** One slot of the queue view: its instant, and the post waiting in it (none when free). */
const queueSlotSchema = z.object({ at: z.string(), post: z.nullable(postSchema) });

export const queueSchema = z
  .object({
    timeZone: z.string(),
    isDefault: z.boolean(),
    platforms: z.array(
      z.object({
        platform: queuePlatformSchema,
        /** The slots of the next QUEUE_VIEW_WEEKS weeks and every later one holding a post, soonest first. */
        slots: z.array(queueSlotSchema),
      }),
    ),
  })
  .check(z.meta({ title: 'Queue' }));
export type Queue = z.output<typeof queueSchema>;

/** A post group (one post per platform), each in the next free slot of its platform. */
export const addToQueueSchema = z.object({
  postIds: z.array(postIdSchema).check(z.minLength(1), z.maxLength(QUEUE_PLATFORMS.length)),
  /** The browser's zone: the company's zone from now on if it has not set its queue yet (the defaults are saved in it). */
  zone: z.optional(z.string().check(z.refine(isTimeZone, queueMessages.zone))),
});

/** The posts of one platform's queue in the order they should go out; they take its occupied slots in that order. */
export const reorderQueueSchema = z.object({
  platform: queuePlatformSchema,
  postIds: z.array(postIdSchema).check(
    z.minLength(1),
    z.maxLength(MAX_QUEUED_PER_PLATFORM),
    z.refine((ids: number[]) => new Set(ids).size === ids.length, queueMessages.changed),
  ),
});
