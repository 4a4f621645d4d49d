import { cancel } from './cancel';
import { cancelPlanChange } from './cancel-plan-change';
import { changePlan } from './change-plan';
import { getSubscription } from './get-subscription';
import { listInvoices } from './list-invoices';
import { listPlans } from './list-plans';
import { portal } from './portal';
import { previewPlanChange } from './preview-plan-change';
import { upgrade } from './upgrade';
import { webhook } from './webhook';

export const routes = [
  getSubscription,
  listInvoices,
  listPlans,
  upgrade,
  previewPlanChange,
  changePlan,
  cancelPlanChange,
  cancel,
  portal,
  webhook,
];
