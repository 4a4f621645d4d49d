import { createReviewLinkRoute } from './create-review-link';
import { decideByLinkRoute } from './decide-by-link';
import { decideReviewRoute } from './decide-review';
import { getPostApprovalRoute } from './get-post-approval';
import { getReviewRoute } from './get-review';
import { getSettingsRoute } from './get-settings';
import { listReviewLinksRoute } from './list-review-links';
import { requestReviewRoute } from './request-review';
import { revokeReviewLinkRoute } from './revoke-review-link';
import { saveSettingsRoute } from './save-settings';

export const routes = [
  getSettingsRoute,
  saveSettingsRoute,
  getPostApprovalRoute,
  requestReviewRoute,
  decideReviewRoute,
  createReviewLinkRoute,
  listReviewLinksRoute,
  revokeReviewLinkRoute,
  getReviewRoute,
  decideByLinkRoute,
];
