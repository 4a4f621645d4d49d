import { z } from 'zod';
import { PLATFORMS } from '@shared/platform-rules';
import { POST_STATUSES } from '@shared/schemas/calendar';
import { approvalItemSchema } from './approval-item';
import { defineEntity } from '../table/entity';
import { firstCommentItemSchema } from './first-comment-item';
import { index, keys } from '../table/keys';
import { postWatchAt } from './post-watch';

/** A post as stored: the API's post plus what only the server keeps (company, group, calendar date, failure). */
const postItemSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  groupId: z.number(),
  /** Every post written together, this one included; a deleted sibling is simply not found. */
  siblingIds: z.array(z.number()),
  subject: z.string().nullable(),
  content: z.string(),
  platform: z.enum(PLATFORMS),
  status: z.enum(POST_STATUSES),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Where the post sits on the calendar: its schedule, its publish time, or when it was written. */
  date: z.string(),
  files: z.array(z.number()),
  publish: z.boolean(),
  /** The publisher's sentence when a publish failed. */
  failure: z.string().nullable(),
  externalId: z.string().nullable(),
  permalink: z.string().nullable(),
  /** For a post in progress: when its claim ends and the sweeper may take it over (post-watch.ts). */
  leaseUntil: z.string().nullable().default(null),
  /**
   * The embedded runtime's boot that holds that claim (functions/core/jobs/watch.ts): after a
   * restart a claim of another boot is dead at once, whatever its time. None on AWS.
   */
  leaseBoot: z.string().nullish(),
  /** Only where the company asks for approvals: beside the status, never one of its values. */
  approval: approvalItemSchema.nullable().default(null),
  /** Posted by the publish workflow right after the post, with its own outcome (first-comment.ts). */
  firstComment: firstCommentItemSchema.nullable().default(null),
  /** A WordPress post's categories and tags (term ids of the site); null until chosen. */
  wordpress: z.object({ categories: z.array(z.number()), tags: z.array(z.number()) }).nullish(),
  version: z.number(),
});
export type PostItem = z.output<typeof postItemSchema>;

/**
 * COMPANY#<id> / POST#<postId>. GSI2 `COMPANY#<id>#POST` by date: the calendar's ranges; GSI1
 * `COMPANY#<id>#POST#<status>` by date: the next scheduled and the last published posts.
 * Writes go through post-store's versioned put, which keeps both index keys in step.
 */
export const posts = defineEntity({
  type: 'post',
  schema: postItemSchema,
  key: (p) => keys.post(p.companyId, p.id),
  indexes: (p) => {
    const watchAt = postWatchAt(p);
    return {
      ...index.companyByDate(p.companyId, 'POST', p.date, p.id),
      ...index.companyPostsByStatus(p.companyId, p.status, p.date, p.id),
      ...(watchAt ? index.postWatch(p.companyId, p.id, watchAt) : {}),
    };
  },
  versioned: true,
});
