import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, tableName } from '../table/client';
import { keys } from '../table/keys';
import { tooManyRequests } from '../errors';

export interface Limit {
  /** What is limited, e.g. `login-email`. */
  scope: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the table: one atomic ADD per attempt, expiring with the window.
 * Throws 429 once `max` attempts were made in the current window.
 */
export async function hit(limit: Limit, key: string): Promise<void> {
  const max = limit.scope.endsWith('-ip') ? limit.max * clientLimitScale() : limit.max;
  const window = Math.floor(Date.now() / 1000 / limit.windowSeconds);
  const out = await table().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateWindow(limit.scope, key, window),
      UpdateExpression: 'ADD #c :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': (window + 1) * limit.windowSeconds + 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (Number(out.Attributes?.count) > max) throw tooManyRequests();
}

/**
 * Per-client limits scale with RATE_LIMIT_CLIENT_SCALE: test suites send every request from
 * 127.0.0.1, where a per-address limit would count all their users as one client.
 */
function clientLimitScale(): number {
  const scale = Number(process.env.RATE_LIMIT_CLIENT_SCALE ?? 1);
  return Number.isFinite(scale) && scale >= 1 ? scale : 1;
}

/** Limits for the endpoints that guess or spam: generous for people, tight for scripts. */
export const LIMITS = {
  loginPerEmail: { scope: 'login-email', max: 10, windowSeconds: 900 },
  loginPerClient: { scope: 'login-ip', max: 50, windowSeconds: 900 },
  resetPerEmail: { scope: 'reset-email', max: 5, windowSeconds: 3600 },
  resetPerClient: { scope: 'reset-ip', max: 20, windowSeconds: 3600 },
  verifyMailPerEmail: { scope: 'verify-email', max: 5, windowSeconds: 3600 },
  registerPerClient: { scope: 'register-ip', max: 30, windowSeconds: 3600 },
} satisfies Record<string, Limit>;
