import { businessListingContracts } from '@shared/contracts/business-listing';
import { getAvailableAttributes as read } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

/** What Google lets this location set (it depends on its categories and region). */
export const getAvailableAttributes = defineRoute(businessListingContracts.availableAttributes, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await read(companyId, params.locationId)),
});
