import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { checkIdOf, setIgnored } from '../../core/audit/audit-reads';
import { defineRoute, ok } from '../../core/http/route';
import { assertCanConfigureAudit } from '../../core/membership';

/** POST /api/seo/audits/{auditId}/issues/{check}/ignore: hidden from the report until the next audit. */
export const ignoreIssue = defineRoute(seoAuditContracts.ignoreIssue, {
  access: 'company',
  handle: async ({ companyId, user, params }) => {
    await assertCanConfigureAudit(companyId, user.id);
    return ok(await setIgnored(companyId, params.auditId, checkIdOf(params.check), true));
  },
});
