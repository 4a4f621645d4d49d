import { defineContract } from '../contract';
import {
  reviewerDecisionSchema,
  reviewIdParams,
  reviewQuerySchema,
  reviewViewSchema,
} from '../schemas/approval-review';

/** The outside reviewer's calls: no account, the review link's token is the permission. */
export const reviewContracts = {
  review: defineContract({
    method: 'GET',
    path: '/api/approvals/review/{id}',
    summary: 'No account: the post a review link is for (403 with why once used, expired or for another post)',
    params: reviewIdParams,
    query: reviewQuerySchema,
    responses: { 200: reviewViewSchema },
  }),
  reviewDecide: defineContract({
    method: 'POST',
    path: '/api/approvals/review/{id}',
    summary: 'No account: approve or ask for changes through a review link, which is then spent',
    params: reviewIdParams,
    body: reviewerDecisionSchema,
    responses: { 200: reviewViewSchema },
  }),
};
