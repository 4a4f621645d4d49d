import { authContracts } from '@shared/contracts/auth';
import { serializeCookie } from '../../core/http/cookies';
import { defineRoute, redirect } from '../../core/http/route';
import { authorizeUrl, label } from '../../core/oauth/oauth-client';
import { createState, STATE_TTL_SECONDS } from '../../core/oauth/oauth-state';
import { credentials } from '../../core/oauth/providers';
import { backToSignIn, callbackUri, STATE_COOKIE } from './oauth-redirects';

/** Browser navigation starts here (a plain link), and leaves for the provider's consent page. */
export const oauthStart = defineRoute(authContracts.oauthStart, {
  access: 'public',
  handle: async ({ params, query }) => {
    const creds = await credentials(params.provider);
    if (!creds) return backToSignIn(`${label(params.provider)} sign-in is not configured yet.`);
    const state = await createState(params.provider, query.inviteToken);
    return redirect(authorizeUrl(params.provider, creds, callbackUri(params.provider), state), [
      serializeCookie(STATE_COOKIE, state, { maxAgeSeconds: STATE_TTL_SECONDS }),
    ]);
  },
});
