import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { startGoogleConsent } from '../connect-start';

/** Spec 02 §7: the Google profile connect (optional inviteToken); its consent includes Search Console's read scope. */
export const googleConnect = defineRoute(searchConsoleContracts.googleConnect, {
  access: 'company',
  handle: async ({ query, user, companyId }) => {
    const { prepared, cookies } = await startGoogleConsent(query.inviteToken, user, companyId);
    return { ...ok({ url: prepared.url }), cookies };
  },
});
