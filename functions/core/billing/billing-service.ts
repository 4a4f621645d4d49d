import { billingMessages, type Interval } from '@shared/schemas/billing';
import { conflict, fieldError, notFound } from '../errors';
import { ttlIn } from '../table/client';
import { keys } from '../table/keys';
import { billingConfig } from './billing-config';
import { billingProvider, simulatedProvider } from './billing-provider';
import { checkouts } from './checkout-entity';
import { findPlan, priceOf } from './plan-store';
import { applyProviderSubscription, getSubscription, isLive, subscriptionView } from './subscription-store';

/** Long enough for the provider's retries of the completion event (Stripe: up to 3 days). */
const CHECKOUT_TTL_SECONDS = 7 * 24 * 3600;

/**
 * POST /api/billing/upgrade. The plan must be listed, activatable and priced for the interval
 * (else 422). A company already on that plan is told so; one with another live subscription
 * cancels or changes it first. Otherwise the provider's checkout is started, and the checkout
 * is remembered with the company and plan, which is what its completion event will apply.
 */
export async function startUpgrade(companyId: number, userId: number, input: { plan: string; interval: Interval }) {
  const plan = await findPlan(input.plan);
  if (!plan?.isVisible) throw fieldError('plan', billingMessages.unknownPlan);
  if (!plan.canActivate) throw fieldError('plan', billingMessages.cannotActivate);
  const price = priceOf(plan, input.interval);
  if (!price || price.amount <= 0) throw fieldError('interval', billingMessages.noPriceForInterval);

  const current = await getSubscription(companyId);
  if (current && isLive(current) && !current.cancelAtPeriodEnd) {
    // A demo's trial is the app's own, not a payment: a demo company may still check out any plan.
    if (current.source !== 'demo' && current.planSlug === plan.slug && current.interval === input.interval)
      return { message: billingMessages.alreadySubscribed(plan.name) };
    if (current.source !== 'demo')
      throw conflict(
        billingMessages.otherSubscriptionLive((await findPlan(current.planSlug))?.name ?? current.planSlug),
      );
  }

  const provider = billingProvider();
  const paidBefore = current !== undefined && current.source !== 'demo';
  const { sessionId, url } = await provider.startCheckout({
    companyId,
    plan,
    interval: input.interval,
    amount: price.amount,
    // One trial per company: a company that has paid before starts paying at once.
    trialDays: paidBefore ? 0 : plan.trialDays,
    customerId: current?.source === provider.name ? current.customerId : null,
    successUrl: billingConfig.billingPageUrl,
    cancelUrl: billingConfig.billingPageUrl,
  });
  await checkouts.put({
    sessionId,
    companyId,
    userId,
    planSlug: plan.slug,
    interval: input.interval,
    createdAt: new Date().toISOString(),
    completedAt: null,
    ttl: ttlIn(CHECKOUT_TTL_SECONDS),
  });
  return { redirectUrl: url };
}

/** POST /api/billing/cancel: at the end of the paid period, through the provider; the webhook confirms it later. */
export async function cancelSubscription(companyId: number) {
  const current = await getSubscription(companyId);
  if (!current || !isLive(current)) throw conflict(billingMessages.nothingToCancel);
  if (current.cancelAtPeriodEnd) throw conflict(billingMessages.alreadyCancelled);
  if (current.source === 'demo' || !current.providerSubscriptionId) throw conflict(billingMessages.demoCannotCancel);
  const provider = billingProvider();
  if (current.source !== provider.name) throw conflict(billingMessages.nothingToCancel);
  const remote = await provider.cancelAtPeriodEnd(current.providerSubscriptionId);
  // Applied now so the page shows it at once; the provider's event applies the same state again.
  await applyProviderSubscription(companyId, provider.name, remote, { replaces: false });
  return subscriptionView(companyId);
}

/** POST /api/billing/portal: the provider's page for the company's payment details. */
export async function portalAddress(companyId: number) {
  const current = await getSubscription(companyId);
  const provider = billingProvider();
  if (!current?.customerId || current.source !== provider.name) throw conflict(billingMessages.noPaymentDetails);
  return { redirectUrl: await provider.portalUrl(current.customerId, billingConfig.billingPageUrl) };
}

/** The payment simulation page pays its checkout; only the company that started it may. */
export async function paySimulatedCheckout(companyId: number, sessionId: string) {
  const provider = simulatedProvider();
  if (!provider) throw notFound();
  const checkout = await checkouts.get(keys.checkout(sessionId), { consistent: true });
  if (checkout?.companyId !== companyId) throw notFound(billingMessages.checkoutNotFound);
  await provider.payCheckout(sessionId);
}
