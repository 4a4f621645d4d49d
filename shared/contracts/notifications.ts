import { defineContract } from '../contract';
import { markReadSchema, notificationListSchema } from '../schemas/notifications';

/** The top bar's notices for the selected company (failed publishes), newest first. */
export const notificationsContracts = {
  list: defineContract({
    method: 'GET',
    path: '/api/notifications',
    permission: 'view',
    summary: "The selected company's latest notices (failed publishes), newest first, and how many are unread",
    responses: { 200: notificationListSchema },
  }),
  markRead: defineContract({
    method: 'POST',
    path: '/api/notifications/read',
    permission: 'content',
    summary: "Mark notices read (the ids given, or all of the company's); answers the list",
    body: markReadSchema,
    responses: { 200: notificationListSchema },
  }),
};
