import { auditSettingsContracts } from '@shared/contracts/audit-settings';
import { getAuditSettings } from '../../core/audit/audit-settings-store';
import { renderingAvailable } from '../../core/audit/page-render';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audit/settings: the company's crawl settings, or the defaults. */
export const getSettings = defineRoute(auditSettingsContracts.getSettings, {
  access: 'company',
  handle: async ({ companyId }) =>
    ok({ ...(await getAuditSettings(companyId)), renderingAvailable: renderingAvailable() }),
});
