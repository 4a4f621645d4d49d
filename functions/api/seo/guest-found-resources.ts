import { guestAuditContracts } from '@shared/contracts/audit-share';
import { defineRoute } from '../../core/http/route';
import { asGuest } from './guest-access';
import { listFoundResources } from './list-found-resources';

/** GET /api/seo/shared/{token}/audits/{auditId}/resources: a guest link's Found resources module, read-only. */
export const guestFoundResources = defineRoute(guestAuditContracts.foundResources, {
  access: 'public',
  handle: asGuest('resources', listFoundResources),
});
