import { cancel } from './cancel';
import { getSubscription } from './get-subscription';
import { listInvoices } from './list-invoices';
import { listPlans } from './list-plans';
import { portal } from './portal';
import { upgrade } from './upgrade';
import { webhook } from './webhook';

export const routes = [getSubscription, listInvoices, listPlans, upgrade, cancel, portal, webhook];
