import { defineContract } from '../contract';
import {
  approvalSettingsSchema,
  decisionSchema,
  postApprovalSchema,
  requestReviewSchema,
  reviewerDecisionSchema,
  reviewLinkSchema,
  reviewQuerySchema,
  reviewViewSchema,
} from '../schemas/approvals';
import { postIdParams, postSchema } from '../schemas/calendar';

/** Approvals (docs/features/approvals.md): the company's setting, a post's review, and review links. */
export const approvalContracts = {
  settings: defineContract({
    method: 'GET',
    path: '/api/approvals/settings',
    summary: "Whether the selected company's posts need approval before they are scheduled or published",
    responses: { 200: approvalSettingsSchema },
  }),
  saveSettings: defineContract({
    method: 'PUT',
    path: '/api/approvals/settings',
    summary: 'Turn approvals on or off (posts already scheduled stay scheduled)',
    body: approvalSettingsSchema,
    responses: { 200: approvalSettingsSchema },
  }),
  postApproval: defineContract({
    method: 'GET',
    path: '/api/approvals/posts/{id}',
    summary: "A post's approval state, its comments, and whether the caller may decide",
    params: postIdParams,
    responses: { 200: postApprovalSchema },
  }),
  request: defineContract({
    method: 'POST',
    path: '/api/approvals/posts/{id}/request',
    summary: 'Ask for a review of a draft or failed post (at the version seen); mails the other members',
    params: postIdParams,
    body: requestReviewSchema,
    responses: { 200: postSchema },
  }),
  decide: defineContract({
    method: 'POST',
    path: '/api/approvals/posts/{id}/decision',
    summary: 'Approve or ask for changes (a member other than the one who asked); mails the author',
    params: postIdParams,
    body: decisionSchema,
    responses: { 200: postSchema },
  }),
  link: defineContract({
    method: 'POST',
    path: '/api/approvals/posts/{id}/link',
    summary: 'A review link for an outside reviewer: this post, this review, one decision, 7 days',
    params: postIdParams,
    responses: { 201: reviewLinkSchema },
  }),
  review: defineContract({
    method: 'GET',
    path: '/api/approvals/review/{id}',
    summary: 'No account: the post a review link is for (403 with why once used, expired or for another post)',
    params: postIdParams,
    query: reviewQuerySchema,
    responses: { 200: reviewViewSchema },
  }),
  reviewDecide: defineContract({
    method: 'POST',
    path: '/api/approvals/review/{id}',
    summary: 'No account: approve or ask for changes through a review link, which is then spent',
    params: postIdParams,
    body: reviewerDecisionSchema,
    responses: { 200: reviewViewSchema },
  }),
};
