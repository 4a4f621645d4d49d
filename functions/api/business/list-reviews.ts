import { businessListingContracts } from '@shared/contracts/business-listing';
import { listReviews as read } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

export const listReviews = defineRoute(businessListingContracts.reviews, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await read(companyId, params.locationId)),
});
