import { z } from 'zod/mini';
import { isTimeZone } from '../calendar-day';
import { PLATFORMS, isBlogPlatform, type Platform } from '../platforms';

/**
 * Posts on the calendar (spec 01 §3 "Post", §4 "Post"; 02 §7 "Calendar"). A post is one
 * platform's copy; posts written together for several platforms are siblings of one group,
 * each with its own copy, files and status from then on. Times are UTC instants (ISO strings);
 * a client that means local days sends its IANA zone.
 */
/** The sentences the web shows too: its forms', and the schemas' below. */
export const calendarFormMessages = {
  platformsRequired: 'Please select at least 1 platform',
  platformsMixed: 'A post goes to social platforms or to blogs, not both.',
  platformsRepeated: 'Each platform can be chosen once.',
  scheduleNeedsTime: 'Choose the date and time to publish at.',
  postNotFound: 'Post not found',
  zoneInvalid: 'Unknown time zone.',
  dayInvalid: 'Enter a date as yyyy-MM-dd.',
  rangeInvalid: 'The end date must not be before the start date.',
  rangeTooLong: 'A range covers at most 366 days.',
  mediaInvalid: 'Media ids are positive whole numbers.',
} as const;

/**
 * Every calendar sentence: the server's refusals beside the forms'. The web imports only
 * calendarFormMessages, so these stay out of its first load.
 */
export const calendarMessages = {
  ...calendarFormMessages,
  scheduleInPast: 'Choose a time in the future.',
  publishedLocked: 'A published post cannot be changed.',
  publishingLocked: 'This post is being published and cannot be changed until it finishes.',
  notDue: 'This post is not waiting to be published.',
  demoNoPublishing:
    'This is a demo company: its posts are never scheduled or published. Create a company of your own to publish.',
} as const;

/** Spec 01 §3 statuses; the report views show them in upper case. */
export const POST_STATUSES = ['draft', 'scheduled', 'in-progress', 'published', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

const POST_ACTIONS = ['save', 'schedule', 'publish'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

/** A range call covers at most a year of days (a month view needs 42). */
export const MAX_RANGE_DAYS = 366;
/** The most posts one batch read names. */
export const MAX_BATCH_IDS = 100;
/** The hard cap on copy; the platform rules (1,000,000 for blogs) say what may be scheduled. */
const MAX_STORED_CONTENT = 1_000_000;
const MAX_SUBJECT = 1000;

export const platformSchema = z.enum(PLATFORMS);
const postStatusSchema = z.enum(POST_STATUSES);
const postActionSchema = z.enum(POST_ACTIONS);

const instant = z.iso.datetime({ offset: true });
export const postIdSchema = z.int().check(z.positive());
const postId = postIdSchema;
const mediaIds = z
  .array(z.int({ error: calendarFormMessages.mediaInvalid }).check(z.positive(calendarFormMessages.mediaInvalid)))
  .check(z.maxLength(100));

/**
 * A WordPress post's categories and tags: ids of the connected site's own terms, chosen in the
 * blog editor from what the site lists (GET /api/integrations/wordpress/terms). Without them the
 * site files the post under its default category.
 */
const wordpressTermsSchema = z.object({
  categories: z.array(z.int().check(z.positive())).check(z.maxLength(50)),
  tags: z.array(z.int().check(z.positive())).check(z.maxLength(100)),
});
export type WordPressTerms = z.output<typeof wordpressTermsSchema>;

export const postSchema = z
  .object({
    id: z.number(),
    /** The first post's id of the group; siblings share it. */
    groupId: z.number(),
    subject: z.nullable(z.string()),
    content: z.string(),
    platform: platformSchema,
    status: postStatusSchema,
    scheduledAt: z.nullable(z.string()),
    publishedAt: z.nullable(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Where the post sits on the calendar: its schedule, its publish time, or when it was written or sent. */
    date: z.string(),
    /** Media ids, in the order they are shown. */
    files: z.array(z.number()),
    /** Publish Now asked for; the publisher takes it from here. */
    publish: z.boolean(),
    /** The calendar's red dot: why a publish failed, or the platform rules the post breaks; null when fine. */
    error: z.nullable(z.string()),
    /** Goes up by one with every change; a PATCH that names an older one is refused (409). */
    version: z.number(),
    permalink: z.nullable(z.string()),
    /**
     * Only where the company asks for approvals (docs/features/approvals.md): absent otherwise.
     * approval-state.ts's APPROVAL_STATES, written out so the calendar's first load carries no
     * module of approvals (a unit test keeps the two lists equal).
     */
    approval: z.optional(z.enum(['in-review', 'approved', 'changes-requested'])),
    /** A WordPress post's categories and tags, once chosen; absent otherwise. */
    wordpress: z.optional(wordpressTermsSchema),
  })
  .check(z.meta({ title: 'Post' }));
export type Post = z.output<typeof postSchema>;

export const postListSchema = z.array(postSchema);
export const postWithSiblingsSchema = z.object({ post: postSchema, siblings: z.array(postSchema) });

export const createPostSchema = z.object({
  platforms: z.array(platformSchema, { error: calendarFormMessages.platformsRequired }).check(
    z.minLength(1, calendarFormMessages.platformsRequired),
    z.refine((list: Platform[]) => new Set(list).size === list.length, calendarFormMessages.platformsRepeated),
    z.refine(
      (list: Platform[]) => list.every(isBlogPlatform) || !list.some(isBlogPlatform),
      calendarFormMessages.platformsMixed,
    ),
  ),
  subject: z.optional(z.nullable(z.string().check(z.maxLength(MAX_SUBJECT)))),
  content: z.string().check(z.maxLength(MAX_STORED_CONTENT)),
  files: z._default(mediaIds, []),
  scheduledAt: z.optional(z.nullable(instant)),
  action: postActionSchema,
  /** For a WordPress post: its categories and tags (ignored for other platforms). */
  wordpress: z.optional(wordpressTermsSchema),
});
export type CreatePostInput = z.input<typeof createPostSchema>;

export const updatePostSchema = z.object({
  subject: z.optional(z.nullable(z.string().check(z.maxLength(MAX_SUBJECT)))),
  content: z.optional(z.string().check(z.maxLength(MAX_STORED_CONTENT))),
  files: z.optional(mediaIds),
  scheduledAt: z.optional(z.nullable(instant)),
  action: z._default(postActionSchema, 'save'),
  /** For a WordPress post: its categories and tags (ignored for other platforms). */
  wordpress: z.optional(wordpressTermsSchema),
  /** The version the editor loaded; a newer one on the server is a 409, never a silent overwrite. */
  version: z.optional(z.int()),
});
export type UpdatePostInput = z.input<typeof updatePostSchema>;

/** Ids in a path arrive as digits. */
const idFromPath = z.pipe(
  z.string().check(z.regex(/^\d{1,15}$/, calendarFormMessages.postNotFound)),
  z.transform((value: string) => Number(value)),
);
export const postIdParams = z.object({ id: z.pipe(idFromPath, postId) });

/** An IANA zone name. */
export const zoneSchema = z.string().check(z.refine(isTimeZone, calendarFormMessages.zoneInvalid));

export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
