import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { checkIdOf, setIgnored } from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** DELETE /api/seo/audits/{auditId}/issues/{check}/ignore: back in the report at once. */
export const unignoreIssue = defineRoute(seoAuditContracts.unignoreIssue, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    return ok(await setIgnored(companyId, params.auditId, checkIdOf(params.check), false));
  },
});
