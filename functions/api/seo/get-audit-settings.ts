import { auditSettingsContracts } from '@shared/contracts/audit-settings';
import * as auditSettingsStore from '../../core/audit/audit-settings-store';
import { renderingAvailable } from '../../core/audit/crawl/page-render';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audit/settings: the company's crawl settings, or the defaults. */
export const getAuditSettings = defineRoute(auditSettingsContracts.getSettings, {
  access: 'company',
  handle: async ({ companyId }) =>
    ok({ ...(await auditSettingsStore.getAuditSettings(companyId)), renderingAvailable: renderingAvailable() }),
});
