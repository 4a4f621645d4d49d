import { businessListingContracts } from '@shared/contracts/business-listing';
import { getLocationProfile } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

/** Read live from the Business Information API: the profile form's fields and attributes. */
export const getLocation = defineRoute(businessListingContracts.location, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await getLocationProfile(companyId, params.locationId)),
});
