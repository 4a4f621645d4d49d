import { defineContract } from '../contract';
import { postIdParams } from '../schemas/calendar';
import { firstCommentSchema, saveFirstCommentSchema } from '../schemas/first-comment';

/** A post's first comment (docs/features/publishing.md#first-comment); calendar area routes. */
export const firstCommentContracts = {
  get: defineContract({
    method: 'GET',
    path: '/api/calendar/{id}/first-comment',
    permission: 'view',
    summary: "A post's first comment and its own outcome (pending, posted or failed with why)",
    params: postIdParams,
    responses: { 200: firstCommentSchema },
  }),
  save: defineContract({
    method: 'PUT',
    path: '/api/calendar/{id}/first-comment',
    permission: 'content',
    summary:
      'Set or clear the first comment of a Facebook, Instagram or LinkedIn post before it is published (at the version seen)',
    params: postIdParams,
    body: saveFirstCommentSchema,
    responses: { 200: firstCommentSchema },
  }),
};
