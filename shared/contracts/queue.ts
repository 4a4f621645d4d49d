import { defineContract } from '../contract';
import { postIdParams, postListSchema, postSchema } from '../schemas/calendar';
import {
  addToQueueSchema,
  queueSchema,
  queueSettingsInputSchema,
  queueSettingsQuerySchema,
  queueSettingsSchema,
  reorderQueueSchema,
} from '../schemas/queue';

/** The posting queue (docs/features/queue.md): its slots, what waits in them, and the calls that place posts. */
export const queueContracts = {
  view: defineContract({
    method: 'GET',
    path: '/api/queue',
    permission: 'view',
    summary:
      "Each platform's slots of the next two weeks and every later one holding a post, soonest first, with the post waiting in each",
    query: queueSettingsQuerySchema,
    responses: { 200: queueSchema },
  }),
  settings: defineContract({
    method: 'GET',
    path: '/api/queue/settings',
    permission: 'view',
    summary: "The company's time zone and time slots per platform and weekday (the defaults, in `zone`, until saved)",
    query: queueSettingsQuerySchema,
    responses: { 200: queueSettingsSchema },
  }),
  saveSettings: defineContract({
    method: 'PUT',
    path: '/api/queue/settings',
    permission: 'content',
    summary:
      'Set the time zone and slots (paid plan); queued posts move into the new slots in their order, published ones never move',
    body: queueSettingsInputSchema,
    responses: { 200: queueSettingsSchema },
  }),
  add: defineContract({
    method: 'POST',
    path: '/api/queue',
    permission: 'content',
    summary:
      'Add to queue: each post of a group is scheduled in the next free slot of its platform (paid plan); a post already queued stays where it is',
    body: addToQueueSchema,
    responses: { 200: postListSchema },
  }),
  reorder: defineContract({
    method: 'POST',
    path: '/api/queue/reorder',
    permission: 'content',
    summary:
      "Reorder one platform's queue: the posts named take the slots they hold, in the order given (all or none; 409 when the queue changed)",
    body: reorderQueueSchema,
    responses: { 200: postListSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/queue/{id}',
    permission: 'content',
    summary: 'Take a post out of the queue: it goes back to draft and its slot is free',
    params: postIdParams,
    responses: { 200: postSchema },
  }),
};
