import type { Invoice } from '@shared/schemas/billing';
import { companyItemPrefix, partition } from '../table/keys';
import type { ProviderInvoice } from './billing-port';
import { invoices } from './invoice-entity';

/** Keyed by the provider's invoice id: reporting the same invoice again rewrites the same item. */
export async function recordInvoice(companyId: number, invoice: ProviderInvoice): Promise<void> {
  await invoices.put({
    companyId,
    invoiceId: invoice.id,
    number: invoice.number,
    date: invoice.date,
    amount: invoice.amount,
    link: invoice.link,
  });
}

/** GET /api/billing/invoices: newest first. */
export async function listInvoices(companyId: number): Promise<Invoice[]> {
  const items = await invoices.queryPartition(partition.company(companyId), companyItemPrefix.invoice);
  return items
    .sort((a, b) => b.date.localeCompare(a.date) || b.number.localeCompare(a.number))
    .map(({ number, date, amount, link }) => ({ number, date, amount, link }));
}
