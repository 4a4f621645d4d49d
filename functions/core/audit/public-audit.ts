import type { PublicAudit } from '@shared/schemas/public-api';
import type { AuditItem } from './audit-entity';
import { latestFinished, recentAudits } from './audit-store';
import { getCompany } from '../companies/company-store';
import { eventDeliveries } from '../webhooks/webhook-outbox';

type PublicAuditRun = NonNullable<PublicAudit['audit']>;

/** An audit as the public API and the audit.finished event show it: the score and counts, no URL lists. */
function publicAudit(audit: AuditItem): PublicAuditRun {
  return {
    id: audit.id,
    status: audit.status,
    startedAt: audit.startedAt,
    finishedAt: audit.finishedAt ?? null,
    healthScore: audit.result?.score ?? null,
    pages: audit.result?.pages ?? null,
    issues: Object.entries(audit.result?.checks ?? {})
      .filter(([, outcome]) => outcome.count > 0)
      .map(([check, outcome]) => ({ check, count: outcome.count })),
  };
}

/** The latest finished audit of the company, if any. Reading never starts one (the report page does). */
export async function latestPublicAudit(companyId: number): Promise<PublicAudit> {
  const latest = latestFinished(await recentAudits(companyId));
  const company = await getCompany(companyId);
  return { website: company?.website ?? '', audit: latest ? publicAudit(latest) : null };
}

/** The audit.finished event of an audit as it will be stored: its end writes it in the same transaction. */
export const auditFinishedEvent = (audit: AuditItem) =>
  eventDeliveries(audit.companyId, 'audit.finished', { audit: publicAudit(audit) });
