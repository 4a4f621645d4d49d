import { auditSettingsContracts } from '@shared/contracts/audit-settings';
import { saveUrlList } from '../../core/audit/audit-settings-store';
import { companyWebsite } from '../../core/audit/company-website';
import { defineRoute, ok } from '../../core/http/route';

/** PUT /api/seo/audit/url-list: the TXT or CSV file of URLs the audit may start from (links to the company's site only). */
export const uploadUrlList = defineRoute(auditSettingsContracts.uploadUrlList, {
  access: 'company',
  handle: async ({ companyId, body }) => {
    // Part of the audit settings: the admins' and managers' (spec 02 §6).
    return ok(await saveUrlList(companyId, await companyWebsite(companyId), body));
  },
});
