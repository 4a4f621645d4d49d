import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { z } from 'zod';
import { config } from '../config';
import { conflict } from '../errors';

/**
 * Billing's settings, read from the environment at call time like functions/core/config:
 * - BILLING_PROVIDER: `stripe` or `simulated`; by default the simulated provider when the
 *   embedded runtime started one (PAYMENT_SANDBOX_ORIGIN), Stripe otherwise.
 * - PAYMENT_SANDBOX_ORIGIN, PAYMENT_SANDBOX_WEBHOOK_SECRET: the simulated provider (set by infra/local).
 * - STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or in AWS STRIPE_SECRET_ARN: a secret whose
 *   value is `{"secretKey":"sk_...","webhookSecret":"whsec_..."}`, read at run time.
 * - STRIPE_API_BASE: another address for Stripe's API (the tests' loopback Stripe).
 */
export const billingConfig = {
  get provider(): 'stripe' | 'simulated' {
    const named = config.billingProvider;
    if (named === 'stripe' || named === 'simulated') return named;
    return config.paymentSandboxOrigin ? 'simulated' : 'stripe';
  },
  get sandboxOrigin(): string | undefined {
    return config.paymentSandboxOrigin;
  },
  get sandboxWebhookSecret(): string | undefined {
    return config.paymentSandboxWebhookSecret;
  },
  get stripeApiBase(): string | undefined {
    return config.stripeApiBase;
  },
  /** Where the provider sends the browser back to. */
  get billingPageUrl(): string {
    return `${config.appOrigin}/settings/billing`;
  },
};

export const NOT_CONFIGURED = 'Payments are not set up yet. Please try again later.';

const stripeKeysSchema = z.object({ secretKey: z.string().trim(), webhookSecret: z.string().trim() });
export type StripeKeys = z.infer<typeof stripeKeysSchema>;
export type SecretReader = (secretId: string) => Promise<string | undefined>;

const readFromSecretsManager: SecretReader = async (secretId) =>
  (await new SecretsManagerClient({ region: config.region }).send(new GetSecretValueCommand({ SecretId: secretId })))
    .SecretString;

/** A rotated key is picked up within this time without a redeploy. */
const KEYS_TTL_MS = 5 * 60_000;

/**
 * Stripe's API key and webhook signing secret: from the environment, else from the secret,
 * kept for a few minutes. Until an operator fills the secret in, billing answers that payments
 * are not set up (409) rather than calling Stripe with an empty key.
 */
function createStripeKeySource(read: SecretReader = readFromSecretsManager, ttlMs = KEYS_TTL_MS, now = Date.now) {
  let cached: { secretId: string; keys: StripeKeys; expires: number } | undefined;
  return async function stripeKeys(): Promise<StripeKeys> {
    const fromEnv = config.stripeKeys;
    if (fromEnv) return fromEnv;
    const secretId = config.stripeSecretArn;
    if (!secretId) throw conflict(NOT_CONFIGURED);
    if (!cached || cached.secretId !== secretId || cached.expires <= now()) {
      const parsed = stripeKeysSchema.safeParse(JSON.parse((await read(secretId)) ?? '{}'));
      if (!parsed.success) throw conflict(NOT_CONFIGURED);
      cached = { secretId, keys: parsed.data, expires: now() + ttlMs };
    }
    if (!cached.keys.secretKey || !cached.keys.webhookSecret) throw conflict(NOT_CONFIGURED);
    return cached.keys;
  };
}

export const stripeKeys = createStripeKeySource();
