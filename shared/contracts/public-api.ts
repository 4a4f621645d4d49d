import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { createPostSchema, postIdParams, postListSchema, postSchema, updatePostSchema } from '../schemas/calendar';
import { rangeQuerySchema } from '../schemas/calendar-views';
import { mediaFileSchema, mediaSearchQuerySchema } from '../schemas/media';
import { postSuccessSchema } from '../schemas/post-success';
import { publicAuditSchema } from '../schemas/public-api';
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
