import { businessListingContracts } from '@shared/contracts/business-listing';
import { getAttributes as read } from '../../core/business/business-listing';
import { defineRoute, ok } from '../../core/http/route';

export const getAttributes = defineRoute(businessListingContracts.attributes, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await read(companyId, params.locationId)),
});
