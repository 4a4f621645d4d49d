import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { listInvoices as list } from '../../core/billing/invoice-store';

export const listInvoices = defineRoute(billingContracts.invoices, {
  access: 'company',
  handle: async ({ companyId }) => ok(await list(companyId)),
});
