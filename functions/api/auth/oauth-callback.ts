import { COMPANY_COOKIE } from '@shared/constants';
import { authContracts } from '@shared/contracts/auth';
import { config } from '../../core/config';
import { clearCookie } from '../../core/http/cookies';
import { defineRoute, redirect } from '../../core/http/route';
import { log } from '../../core/log';
import { completeSignIn } from '../../core/companies/sign-in';
import { fetchProfile, label, OAuthError } from '../../core/oauth/oauth-client';
import { userForIdentity } from '../../core/oauth/identities';
import { consumeState } from '../../core/oauth/oauth-state';
import { credentials } from '../../core/oauth/providers';
import { backToSignIn, callbackUri, STATE_COOKIE } from './oauth-redirects';
import { signInCookies } from './session-cookies';

/**
 * The provider's redirect back: the state must be this browser's and unused; the code is
 * exchanged with the verifier kept beside the state (PKCE), and an ID token must carry the
 * state's nonce. Then sign in.
 */
export const oauthCallback = defineRoute(authContracts.oauthCallback, {
  access: 'public',
  handle: async ({ params, query, cookies }) => {
    const provider = params.provider;
    if (query.error) return backToSignIn(`${label(provider)} sign-in was cancelled.`);
    // The state must be the one this browser was given, and still unused.
    const stateOk = !!query.state && cookies[STATE_COOKIE] === query.state;
    const saved = stateOk && query.state ? await consumeState(query.state) : undefined;
    if (!saved || saved.provider !== provider || !query.code) {
      return backToSignIn('Your sign-in link expired or was already used. Please try again.');
    }
    const creds = await credentials(provider);
    if (!creds) return backToSignIn(`${label(provider)} sign-in is not configured yet.`);
    try {
      const profile = await fetchProfile(provider, creds, callbackUri(provider), {
        code: query.code,
        codeVerifier: saved.codeVerifier,
        nonce: saved.nonce,
      });
      const user = await userForIdentity(provider, profile);
      const signedIn = await completeSignIn(user, {
        inviteToken: saved.inviteToken,
        selectedCompany: cookies[COMPANY_COOKIE],
      });
      const target = signedIn.inviteError ? `/?inviteError=${encodeURIComponent(signedIn.inviteError)}` : '/';
      return redirect(`${config.appOrigin}${target}`, [...signInCookies(signedIn), clearCookie(STATE_COOKIE)]);
    } catch (error) {
      if (error instanceof OAuthError) {
        log('warn', 'oauth sign-in failed', { provider, detail: error.detail });
        return backToSignIn(error.message);
      }
      throw error;
    }
  },
});
