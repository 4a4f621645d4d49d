import { integrationsContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { listProfiles } from '../../core/integrations/connection-store';

/** Read live from the platform, so a page the user no longer manages is not offered. */
export const profiles = defineRoute(integrationsContracts.profiles, {
  access: 'company',
  handle: async ({ params, companyId }) => ok(await listProfiles(companyId, params.platform)),
});
