import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { requireFlag } from '../../core/integrations/app-flags';
import { startGoogleConsent } from '../connect-start';

/** The Search Console entry's Connect (behind GoogleSearchConsole): the Google profile's consent. */
export const searchConsoleConnect = defineRoute(searchConsoleContracts.connect, {
  access: 'company',
  handle: async ({ query, user, companyId }) => {
    requireFlag('GoogleSearchConsole', 'Google Search Console');
    const { prepared, cookies } = await startGoogleConsent(query.inviteToken, user, companyId);
    return { ...ok({ url: prepared.url }), cookies };
  },
});
