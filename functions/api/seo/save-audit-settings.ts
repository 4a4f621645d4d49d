import { auditSettingsContracts } from '@shared/contracts/audit-settings';
import { auditMessages } from '@shared/schemas/seo';
import { isSeoCheckId } from '@shared/seo-checks';
import { saveSettingsInput } from '../../core/audit/audit-settings-store';
import { renderingAvailable } from '../../core/audit/crawl/page-render';
import { fieldError } from '../../core/errors';
import { defineRoute, ok } from '../../core/http/route';

/**
 * PUT /api/seo/audit/settings: every rule of spec 02 §5 is the body schema's (the form runs the
 * same one); turned-off checks must be in the catalogue. The password is sealed, never echoed.
 */
export const saveAuditSettings = defineRoute(auditSettingsContracts.saveSettings, {
  access: 'company',
  handle: async ({ companyId, body }) => {
    // Turning checks off and the crawl's rules are the admins' and managers' (spec 02 §2, §6).
    const unknown = (body.disabledChecks ?? []).findIndex((check) => !isSeoCheckId(check));
    if (unknown >= 0) throw fieldError(`disabledChecks.${unknown}`, auditMessages.unknownCheck);
    return ok({ ...(await saveSettingsInput(companyId, body)), renderingAvailable: renderingAvailable() });
  },
});
