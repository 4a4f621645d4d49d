import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../../config';
import { forbidden } from '../../errors';
import { header, type HttpMiddleware } from '../event';

/** A rotated value is picked up within this time without a cold start. */
const CACHE_MS = 5 * 60_000;
/** A header that matches nothing re-reads the secret at most this often (rotation just happened). */
const REFRESH_ON_MISMATCH_MS = 30_000;

/**
 * In AWS: the Secrets Manager secret CloudFront's x-origin-verify header is made from
 * (ORIGIN_VERIFY_SECRET_ARN), read at run time so the value is never in the function's
 * configuration. ORIGIN_VERIFY_SECRET, a literal value, serves hosts without Secrets Manager.
 */
const secretArn = () => config.originVerifySecretArn;
const literal = () => config.originVerifySecret;

/** True where the API is reachable only through CloudFront, so CloudFront's headers can be trusted. */
export const behindCloudFront = () => !!(secretArn() || literal());

type Reader = (secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS') => Promise<string | undefined>;

let client: SecretsManagerClient | undefined;
const readStage: Reader = async (secretId, stage) => {
  client ??= new SecretsManagerClient({ region: config.region });
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }));
    return out.SecretString || undefined;
  } catch (error) {
    // A secret that was never rotated has no previous version.
    if (stage === 'AWSPREVIOUS' && (error as Error).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
};

/**
 * The values a request may carry: the current one and, during a rotation, the previous one
 * (CloudFront sends the old value until its distribution is updated). Cached per secret; a
 * failed read is not cached, and refuses the request rather than letting it through.
 */
export function originVerifyValues(read: Reader = readStage, now = Date.now) {
  let cached: { secretId: string; values: string[]; readAt: number } | undefined;
  let inFlight: Promise<string[]> | undefined;
  const load = (secretId: string) =>
    (inFlight ??= Promise.all([read(secretId, 'AWSCURRENT'), read(secretId, 'AWSPREVIOUS')])
      .then((values) => {
        const kept = values.filter((v): v is string => !!v);
        cached = { secretId, values: kept, readAt: now() };
        return kept;
      })
      .finally(() => {
        inFlight = undefined;
      }));
  return {
    async current(secretId: string): Promise<string[]> {
      if (cached?.secretId === secretId && now() - cached.readAt < CACHE_MS) return cached.values;
      return load(secretId);
    },
    /** After a mismatch: a fresh read if the cached one is old enough, otherwise the same values. */
    async refreshed(secretId: string): Promise<string[]> {
      if (cached?.secretId === secretId && now() - cached.readAt < REFRESH_ON_MISMATCH_MS) return cached.values;
      return load(secretId);
    },
  };
}

const values = originVerifyValues();

const matches = (given: string, expected: string[]) => {
  const a = Buffer.from(given);
  return expected.some((value) => {
    const b = Buffer.from(value);
    return a.length === b.length && timingSafeEqual(a, b);
  });
};

/**
 * Refuses requests that did not come through CloudFront (the HTTP API's own execute-api
 * URL is public). Behind this check, CloudFront's headers can be trusted.
 */
export function originVerify(source = values): HttpMiddleware {
  return {
    before: async ({ event }) => {
      const given = header(event, 'x-origin-verify') ?? '';
      const fixed = literal();
      if (fixed) {
        if (!matches(given, [fixed])) throw forbidden();
        return;
      }
      const arn = secretArn();
      if (!arn) return;
      if (!given) throw forbidden();
      if (matches(given, await source.current(arn))) return;
      if (!matches(given, await source.refreshed(arn))) throw forbidden();
    },
  };
}
