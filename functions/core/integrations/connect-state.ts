import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { COMPANY_COOKIE } from '@shared/constants';
import { CONNECTED_PLATFORMS, type ConnectedPlatform } from '@shared/schemas/integrations';
import { hashSecret, newToken } from '../accounts/tokens';
import { config } from '../config';
import type { AuthUser } from '../http/route';
import { isMember } from '../membership';
import { ttlIn } from '../table/client';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** A connect round trip through a platform's consent page must finish within ten minutes. */
export const CONNECT_STATE_TTL_SECONDS = 600;

/** The cookie binding a connect's state to the browser that started it (every platform's). */
export const STATE_COOKIE = 'integration_state';

/**
 * What a connect's callback needs and checks: the flow's platform, who started it, for which
 * company, and what the flow must find again on the way back: PKCE's code_verifier (kept
 * server-side; only its S256 challenge went to the platform), the WordPress site the user named
 * (its authorize page answers with a `site_url` we compare) and its name.
 */
const connectStateSchema = z.object({
  stateHash: z.string(),
  platform: z.enum(CONNECTED_PLATFORMS),
  companyId: z.number().int(),
  userId: z.number().int(),
  codeVerifier: z.string().optional(),
  site: z.string().optional(),
  siteName: z.string().optional(),
  ttl: z.number(),
});
export type ConnectState = Omit<z.infer<typeof connectStateSchema>, 'stateHash' | 'ttl'>;

/**
 * The item as stored: states made before one connect model carried no `stateHash`, and a
 * WordPress or Google one named its platform `app` (ten minutes later none of them is left).
 */
const storedStateSchema = connectStateSchema.extend({
  stateHash: z.string().optional(),
  platform: connectStateSchema.shape.platform.optional(),
  app: z.enum(['wordpress', 'google', 'google-my-business']).optional(),
});

const connectStates = defineEntity({
  type: 'integration-state',
  schema: storedStateSchema,
  key: (s) => keys.integrationState(s.stateHash ?? ''),
});

/** RFC 7636: a 43-character verifier and its base64url SHA-256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The OAuth `state` of a connect: random, stored hashed with the user and company it was made
 * for, and also set as a cookie by the connect route (`startConnect`), so a callback is accepted
 * only in the browser that started it, by the same user, for the same company, once.
 */
export async function createConnectState(state: ConnectState): Promise<string> {
  const { token, hash } = newToken();
  await connectStates.put({ ...state, stateHash: hash, ttl: ttlIn(CONNECT_STATE_TTL_SECONDS) });
  return token;
}

/**
 * Single use: the state is read, then deleted on condition that it is still there, so of two
 * callbacks racing with one state only one finds it; an expired state reads as absent.
 */
async function consumeConnectState(state: string): Promise<ConnectState | undefined> {
  if (!state || state.length > 200) return undefined;
  const key = keys.integrationState(hashSecret(state));
  const saved = await connectStates.get(key, { consistent: true });
  if (!(await connectStates.delete(key, { ifExists: true })) || !saved) return undefined;
  const platform = saved.platform ?? saved.app;
  if (!platform) return undefined;
  const { codeVerifier, site, siteName } = saved;
  return { platform, companyId: saved.companyId, userId: saved.userId, codeVerifier, site, siteName };
}

/**
 * The callback's checks, all of them or nothing: the state came back in the browser that
 * started the flow (cookie), is unused and unexpired, was made for this platform, by this user,
 * for the company still selected, of which the user is still a member.
 */
export async function acceptConnectState(input: {
  platform: ConnectedPlatform;
  state: string | undefined;
  cookies: Record<string, string | undefined>;
  user: AuthUser;
}): Promise<ConnectState | undefined> {
  const { state, cookies, user, platform } = input;
  if (!state || cookies[STATE_COOKIE] !== state) return undefined;
  const saved = await consumeConnectState(state);
  if (
    !saved ||
    saved.platform !== platform ||
    saved.userId !== user.id ||
    cookies[COMPANY_COOKIE] !== String(saved.companyId) ||
    !(await isMember(saved.companyId, user.id))
  ) {
    return undefined;
  }
  return saved;
}

export const CONNECT_STATE_REFUSED = 'This connect link expired or was not started here. Please press Connect again.';

/**
 * Where the browser lands after a connect: the apps tab, told what happened: connected, or
 * connected to an account with several pages (or Business Profile accounts) to choose from
 * first (`choose`), or why not.
 */
export function appsTabUrl(
  outcome:
    { connected: ConnectedPlatform } | { choose: ConnectedPlatform } | { error: string; platform: ConnectedPlatform },
) {
  const url = new URL(`${config.appOrigin}/settings/apps`);
  if ('connected' in outcome) url.searchParams.set('connected', outcome.connected);
  else if ('choose' in outcome) url.searchParams.set('choose', outcome.choose);
  else {
    url.searchParams.set('platform', outcome.platform);
    url.searchParams.set('error', outcome.error);
  }
  return url.href;
}

export const signInFirstUrl = () =>
  `${config.appOrigin}/auth?message=${encodeURIComponent('Sign in, then connect again from the apps page.')}`;
