import { collectionData, partitionData, type CompanyData } from '../companies/company-data';
import { log } from '../log';
import { ttlIn } from '../table/client';
import { companyItemPrefix } from '../table/keys';
import { billingCustomers } from './billing-customer-entity';
import { billingProvider } from './billing-provider';
import { checkouts } from './checkout-entity';
import { recordInvoice } from './invoice-store';
import { getSubscription, isLive, startDemoTrial } from './subscription-store';

/**
 * What billing stores for a company, for the company cascade. A demo reset keeps all of it: the
 * demo's trial is what lets every page of the demo work, and invoices are records, not "company
 * data, plans and posts".
 */
const subscriptionItem = partitionData({
  name: 'subscription',
  skPrefix: companyItemPrefix.subscription,
  keptByDemoReset: true,
  example: startDemoTrial,
});

/** Deleting a company stops its paid subscription from renewing before the item goes. */
const subscription: CompanyData = {
  ...subscriptionItem,
  remove: async (companyId) => {
    const current = await getSubscription(companyId);
    if (current?.providerSubscriptionId && isLive(current) && !current.cancelAtPeriodEnd) {
      try {
        const provider = billingProvider();
        if (provider.name === current.source) await provider.cancelAtPeriodEnd(current.providerSubscriptionId);
      } catch (error) {
        log('error', 'billing: could not cancel the subscription of a deleted company', {
          companyId,
          subscriptionId: current.providerSubscriptionId,
          error: (error as Error).message,
        });
      }
    }
    await subscriptionItem.remove(companyId);
  },
};

export const BILLING_DATA: readonly CompanyData[] = [
  subscription,
  partitionData({
    name: 'invoices',
    skPrefix: companyItemPrefix.invoice,
    keptByDemoReset: true,
    example: (companyId) =>
      recordInvoice(companyId, {
        id: `in_example_${companyId}`,
        number: `EX-${companyId}`,
        date: new Date().toISOString(),
        amount: 2900,
        link: 'https://example.com/invoice',
        paid: true,
        customerId: null,
        subscriptionId: null,
      }),
  }),
  collectionData({
    name: 'checkouts',
    kind: 'CHECKOUT',
    keptByDemoReset: true,
    example: async (companyId) => {
      await checkouts.put({
        sessionId: `cs_example_${companyId}`,
        companyId,
        userId: 1,
        planSlug: 'organic',
        interval: 'month',
        createdAt: new Date().toISOString(),
        completedAt: null,
        ttl: ttlIn(3600),
      });
    },
  }),
  collectionData({
    name: 'billing customers',
    kind: 'BILLINGCUSTOMER',
    keptByDemoReset: true,
    example: async (companyId) => {
      await billingCustomers.put({
        provider: 'simulated',
        customerId: `cus_example_${companyId}`,
        companyId,
        createdAt: new Date().toISOString(),
      });
    },
  }),
];
