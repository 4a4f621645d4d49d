import { integrationsContracts } from '@shared/contracts/integrations';
import { PLATFORM_LABELS } from '@shared/schemas/integrations';
import { conflict } from '../../core/errors';
import { defineRoute, ok } from '../../core/http/route';
import { startConnect } from '../connect-start';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { createConnectState, pkcePair } from '../../core/integrations/connect-state';
import { clientCredentials, platformClient } from '../../core/integrations/platforms';

/**
 * Answers the platform's consent page for the browser to go to (spec 01 §4). The state is
 * bound to this browser (a cookie), this user and the company; with an invite token the
 * connection is made for the invited company, the invite accepted once the connect is ready.
 */
export const connect = defineRoute(integrationsContracts.connect, {
  access: 'company',
  handle: async ({ params, query, user, companyId }) => {
    const platform = params.platform;
    const { prepared, cookies } = await startConnect(query.inviteToken, user, companyId, async (company) => {
      const creds = await clientCredentials(platform);
      if (!creds) throw conflict(`Connecting ${PLATFORM_LABELS[platform]} is not set up yet.`);
      const client = platformClient(platform);
      const pkce = client.pkce ? pkcePair() : undefined;
      const state = await createConnectState({
        platform,
        companyId: company,
        userId: user.id,
        codeVerifier: pkce?.verifier,
      });
      const url = client.authorizeUrl({
        creds,
        redirectUri: callbackUrl(platform),
        state,
        codeChallenge: pkce?.challenge,
      });
      return { url, state };
    });
    return { ...ok({ url: prepared.url }), cookies };
  },
});
