import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { createPostSchema, postIdParams, postListSchema, postSchema, updatePostSchema } from '../schemas/calendar';
import { rangeQuerySchema } from '../schemas/calendar-views';
import { mediaFileSchema, mediaSearchQuerySchema } from '../schemas/media';
import { postSuccessSchema } from '../schemas/post-success';
import {
  bestTimesQuerySchema,
  bestTimesSchema,
  postFiguresSchema,
  topPostsQuerySchema,
  topPostsSchema,
} from '../schemas/post-analytics';
import { publicAuditSchema } from '../schemas/public-api';
import { addToQueueSchema, queueSchema, queueSettingsQuerySchema } from '../schemas/queue';
import { reportsQuerySchema, reportsSchema } from '../schemas/reports';

/** Where the versioned API lives; a breaking change is a v2 beside it, never an edit here. */
export const PUBLIC_API_BASE = '/api/public/v1';

/**
 * The public API (called with an API key, `Authorization: Bearer <key>`): the calendar's own
 * request and answer schemas, so a post made here is the post the app makes, under the same
 * platform rules and paid-plan gate.
 */
export const publicApiContracts = {
  listPosts: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/posts`,
    permission: 'view',
    summary: 'The posts on local days from..to (both included) in the IANA zone, by date',
    query: rangeQuerySchema,
    responses: { 200: postListSchema },
  }),
  getPost: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/posts/{id}`,
    permission: 'view',
    summary: 'One post',
    params: postIdParams,
    responses: { 200: postSchema },
  }),
  createPosts: defineContract({
    method: 'POST',
    path: `${PUBLIC_API_BASE}/posts`,
    permission: 'content',
    summary:
      'Create one post per platform (siblings of one group); action save (draft), schedule or publish (paid plan, else 402)',
    body: createPostSchema,
    responses: { 201: postListSchema },
  }),
  updatePost: defineContract({
    method: 'PATCH',
    path: `${PUBLIC_API_BASE}/posts/{id}`,
    permission: 'content',
    summary: 'Edit one post as the calendar does: a stale version is a 409, published posts are locked',
    params: postIdParams,
    body: updatePostSchema,
    responses: { 200: postSchema },
  }),
  deletePost: defineContract({
    method: 'DELETE',
    path: `${PUBLIC_API_BASE}/posts/{id}`,
    permission: 'content',
    summary: 'Delete one post (not while it is being published)',
    params: postIdParams,
    responses: { 204: null },
  }),
  listMedia: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/media`,
    permission: 'view',
    summary: "The company's media library, newest first; query searches filename and description",
    query: mediaSearchQuerySchema,
    responses: { 200: z.array(mediaFileSchema) },
  }),
  reports: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/reports`,
    permission: 'view',
    summary: "The company's audience figures per platform and day",
    query: reportsQuerySchema,
    responses: { 200: reportsSchema },
  }),
  postSuccess: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/reports/post-success`,
    permission: 'view',
    summary: 'Published and failed posts per local day and platform',
    query: rangeQuerySchema,
    responses: { 200: postSuccessSchema },
  }),
  postFigures: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/reports/posts/{id}`,
    permission: 'view',
    summary: "A published post's figures, read daily over its first 30 days (paid plan, else 402)",
    params: postIdParams,
    responses: { 200: postFiguresSchema },
  }),
  topPosts: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/reports/top-posts`,
    permission: 'view',
    summary: 'Per platform, the posts published on UTC days from..to, best first (paid plan, else 402)',
    query: topPostsQuerySchema,
    responses: { 200: topPostsSchema },
  }),
  bestTimes: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/reports/best-times`,
    permission: 'view',
    summary: 'Per platform, the weekdays and hours that did best, in the zone (paid plan, else 402)',
    query: bestTimesQuerySchema,
    responses: { 200: bestTimesSchema },
  }),
  queue: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/queue`,
    permission: 'view',
    summary:
      "Each platform's queue: the slots of the next two weeks and every later one holding a post, with the post in each",
    query: queueSettingsQuerySchema,
    responses: { 200: queueSchema },
  }),
  addToQueue: defineContract({
    method: 'POST',
    path: `${PUBLIC_API_BASE}/queue`,
    permission: 'content',
    summary: 'Add to queue: each post of a group in the next free slot of its platform (paid plan, else 402)',
    body: addToQueueSchema,
    responses: { 200: postListSchema },
  }),
  audit: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/audit`,
    permission: 'view',
    summary: "The company's latest finished site audit: Health Score, pages and issue counts per check",
    responses: { 200: publicAuditSchema },
  }),
  openapi: defineContract({
    method: 'GET',
    path: `${PUBLIC_API_BASE}/openapi.json`,
    summary: 'The OpenAPI 3.1 document of the public API, generated from these contracts',
    responses: { 200: z.record(z.string(), z.unknown()) },
  }),
};
