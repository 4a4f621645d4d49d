import { searchConsoleContracts } from '@shared/contracts/integrations';
import { defineRoute, ok } from '../../core/http/route';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { startConnect } from '../../core/integrations/connect-start';
import { startGoogleConnect } from '../../core/integrations/google-connection';

/** Spec 02 §7: the Google profile connect (optional inviteToken); its consent includes Search Console's read scope. */
export const googleConnect = defineRoute(searchConsoleContracts.googleConnect, {
  access: 'company',
  handle: async ({ query, user, companyId }) => {
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
