import type { TestClient } from './api-client';

/**
 * The company of `client` on a paid plan, through the simulated checkout as the browser pays;
 * resolves once the webhook has recorded it (the checkout answers before that).
 */
export async function makePaid(client: TestClient): Promise<void> {
  const upgrade = await client.post('/api/billing/upgrade', { plan: 'organic', interval: 'month' });
  if (upgrade.status !== 200) throw new Error(`upgrade answered ${upgrade.status}: ${JSON.stringify(upgrade.body)}`);
  const sessionId = new URL(upgrade.body.redirectUrl as string).searchParams.get('session_id');
  const checkout = await client.post('/api/billing/simulation/checkout', { sessionId });
  if (checkout.status !== 204) throw new Error(`checkout answered ${checkout.status}`);
  for (let i = 0; i < 200; i++) {
    if ((await client.get('/api/billing/subscription')).body.isPaid === true) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the subscription never became paid');
}
