import { businessListingContracts } from '@shared/contracts/business-listing';
import { updateLocationProfile } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

/** Spec 02 §5's rules shape the body in the browser; the fields sent are the update mask. */
export const updateLocation = defineRoute(businessListingContracts.updateLocation, {
  access: 'company',
  handle: async ({ companyId, params, body }) => ok(await updateLocationProfile(companyId, params.locationId, body)),
});
