import { conflict } from '../errors';
import type { BillingProvider } from './billing-port';
import { billingConfig, NOT_CONFIGURED, stripeKeys } from './billing-config';
import { createSimulatedAdapter, type SimulatedProvider } from './simulated-adapter';
import { createStripeAdapter } from './stripe-adapter';

let cached: { key: string; provider: BillingProvider } | undefined;

/** The configured provider, built once per configuration (the embedded runtime sets it before the first request). */
export function billingProvider(): BillingProvider {
  const name = billingConfig.provider;
  const key = `${name}|${billingConfig.sandboxOrigin ?? ''}|${billingConfig.stripeApiBase ?? ''}`;
  if (cached?.key === key) return cached.provider;
  let provider: BillingProvider;
  if (name === 'simulated') {
    const origin = billingConfig.sandboxOrigin;
    const webhookSecret = billingConfig.sandboxWebhookSecret;
    if (!origin || !webhookSecret) throw conflict(NOT_CONFIGURED);
    provider = createSimulatedAdapter({ origin, webhookSecret });
  } else {
    provider = createStripeAdapter({ keys: stripeKeys, apiBase: billingConfig.stripeApiBase });
  }
  cached = { key, provider };
  return provider;
}

/** The simulated provider, when it is the one configured (the payment simulation page's route). */
export function simulatedProvider(): SimulatedProvider | undefined {
  const provider = billingProvider();
  return provider.name === 'simulated' ? (provider as SimulatedProvider) : undefined;
}
