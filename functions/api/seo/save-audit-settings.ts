import { seoContracts } from '@shared/contracts/seo';
import { saveAuditSettings } from '../../core/audit/audit-store';
import { defineRoute, ok } from '../../core/http/route';

/** PUT /api/seo/audit/settings: prefixes must start and end with / (spec 02 §5), limits within range. */
export const saveSettings = defineRoute(seoContracts.saveSettings, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await saveAuditSettings(companyId, body)),
});
