import type { SocialPlatform } from '@shared/schemas/integrations';
import { config } from '../../core/config';

/** The cookie binding a connect's state to the browser that started it. */
export const STATE_COOKIE = 'integration_state';
/** As long as sign-in keeps the selected company (functions/api/auth/session-cookies.ts). */
export const COMPANY_COOKIE_SECONDS = 400 * 24 * 3600;

/** Registered with each platform as the app's redirect URI. */
export const callbackUri = (platform: SocialPlatform) => `${config.appOrigin}/api/integrations/${platform}/callback`;

/** Where the browser lands after a connect: the apps tab, told what happened. */
export const appsTab = (outcome: { connected: SocialPlatform } | { error: string; platform: SocialPlatform }) => {
  const url = new URL(`${config.appOrigin}/settings/apps`);
  if ('connected' in outcome) url.searchParams.set('connected', outcome.connected);
  else {
    url.searchParams.set('platform', outcome.platform);
    url.searchParams.set('error', outcome.error);
  }
  return url.href;
};
