import { z } from 'zod/mini';

/** What a notice is about. Only failed publishes so far. */
export const NOTIFICATION_KINDS = ['publish-failed', 'audit-skipped'] as const;

/**
 * A notice in the top bar: what happened (`title`), what to do (`message`), and the post it is
 * about. `read` is shared by the company's members: one of them dealing with it is enough.
 */
const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  postId: z.nullable(z.number()),
  platform: z.nullable(z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Mark these notices read; without ids, every notice of the company. */
export const markReadSchema = z.object({
  ids: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(100))),
});
