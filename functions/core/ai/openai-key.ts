import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../config';
import { TransientError } from '../errors';

/** A rotated key is picked up within this time without a redeploy. */
const KEY_TTL_MS = 5 * 60_000;

export type SecretReader = (secretId: string) => Promise<string | undefined>;

const readFromSecretsManager: SecretReader = async (secretId) => {
  const out = await new SecretsManagerClient({ region: config.region }).send(
    new GetSecretValueCommand({ SecretId: secretId }),
  );
  return out.SecretString;
};

/**
 * The OpenAI key: OPENAI_API_KEY when set, otherwise the SecretString of OPENAI_SECRET_ARN, read
 * at run time and kept for a few minutes. A failed read is not kept: it surfaces as a transient
 * error (the job is retried) and the next call reads again. An empty or placeholder secret means
 * "no key": the offline generator answers.
 */
export function createKeySource(read: SecretReader = readFromSecretsManager, ttlMs = KEY_TTL_MS, now = Date.now) {
  let cached: { secretId: string; key: string | undefined; expires: number } | undefined;
  let inFlight: Promise<string | undefined> | undefined;

  return async function openAiKey(): Promise<string | undefined> {
    if (config.openAiApiKey) return config.openAiApiKey;
    const secretId = config.openAiSecretArn;
    if (!secretId) return undefined;
    if (cached && cached.secretId === secretId && cached.expires > now()) return cached.key;
    inFlight ??= read(secretId)
      .then((value) => {
        const key = usableKey(value);
        cached = { secretId, key, expires: now() + ttlMs };
        return key;
      })
      .catch((error: unknown) => {
        throw new TransientError(`Could not read the OpenAI key from Secrets Manager: ${(error as Error).message}`, {
          cause: error,
        });
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

/** A secret created by the stack before anyone pastes a key holds a placeholder, not a key. */
function usableKey(value: string | undefined): string | undefined {
  const key = value?.trim();
  if (!key || /^(none|placeholder|changeme|replace[-_ ]?me|-)$/i.test(key)) return undefined;
  // Some store the key as JSON ({"apiKey": "..."}) rather than a bare string: accept both.
  if (key.startsWith('{')) {
    try {
      const parsed = JSON.parse(key) as Record<string, unknown>;
      const inner = parsed.apiKey ?? parsed.OPENAI_API_KEY ?? parsed.key;
      return typeof inner === 'string' ? usableKey(inner) : undefined;
    } catch {
      return undefined;
    }
  }
  return key;
}

export const openAiKey = createKeySource();
