import type { ProviderName } from '@shared/contracts/auth';
import { config } from '../../core/config';
import { clearCookie } from '../../core/http/cookies';
import { redirect } from '../../core/http/route';

/** The cookie binding an OAuth round trip to the browser that started it. */
export const STATE_COOKIE = 'oauth_state';
export const callbackUri = (provider: ProviderName) => `${config.appOrigin}/api/auth/oauth/${provider}/callback`;

/** Errors end on the sign-in page, which shows the `message` query parameter as an alert. */
export const backToSignIn = (message: string) =>
  redirect(`${config.appOrigin}/auth?message=${encodeURIComponent(message)}`, [clearCookie(STATE_COOKIE)]);
