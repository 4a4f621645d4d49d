import { businessListingContracts } from '@shared/contracts/business-listing';
import { replyToReview } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

/** A new reply or a replacement: Google keeps one reply per review. */
export const replyReview = defineRoute(businessListingContracts.reply, {
  access: 'company',
  handle: async ({ companyId, params, body }) =>
    ok(await replyToReview(companyId, params.locationId, params.reviewId, body.comment)),
});
