import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { requireFlag } from '../../core/integrations/app-flags';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { startConnect } from '../../core/integrations/connect-start';
import { startGoogleConnect } from '../../core/integrations/google-connection';

/** The Search Console entry's Connect (behind GoogleSearchConsole): the Google profile's consent. */
export const searchConsoleConnect = defineRoute(searchConsoleContracts.connect, {
  access: 'company',
  handle: async ({ query, user, companyId }) => {
    requireFlag('GoogleSearchConsole', 'Google Search Console');
    const { prepared, cookies } = await startConnect(query.inviteToken, user, companyId, (company) =>
      startGoogleConnect({
        platform: 'google',
        companyId: company,
        userId: user.id,
        callbackUrl: callbackUrl('google'),
      }),
    );
    return { ...ok({ url: prepared.url }), cookies };
  },
});
