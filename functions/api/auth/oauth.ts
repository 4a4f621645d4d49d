import { COMPANY_COOKIE } from '@shared/constants';
import { authContracts, type ProviderName } from '@shared/contracts/auth';
import { config } from '../../core/config';
import { clearCookie, serializeCookie } from '../../core/http/cookies';
import { defineRoute, redirect } from '../../core/http/route';
import { log } from '../../core/log';
import { completeSignIn } from '../../core/accounts/sign-in';
import { authorizeUrl, fetchProfile, label, OAuthError } from '../../core/oauth/oauth-client';
import { userForIdentity } from '../../core/oauth/identities';
import { consumeState, createState, STATE_TTL_SECONDS } from '../../core/oauth/oauth-state';
import { credentials } from '../../core/oauth/providers';
import { signInCookies } from './session-cookies';

const STATE_COOKIE = 'oauth_state';
const callbackUri = (provider: ProviderName) => `${config.appOrigin}/api/auth/oauth/${provider}/callback`;

/** Errors end on the sign-in page, which shows the `message` query parameter as an alert. */
const backToSignIn = (message: string) =>
  redirect(`${config.appOrigin}/auth?message=${encodeURIComponent(message)}`, [clearCookie(STATE_COOKIE)]);

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
      const profile = await fetchProfile(provider, creds, callbackUri(provider), query.code);
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
