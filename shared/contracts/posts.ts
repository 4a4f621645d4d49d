import { defineContract } from '../contract';
import {
  createPostSchema,
  postIdParams,
  postListSchema,
  postSchema,
  postWithSiblingsSchema,
  updatePostSchema,
} from '../schemas/calendar';

/**
 * The calendar's calls on one post (spec 02 §7 "Calendar"): create, read with its siblings,
 * update, delete. Also `calendarContracts` entries; a module of their own so the post pages
 * load these without the calendar views' range, batch and list calls (a module loads whole).
 */
export const postContracts = {
  create: defineContract({
    method: 'POST',
    path: '/api/calendar',
    permission: 'content',
    summary:
      'Create one post per platform, siblings of one group; action save (draft), schedule or publish (paid plan, else 402)',
    body: createPostSchema,
    responses: { 201: postListSchema },
  }),
  withSiblings: defineContract({
    method: 'GET',
    path: '/api/calendar/{id}/with-siblings',
    permission: 'view',
    summary: 'One post and the other posts of its group',
    params: postIdParams,
    responses: { 200: postWithSiblingsSchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/calendar/{id}',
    permission: 'content',
    summary:
      'Edit one post: save keeps its state, schedule, publish (paid plan); a stale version is a 409; published posts are locked',
    params: postIdParams,
    body: updatePostSchema,
    responses: { 200: postSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/calendar/{id}',
    permission: 'content',
    summary: 'Delete one post (not while it is being published); its files stop counting as used',
    params: postIdParams,
    responses: { 204: null },
  }),
};
