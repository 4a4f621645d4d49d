import { businessListingContracts } from '@shared/contracts/business-listing';
import { getServiceTypes as read } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

/** The structured services the location's categories offer, in its region. */
export const getServiceTypes = defineRoute(businessListingContracts.serviceTypes, {
  access: 'company',
  handle: async ({ companyId, params, query }) => ok(await read(companyId, params.locationId, query.categories)),
});
