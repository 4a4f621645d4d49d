import { seoContracts } from '@shared/contracts/seo';
import { requestStop } from '../../core/audit/audit-store';
import { auditRunOf } from '../../core/audit/report/seo-report';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/seo/audit/stop: the running audit stops at its next check and keeps what it crawled (409 when none runs). */
export const stopAudit = defineRoute(seoContracts.stop, {
  access: 'company',
  handle: async ({ companyId }) => ok(auditRunOf(await requestStop(companyId))),
});
