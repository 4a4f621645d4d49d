import { defineContract } from '../contract';
import {
  decisionSchema,
  postApprovalSchema,
  requestReviewSchema,
  reviewLinkListSchema,
  reviewLinkParams,
  reviewLinkSchema,
} from '../schemas/approvals';
import { postIdParams, postSchema } from '../schemas/calendar';

/**
 * Approvals (docs/features/approvals.md): a post's review by the members, and review links. The
 * setting (approval-settings.ts) and the outside reviewer's calls (approval-review.ts) are
 * modules of their own, so the settings tab and the public review page load only theirs.
 */
export const approvalContracts = {
  postApproval: defineContract({
    method: 'GET',
    path: '/api/approvals/posts/{id}',
    permission: 'view',
    summary: "A post's approval state, its comments, and whether the caller may decide",
    params: postIdParams,
    responses: { 200: postApprovalSchema },
  }),
  request: defineContract({
    method: 'POST',
    path: '/api/approvals/posts/{id}/request',
    permission: 'content',
    summary: 'Ask for a review of a draft or failed post (at the version seen); mails the other members',
    params: postIdParams,
    body: requestReviewSchema,
    responses: { 200: postSchema },
  }),
  decide: defineContract({
    method: 'POST',
    path: '/api/approvals/posts/{id}/decision',
    permission: 'review',
    summary: 'Approve or ask for changes (a member other than the one who asked); mails the author',
    params: postIdParams,
    body: decisionSchema,
    responses: { 200: postSchema },
  }),
  link: defineContract({
    method: 'POST',
    path: '/api/approvals/posts/{id}/link',
    permission: 'content',
    summary:
      'A review link for an outside reviewer: this post, this review, one decision, 7 days (not by the asker while another member may decide)',
    params: postIdParams,
    responses: { 201: reviewLinkSchema },
  }),
  links: defineContract({
    method: 'GET',
    path: '/api/approvals/posts/{id}/links',
    permission: 'content',
    summary: "The post's live review links (unused, unexpired, this review): who made each, when, until when",
    params: postIdParams,
    responses: { 200: reviewLinkListSchema },
  }),
  revokeLink: defineContract({
    method: 'DELETE',
    path: '/api/approvals/posts/{id}/links/{linkId}',
    permission: 'content',
    summary: 'Revoke a review link: it answers as an unknown link from now on',
    params: reviewLinkParams,
    responses: { 204: null },
  }),
};
