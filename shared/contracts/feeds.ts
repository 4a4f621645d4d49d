import { defineContract } from '../contract';
import { addFeedSchema, feedIdParamsSchema, feedListSchema, feedSchema } from '../schemas/feeds';
import { jobStartedSchema } from '../schemas/lrp';

/** Feeds that become draft posts (docs/features/bulk-import-and-feeds.md). */
export const feedContracts = {
  list: defineContract({
    method: 'GET',
    path: '/api/feeds',
    permission: 'view',
    summary: "The company's feeds with their last read (when, drafts written or why it failed) and the next",
    responses: { 200: feedListSchema },
  }),
  add: defineContract({
    method: 'POST',
    path: '/api/feeds',
    permission: 'content',
    summary:
      'Follow an RSS or Atom feed (read once through the safe fetcher to check it; the entries already in it are not drafted), polled hourly',
    body: addFeedSchema,
    responses: { 201: feedSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/feeds/{id}',
    permission: 'content',
    summary: 'Stop following a feed: its schedule and its record of entries go; drafts it wrote stay',
    params: feedIdParamsSchema,
    responses: { 204: null },
  }),
  poll: defineContract({
    method: 'POST',
    path: '/api/feeds/{id}/poll',
    permission: 'content',
    summary:
      'Read a feed now: each new entry (by GUID, else link) becomes a draft per platform, shaped by the AI (job)',
    params: feedIdParamsSchema,
    responses: { 202: jobStartedSchema },
  }),
};
