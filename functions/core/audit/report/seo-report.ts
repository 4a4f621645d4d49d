import type { AuditRun, SeoReport, SeoSection } from '@shared/schemas/seo';
import { SEO_CATEGORIES, SEO_CHECKS } from '@shared/seo-checks';
import { healthBand } from '@shared/seo-health';
import { hasPaidPlan } from '../../billing/paid-plan';
import type { AuditItem } from '../audit-entity';
import { outdatedBy } from '../audit-outdated';
import { getAuditSettings } from '../audit-settings-store';
import { freeAuditsLeft, latestReported } from '../audit-store';
import { ownsSite } from '../site-ownership';

export const auditRunOf = (audit: AuditItem): AuditRun => ({
  id: audit.id,
  status: audit.status,
  startedAt: audit.startedAt,
  ...(audit.finishedAt ? { finishedAt: audit.finishedAt } : {}),
  website: audit.website,
  progress: audit.progress,
  ...(audit.error ? { error: audit.error } : {}),
  ...(audit.queuePlace && audit.status === 'running' ? { queuePlace: audit.queuePlace } : {}),
});

/**
 * The SEO report of spec 01 §3 / 02 §3 from a company's recent audits: the latest finished one
 * (or a later stopped one, as a partial report) is the report (sections are the check categories, props the checks with the pages they
 * affect and their status, pageDataHistory the comparison with the audit before it); the
 * latest run, whatever its state, rides along so the page can show progress or an error.
 */
function buildReport(
  recent: AuditItem[],
  website: string,
  paidPlan: boolean,
  outdated: SeoReport['outdated'],
): SeoReport {
  const latest = recent[0];
  const finished = latestReported(recent);
  const common = {
    website,
    outdated,
    audit: latest ? auditRunOf(latest) : null,
    free_audits_left: freeAuditsLeft(recent),
    paid_plan: paidPlan,
  };
  const result = finished?.result;
  if (!finished || !result) {
    return {
      ...common,
      is_finished: false,
      partial: false,
      audit_time: null,
      weighted_score_percent: 0,
      health: null,
      total_errors: 0,
      total_warnings: 0,
      total_notices: 0,
      pages_crawled: 0,
      sections: [],
      pageDataHistory: {},
    };
  }
  const sections: SeoSection[] = SEO_CATEGORIES.map((category) => ({
    id: category.id,
    name: category.name,
    props: SEO_CHECKS.filter((check) => check.category === category.id).map((check) => {
      const outcome = result.checks[check.id];
      const value = outcome?.count ?? 0;
      return {
        id: check.id,
        name: check.name,
        value,
        status: value > 0 ? (outcome?.severity ?? check.severity) : 'success',
        description: check.description,
        how_to_fix: check.fix,
      };
    }),
  }));
  return {
    ...common,
    is_finished: true,
    partial: finished.status === 'stopped',
    audit_time: finished.finishedAt ?? finished.startedAt,
    weighted_score_percent: result.score,
    health: healthBand(result.score),
    total_errors: result.totals.errors,
    total_warnings: result.totals.warnings,
    total_notices: result.totals.notices,
    pages_crawled: result.pages,
    sections,
    pageDataHistory: result.history,
  };
}

/** The company's report as GET /api/seo/report answers it: with its plan, and whether it is outdated. */
export async function companyReport(companyId: number, website: string, recent: AuditItem[]): Promise<SeoReport> {
  const reported = latestReported(recent);
  const [paidPlan, settings, owns] = await Promise.all([
    hasPaidPlan(companyId),
    reported ? getAuditSettings(companyId) : undefined,
    reported ? ownsSite(companyId, website) : false,
  ]);
  const outdated = reported && settings ? outdatedBy(reported, { website, settings, ownsSite: owns }) : null;
  return buildReport(recent, website, paidPlan, outdated);
}
