import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SocialPlatform } from '@shared/schemas/integrations';
import { hashSecret, newToken } from '../accounts/tokens';
import { isExpired, table, tableName, ttlIn } from '../table/client';
import { keys } from '../table/keys';

/** A connect round trip through a platform's consent page must finish within ten minutes. */
export const CONNECT_STATE_TTL_SECONDS = 600;

/** What the callback needs and checks: the flow's platform, who started it, for which company. */
export interface ConnectState {
  platform: SocialPlatform;
  companyId: number;
  userId: number;
  /** PKCE's code_verifier, kept server-side; only its S256 challenge went to the platform. */
  codeVerifier?: string;
}

/** RFC 7636: a 43-character verifier and its base64url SHA-256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * The OAuth `state` of a connect: random, stored hashed with the user and company it was made
 * for, and also set as a cookie by the connect route, so a callback is accepted only in the
 * browser that started it, by the same user, for the same company, once.
 */
export async function createConnectState(state: ConnectState): Promise<string> {
  const { token, hash } = newToken();
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.integrationState(hash),
        type: 'integration-state',
        ...state,
        ttl: ttlIn(CONNECT_STATE_TTL_SECONDS),
      },
    }),
  );
  return token;
}

/** Single use: the item is deleted as it is read, so a replayed callback finds nothing. */
export async function consumeConnectState(state: string): Promise<ConnectState | undefined> {
  if (!state || state.length > 200) return undefined;
  const out = await table().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.integrationState(hashSecret(state)),
      ReturnValues: 'ALL_OLD',
    }),
  );
  const item = out.Attributes as (ConnectState & { ttl: number }) | undefined;
  if (!item || isExpired(item)) return undefined;
  return { platform: item.platform, companyId: item.companyId, userId: item.userId, codeVerifier: item.codeVerifier };
}
