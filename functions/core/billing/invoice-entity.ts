import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const invoiceItemSchema = z.object({
  companyId: z.number(),
  /** The provider's invoice id: the key, so the same invoice reported twice is one item. */
  invoiceId: z.string(),
  number: z.string(),
  date: z.string(),
  amount: z.number().int(),
  link: z.string(),
});

/** COMPANY#<id> / INVOICE#<provider invoice id>. */
export const invoices = defineEntity({
  type: 'invoice',
  schema: invoiceItemSchema,
  key: (i) => keys.invoice(i.companyId, i.invoiceId),
});
