import type { SocialPlatform } from '@shared/schemas/integrations';
import { config } from '../../core/config';

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
