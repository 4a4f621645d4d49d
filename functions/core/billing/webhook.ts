import { badRequest } from '../errors';
import { log } from '../log';
import { ttlIn } from '../table/client';
import { keys } from '../table/keys';
import { billingEvents } from './billing-event-entity';
import { WebhookSignatureError, type BillingEvent, type BillingProvider } from './billing-port';
import { billingProvider } from './billing-provider';
import { checkouts, type CheckoutItem } from './checkout-entity';
import { companyOfCustomer, linkCustomer } from './customer-store';
import { recordInvoice } from './invoice-store';
import { applyProviderSubscription } from './subscription-store';

const INVALID_SIGNATURE = 'The webhook signature is not valid.';

/** Past the provider's retries (Stripe: 3 days), so a late duplicate is still recognised. */
const EVENT_TTL_SECONDS = 30 * 24 * 3600;
/** A claim left by a delivery that crashed mid-way may be taken over after this. */
const STALE_CLAIM_MS = 5 * 60_000;

/**
 * POST /api/billing/webhook. The signature is checked over the raw body first (a bad or old one
 * is a 400); then the event is claimed by id with a conditional put, so a second delivery of
 * the same event, even at the same moment, applies nothing. A failure releases the claim and
 * answers 500, and the provider delivers again.
 */
export async function receiveWebhook(rawBody: string | Buffer, signature: string | undefined): Promise<void> {
  const provider = billingProvider();
  let event: BillingEvent;
  try {
    event = await provider.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      log('warn', 'billing: webhook refused', { reason: error.message });
      throw badRequest(INVALID_SIGNATURE);
    }
    throw error;
  }
  if (event.kind === 'ignored') return;
  if (!(await claim(provider.name, event))) return;
  try {
    await apply(provider, event);
    await billingEvents.update(keys.billingEvent(provider.name, event.id), { status: 'done' });
  } catch (error) {
    await billingEvents.delete(keys.billingEvent(provider.name, event.id));
    throw error;
  }
}

async function claim(provider: string, event: BillingEvent): Promise<boolean> {
  const now = Date.now();
  return billingEvents.put(
    {
      provider,
      eventId: event.id,
      eventType: event.type,
      status: 'processing',
      claimedAt: now,
      ttl: ttlIn(EVENT_TTL_SECONDS),
    },
    // Absent, or claimed by a delivery that crashed long enough ago.
    {
      when: {
        expression: '#status = :processing AND claimedAt < :stale',
        names: { '#status': 'status' },
        values: { ':processing': 'processing', ':stale': now - STALE_CLAIM_MS },
      },
    },
  );
}

async function apply(provider: BillingProvider, event: BillingEvent): Promise<void> {
  switch (event.kind) {
    case 'checkout-completed':
      return completeCheckout(provider, event);
    case 'subscription-changed': {
      const remote = await provider.getSubscription(event.subscriptionId);
      const companyId = await companyOfCustomer(provider.name, remote.customerId);
      // Unknown customer: the checkout's own completion event has not come yet, and will apply this state.
      if (companyId === undefined) return;
      await applyProviderSubscription(companyId, provider.name, remote, { replaces: false });
      return;
    }
    case 'invoice-paid': {
      const customerId = event.invoice.customerId;
      const companyId = customerId ? await companyOfCustomer(provider.name, customerId) : undefined;
      if (companyId === undefined) return;
      await recordInvoice(companyId, event.invoice);
      return;
    }
    case 'ignored':
      return;
  }
}

/**
 * A checkout is applied only if this app started it, for the company it names: the company
 * and plan come from the checkout item written at upgrade time, never from the event alone.
 */
async function completeCheckout(
  provider: BillingProvider,
  event: Extract<BillingEvent, { kind: 'checkout-completed' }>,
) {
  const checkout = await checkouts.get(keys.checkout(event.sessionId), { consistent: true });
  const refusal = await checkoutRefusal(provider, event, checkout);
  if (refusal || !checkout) {
    log('warn', `billing: checkout not applied: ${refusal ?? 'unknown session'}`, {
      eventId: event.id,
      sessionId: event.sessionId,
    });
    return;
  }
  const remote = await provider.getSubscription(event.subscriptionId ?? '');
  if (remote.customerId !== event.customerId) {
    log('warn', "billing: checkout not applied: the subscription is another customer's", {
      eventId: event.id,
      sessionId: event.sessionId,
    });
    return;
  }
  await applyProviderSubscription(checkout.companyId, provider.name, remote, {
    replaces: true,
    chosen: { planSlug: checkout.planSlug, interval: checkout.interval },
  });
  await checkouts.update(keys.checkout(event.sessionId), { completedAt: new Date().toISOString() });
}

/** Why a completed checkout must not be applied, or undefined when it may. */
async function checkoutRefusal(
  provider: BillingProvider,
  event: Extract<BillingEvent, { kind: 'checkout-completed' }>,
  checkout: CheckoutItem | undefined,
): Promise<string | undefined> {
  if (!checkout) return 'unknown session';
  if (event.companyRef !== String(checkout.companyId)) return 'the session names another company';
  if (!event.customerId || !event.subscriptionId) return 'no customer or subscription';
  if (!(await linkCustomer(provider.name, event.customerId, checkout.companyId)))
    return 'the customer pays for another company';
  return undefined;
}
