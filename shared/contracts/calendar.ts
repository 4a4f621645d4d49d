import { defineContract } from '../contract';
import {
  batchSchema,
  createPostSchema,
  deleteScheduledSchema,
  deletedCountSchema,
  limitQuerySchema,
  postIdParams,
  postListSchema,
  postSchema,
  postWithSiblingsSchema,
  rangeQuerySchema,
  updatePostSchema,
} from '../schemas/calendar';

/** Spec 02 §7 "Calendar": the selected company's posts. */
export const calendarContracts = {
  create: defineContract({
    method: 'POST',
    path: '/api/calendar',
    summary:
      'Create one post per platform, siblings of one group; action save (draft), schedule or publish (paid plan, else 402)',
    body: createPostSchema,
    responses: { 201: postListSchema },
  }),
  list: defineContract({
    method: 'GET',
    path: '/api/calendar/list',
    summary: 'Every post of the company by calendar date (scheduled, published or created), oldest first',
    responses: { 200: postListSchema },
  }),
  range: defineContract({
    method: 'GET',
    path: '/api/calendar/list/range',
    summary: 'The posts on local days from..to (both included) in the IANA zone, by date',
    query: rangeQuerySchema,
    responses: { 200: postListSchema },
  }),
  batch: defineContract({
    method: 'POST',
    path: '/api/calendar/batch',
    summary: 'The posts with these ids (at most 100); ids of other companies or deleted posts are left out',
    body: batchSchema,
    responses: { 200: postListSchema },
  }),
  latest: defineContract({
    method: 'GET',
    path: '/api/calendar/latest',
    summary: "The next scheduled posts, soonest first (limit, default 10): the dashboard's Scheduled Content",
    query: limitQuerySchema,
    responses: { 200: postListSchema },
  }),
  recent: defineContract({
    method: 'GET',
    path: '/api/calendar/recent',
    summary: 'The most recently published posts, newest first (limit, default 10): Recently Published',
    query: limitQuerySchema,
    responses: { 200: postListSchema },
  }),
  withSiblings: defineContract({
    method: 'GET',
    path: '/api/calendar/{id}/with-siblings',
    summary: 'One post and the other posts of its group',
    params: postIdParams,
    responses: { 200: postWithSiblingsSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/calendar/{id}',
    summary:
      'Edit one post: save keeps its state, schedule, publish (paid plan); a stale version is a 409; published posts are locked',
    params: postIdParams,
    body: updatePostSchema,
    responses: { 200: postSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/calendar/{id}',
    summary: 'Delete one post (not while it is being published); its files stop counting as used',
    params: postIdParams,
    responses: { 204: null },
  }),
  deleteScheduled: defineContract({
    method: 'DELETE',
    path: '/api/calendar/delete/scheduled',
    summary: 'Delete the scheduled posts on local days from..to in the IANA zone',
    body: deleteScheduledSchema,
    responses: { 200: deletedCountSchema },
  }),
};
