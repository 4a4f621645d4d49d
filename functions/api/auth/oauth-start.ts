import { authContracts } from '@shared/contracts/auth';
import { serializeCookie } from '../../core/http/cookies';
import { defineRoute, redirect } from '../../core/http/route';
import { log } from '../../core/log';
import { authorizeUrl, label, OAuthError } from '../../core/oauth/oauth-client';
import { createState, STATE_TTL_SECONDS } from '../../core/oauth/oauth-state';
import { credentials } from '../../core/oauth/providers';
import { backToSignIn, callbackUri, STATE_COOKIE } from './oauth-redirects';

/**
 * Browser navigation starts here (a plain link), and leaves for the provider's consent page.
 * `prompt=select_account` comes only from "Use another account": the provider shows its
 * account chooser then, and not on every sign-in.
 */
export const oauthStart = defineRoute(authContracts.oauthStart, {
  access: 'public',
  handle: async ({ params, query }) => {
    const creds = await credentials(params.provider);
    if (!creds) return backToSignIn(`${label(params.provider)} sign-in is not configured yet.`);
    const { state, codeChallenge, nonce } = await createState(params.provider, query.inviteToken);
    try {
      const target = await authorizeUrl(params.provider, creds, callbackUri(params.provider), {
        state,
        codeChallenge,
        nonce,
        prompt: query.prompt,
      });
      return redirect(target, [serializeCookie(STATE_COOKIE, state, { maxAgeSeconds: STATE_TTL_SECONDS })]);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      log('warn', 'oauth sign-in could not start', { provider: params.provider, detail: error.detail });
      return backToSignIn(error.message);
    }
  },
});
