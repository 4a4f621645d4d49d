import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { checkIdOf, setIgnored } from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/seo/audits/{auditId}/issues/{check}/ignore: hidden from the report until the next audit. */
export const ignoreIssue = defineRoute(seoAuditContracts.ignoreIssue, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    return ok(await setIgnored(companyId, params.auditId, checkIdOf(params.check), true));
  },
});
