import type { ConnectedPlatform } from '@shared/schemas/integrations';
import { config } from '../config';

/**
 * Where each platform sends the browser back after its consent page, registered with it as the
 * redirect URI: `/api/integrations/<platform>/callback` (WordPress and the Google profile
 * included), and the business area's own for Google My Business.
 */
export const callbackUrl = (platform: ConnectedPlatform) =>
  platform === 'google-my-business'
    ? `${config.appOrigin}/api/business/callback`
    : `${config.appOrigin}/api/integrations/${platform}/callback`;
