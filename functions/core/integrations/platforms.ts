import type { SocialPlatform } from '@shared/schemas/integrations';
import { credentials as oauthCredentials } from '../oauth/providers';
import { facebookClient } from './facebook-client';
import { instagramClient } from './instagram-client';
import { linkedinClient } from './linkedin-client';
import type { ClientCredentials, ClientFactory, PlatformClient } from './platform-client';
import { platformConfig } from '../platform-config';
import { threadsClient } from './threads-client';

const FACTORIES: Record<SocialPlatform, ClientFactory> = {
  facebook: facebookClient,
  instagram: instagramClient,
  threads: threadsClient,
  linkedin: linkedinClient,
};

/** The platform's client with today's configuration (base URLs and versions are read per call). */
export const platformClient = (platform: SocialPlatform): PlatformClient => FACTORIES[platform](platformConfig());

/** Instagram publishing goes through the same Meta app as Facebook. */
const appOf = (platform: SocialPlatform) => (platform === 'instagram' ? 'facebook' : platform);

/**
 * The app's client id and secret for a platform: OAUTH_<APP>_CLIENT_ID/SECRET on the embedded
 * runtime, the `OAuthClients` secret in AWS (keys facebook, threads, linkedin), read and kept
 * as social sign-in's are.
 */
export function clientCredentials(platform: SocialPlatform): Promise<ClientCredentials | undefined> {
  return oauthCredentials(appOf(platform));
}
