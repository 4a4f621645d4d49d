import { z } from 'zod/mini';
import { isCalendarDay } from '../calendar-day';
import { GENERATE_MAX_AHEAD_DAYS } from '../constants';
import { BLOG_PLATFORMS, SOCIAL_PLATFORMS, type Platform } from '../platforms';
import { calendarFormMessages, daysBetween, platformSchema, zoneSchema } from './calendar';

/**
 * The Generate... form (spec 01 §5 "Generate content form"; 02 §7 `POST /api/calendar/generate`
 * and `/generate/blog`): platforms, local days `from`..`to` in `zone` (today up to
 * GENERATE_MAX_AHEAD_DAYS ahead, checked against the server's clock by the route), and two
 * optional notes for the AI.
 */
export const generateMessages = {
  dateRangeRequired: 'Please select date range',
  outsideWindow: `Choose dates from today up to ${GENERATE_MAX_AHEAD_DAYS} days ahead.`,
  socialOnly: 'Social media posts are generated for Facebook, Instagram, Threads or LinkedIn.',
  blogOnly: 'Blog posts are generated for WordPress or a custom blog.',
  noteTooLong: 'Keep it under 2000 characters.',
  noTimeLeft: 'There is no time left today to place posts. Choose dates from tomorrow.',
} as const;

export const MAX_GENERATE_NOTE = 2000;

const generateDay = z.string({ error: generateMessages.dateRangeRequired }).check(
  z.minLength(1, generateMessages.dateRangeRequired),
  z.refine((value: string) => value === '' || isCalendarDay(value), calendarFormMessages.dayInvalid),
);
const generateNote = z.optional(
  z.nullable(z.string().check(z.maxLength(MAX_GENERATE_NOTE, generateMessages.noteTooLong))),
);

const generateSchemaFor = (allowed: readonly Platform[], wrongKind: string) =>
  z
    .object({
      platform: z.array(platformSchema, { error: calendarFormMessages.platformsRequired }).check(
        z.minLength(1, calendarFormMessages.platformsRequired),
        z.refine((list: Platform[]) => new Set(list).size === list.length, calendarFormMessages.platformsRepeated),
        z.refine((list: Platform[]) => list.every((p) => allowed.includes(p)), wrongKind),
      ),
      specialInstructions: generateNote,
      exclusions: generateNote,
      from: generateDay,
      to: generateDay,
      zone: zoneSchema,
    })
    .check(
      z.refine((r) => !isCalendarDay(r.from) || !isCalendarDay(r.to) || daysBetween(r.from, r.to) >= 0, {
        message: calendarFormMessages.rangeInvalid,
        path: ['to'],
      }),
    );

/** POST /api/calendar/generate: social drafts. */
export const generatePostsSchema = generateSchemaFor(SOCIAL_PLATFORMS, generateMessages.socialOnly);
/** POST /api/calendar/generate/blog: blog drafts with titles. */
export const generateBlogsSchema = generateSchemaFor(BLOG_PLATFORMS, generateMessages.blogOnly);
export type GenerateInput = z.output<typeof generatePostsSchema>;

/** A generation job's result: the drafts it wrote, by id, and the local days they sit on. */
export const generatedDraftsSchema = z.object({
  created: z.number(),
  ids: z.array(z.number()),
  days: z.array(z.string()),
});
