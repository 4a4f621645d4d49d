import { createReviewLink } from './create-review-link';
import { decideByLink } from './decide-by-link';
import { decideReview } from './decide-review';
import { getPostApproval } from './get-post-approval';
import { getReview } from './get-review';
import { getSettings } from './get-settings';
import { listReviewLinks } from './list-review-links';
import { requestReview } from './request-review';
import { revokeReviewLink } from './revoke-review-link';
import { saveSettings } from './save-settings';

export const routes = [
  getSettings,
  saveSettings,
  getPostApproval,
  requestReview,
  decideReview,
  createReviewLink,
  listReviewLinks,
  revokeReviewLink,
  getReview,
  decideByLink,
];
