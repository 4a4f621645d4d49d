import { businessContracts } from '@shared/contracts/business';
import { listLocations } from '../../core/business/google-my-business';
import { defineRoute, ok } from '../../core/http/route';

/** Read live, so a location removed at Google is not offered. */
export const locations = defineRoute(businessContracts.locations, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listLocations(companyId)),
});
