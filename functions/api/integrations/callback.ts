import { integrationsContracts } from '@shared/contracts/integrations';
import { PLATFORM_LABELS } from '@shared/schemas/integrations';
import { conflict } from '../../core/errors';
import { defineRoute } from '../../core/http/route';
import { callbackUrl } from '../../core/integrations/callback-urls';
import { finishConnect } from '../connect-finish';
import { saveSocialConnection } from '../../core/integrations/connection-store';
import { clientCredentials, platformClient } from '../../core/integrations/platforms';
import { armFirstCollection } from '../../core/reports/metrics-schedule';

/**
 * The platform sends the browser back here. Public, because it is a navigation the platform
 * starts; it acts only for the signed-in user who started the flow, in the browser that holds
 * the state cookie, for the company the state was made for (still selected, still a member),
 * and only once (finishConnect's checks, as for every platform).
 */
export const callback = defineRoute(integrationsContracts.callback, {
  access: 'public',
  handle: ({ params, query, cookies, user }) => {
    const platform = params.platform;
    return finishConnect({
      platform,
      label: PLATFORM_LABELS[platform],
      state: query.state,
      cookies,
      user,
      cancelled: Boolean(query.error || !query.code),
      finish: async (saved) => {
        const creds = await clientCredentials(platform);
        if (!creds) throw conflict(`Connecting ${PLATFORM_LABELS[platform]} is not set up yet.`);
        const client = platformClient(platform);
        const tokens = await client.exchangeCode({
          creds,
          redirectUri: callbackUrl(platform),
          code: query.code ?? '',
          codeVerifier: saved.codeVerifier,
        });
        const account = await client.account(tokens);
        const targets = await client.targets(tokens, account);
        // A page known at once: the report collection's first run soon, so the report shows it today.
        await saveSocialConnection(saved.companyId, platform, account, tokens, targets, armFirstCollection);
      },
    });
  },
});
