import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { saveAuditSettings } from './audit-settings-store';

/**
 * A company's audits, its running-audit lock and its audit settings (COMPANY#<id> / AUDIT...).
 * The audits' objects (cursor, page data, issue lists) are under the company's bucket prefix,
 * which the media registration removes.
 */
export const auditData = partitionData({
  name: 'site audits',
  skPrefix: companyItemPrefix.audit,
  example: async (companyId) => {
    await saveAuditSettings(companyId, auditSettingsSchema.parse({ maxPages: 10 }));
  },
});
