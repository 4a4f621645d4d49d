import { keys } from '../table/keys';
import { billingCustomers } from './billing-customer-entity';

/**
 * Ties a provider's customer to the company whose checkout created it, once: a customer
 * already tied to another company stays with it (answers false), so no event can move a
 * paying customer, and their subscription, to a different company.
 */
export async function linkCustomer(provider: string, customerId: string, companyId: number): Promise<boolean> {
  const created = await billingCustomers.put(
    { provider, customerId, companyId, createdAt: new Date().toISOString() },
    { ifAbsent: true },
  );
  if (created) return true;
  return (await companyOfCustomer(provider, customerId)) === companyId;
}

export async function companyOfCustomer(provider: string, customerId: string): Promise<number | undefined> {
  return (await billingCustomers.get(keys.billingCustomer(provider, customerId), { consistent: true }))?.companyId;
}
