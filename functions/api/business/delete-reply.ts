import { businessListingContracts } from '@shared/contracts/business-listing';
import { deleteReviewReply } from '../../core/business/business-listing';
import { defineRoute, noContent } from '../../core/http/route';

export const deleteReply = defineRoute(businessListingContracts.deleteReply, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await deleteReviewReply(companyId, params.locationId, params.reviewId);
    return noContent();
  },
});
