import { searchConsoleContracts } from '@shared/contracts/integrations';
import { config } from '../../core/config';
import { defineRoute, ok } from '../../core/http/route';
import { requireFlag } from '../../core/integrations/app-flags';
import { startConnect } from '../../core/integrations/connect-start';
import { startGoogleConnect } from '../../core/integrations/google-connection';
import type { AuthUser } from '../../core/http/route';

export const googleCallbackUrl = () => `${config.appOrigin}/api/integrations/google/callback`;

async function start(inviteToken: string | undefined, user: AuthUser, companyId: number) {
  const { prepared, cookies } = await startConnect(inviteToken, user, companyId, (company) =>
    startGoogleConnect({ app: 'google', companyId: company, userId: user.id, callbackUrl: googleCallbackUrl() }),
  );
  return { ...ok({ url: prepared.url }), cookies };
}

/** Spec 02 §7: the Google profile connect (optional inviteToken); its consent includes Search Console's read scope. */
export const googleConnect = defineRoute(searchConsoleContracts.googleConnect, {
  access: 'company',
  handle: ({ query, user, companyId }) => start(query.inviteToken, user, companyId),
});

/** The Search Console entry's Connect (behind GoogleSearchConsole): the same Google consent. */
export const searchConsoleConnect = defineRoute(searchConsoleContracts.connect, {
  access: 'company',
  handle: ({ query, user, companyId }) => {
    requireFlag('GoogleSearchConsole', 'Google Search Console');
    return start(query.inviteToken, user, companyId);
  },
});
