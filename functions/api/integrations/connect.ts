import { COMPANY_COOKIE } from '@shared/constants';
import { integrationsContracts } from '@shared/contracts/integrations';
import { PLATFORM_LABELS } from '@shared/schemas/integrations';
import { inviteError } from '../../core/accounts/sign-in';
import { acceptInvite } from '../../core/companies/invites';
import { conflict } from '../../core/errors';
import { serializeCookie } from '../../core/http/cookies';
import { defineRoute, ok } from '../../core/http/route';
import { CONNECT_STATE_TTL_SECONDS, createConnectState, pkcePair } from '../../core/integrations/connect-state';
import { appCredentials, platformClient } from '../../core/integrations/platforms';
import { callbackUri, COMPANY_COOKIE_SECONDS, STATE_COOKIE } from './callback-uri';

/**
 * Answers the platform's consent page for the browser to go to (spec 01 §4). The state is
 * bound to this browser (a cookie), this user and the company; with an invite token the
 * invite is accepted first and the connection is made for the invited company.
 */
export const connect = defineRoute(integrationsContracts.connect, {
  access: 'company',
  handle: async ({ params, query, user, companyId }) => {
    const platform = params.platform;
    let company = companyId;
    const cookies: string[] = [];
    if (query.inviteToken) {
      const outcome = await acceptInvite(query.inviteToken, user);
      if (!outcome.ok) throw inviteError(outcome);
      company = outcome.companyId;
      cookies.push(
        serializeCookie(COMPANY_COOKIE, String(company), { httpOnly: false, maxAgeSeconds: COMPANY_COOKIE_SECONDS }),
      );
    }
    const creds = await appCredentials(platform);
    if (!creds) throw conflict(`Connecting ${PLATFORM_LABELS[platform]} is not set up yet.`);
    const client = platformClient(platform);
    const pkce = client.pkce ? pkcePair() : undefined;
    const state = await createConnectState({
      platform,
      companyId: company,
      userId: user.id,
      codeVerifier: pkce?.verifier,
    });
    cookies.push(serializeCookie(STATE_COOKIE, state, { maxAgeSeconds: CONNECT_STATE_TTL_SECONDS }));
    const url = client.authorizeUrl({
      creds,
      redirectUri: callbackUri(platform),
      state,
      codeChallenge: pkce?.challenge,
    });
    return { ...ok({ url }), cookies };
  },
});
