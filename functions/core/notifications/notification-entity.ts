import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@shared/schemas/notifications';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** A company's notice; ULID ids sort by time. Kept 90 days (TTL). */
const notificationItemSchema = z.object({
  companyId: z.number().int(),
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  postId: z.number().int().nullable(),
  platform: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  ttl: z.number().int().optional(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notifications = defineEntity({
  type: 'notification',
  schema: notificationItemSchema,
  key: (n) => keys.notification(n.companyId, n.id),
});
