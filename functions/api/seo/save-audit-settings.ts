import { seoContracts } from '@shared/contracts/seo';
import { auditMessages } from '@shared/schemas/seo';
import { isSeoCheckId } from '@shared/seo-checks';
import { saveAuditSettings } from '../../core/audit/audit-store';
import { fieldError } from '../../core/errors';
import { defineRoute, ok } from '../../core/http/route';

/**
 * PUT /api/seo/audit/settings: prefixes must start and end with / (spec 02 §5), limits within
 * range, turned-off checks from the catalogue.
 */
export const saveSettings = defineRoute(seoContracts.saveSettings, {
  access: 'company',
  handle: async ({ companyId, body }) => {
    const unknown = (body.disabledChecks ?? []).findIndex((check) => !isSeoCheckId(check));
    if (unknown >= 0) throw fieldError(`disabledChecks.${unknown}`, auditMessages.unknownCheck);
    return ok(await saveAuditSettings(companyId, body));
  },
});
