import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

const billingCustomerItemSchema = z.object({
  provider: z.string(),
  customerId: z.string(),
  companyId: z.number(),
  createdAt: z.string(),
});

/**
 * BILLINGCUSTOMER#<provider>#<customer id> → the company it pays for. Written once, from a
 * checkout the company started; subscription and invoice events find their company here.
 * Listed under the company on GSI2 for the cascade.
 */
export const billingCustomers = defineEntity({
  type: 'billing-customer',
  schema: billingCustomerItemSchema,
  key: (c) => keys.billingCustomer(c.provider, c.customerId),
  indexes: (c) => index.companyByDate(c.companyId, 'BILLINGCUSTOMER', c.createdAt, c.customerId),
});
