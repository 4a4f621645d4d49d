import { auditMessages } from '@shared/schemas/seo';
import type { IssueSummary, IssueTab, LinkRow, PageRow, ResourceRow } from '@shared/schemas/seo-audit';
import { SEO_CATEGORIES, SEO_CHECKS, isSeoCheckId, seoCheck, type SeoCheckId } from '@shared/seo-checks';
import { HEALTH_BANDS, healthBand, SEVERITY_RANK } from '@shared/seo-health';
import { conflict, notFound } from '../../errors';
import { keys } from '../../table/keys';
import { audits, type AuditItem, type AuditResult } from '../audit-entity';
import { loadAuditView, loadIssues, type AuditViewName } from '../audit-objects';
import { auditUseCases } from './audit-use-cases';
import { getAudit, latestReported, recentAudits } from '../audit-store';

/**
 * What the website audit's views read (functions/api/seo/*-audit*.ts): one company's audits,
 * their issues by tab, their lists paged, sorted and filtered, two of them compared. Only
 * audits with a report (finished, or stopped with pages) are read.
 */
export type ReportedAudit = AuditItem & { result: AuditResult };

const TOP_ISSUES = 5;

const hasReport = (audit: AuditItem | undefined): audit is ReportedAudit =>
  !!audit?.result && (audit.status === 'finished' || audit.status === 'stopped');

/** The audit `{auditId}` names (`latest`: the one the SEO report shows), or the spec's "no report" 404. */
export async function reportedAudit(companyId: number, auditId: string): Promise<ReportedAudit> {
  const audit =
    auditId === 'latest' ? latestReported(await recentAudits(companyId)) : await getAudit(companyId, auditId);
  if (!hasReport(audit)) throw notFound(auditMessages.noReport);
  return audit;
}

export function checkIdOf(check: string): SeoCheckId {
  if (!isSeoCheckId(check)) throw notFound(auditMessages.unknownCheck);
  return check;
}

/** One check's line in the issue report: its texts, severity and counts now, new and fixed. */
function summary(audit: ReportedAudit, check: SeoCheckId): IssueSummary {
  const entry = seoCheck(check);
  const outcome = audit.result.checks[check];
  const history = audit.result.history[check];
  const current = outcome?.count ?? 0;
  const off = audit.ignored?.includes(check)
    ? ('ignored' as const)
    : audit.settings.disabledChecks?.includes(check)
      ? ('disabled' as const)
      : undefined;
  return {
    check,
    name: entry.name,
    category: entry.category,
    severity: outcome?.severity ?? entry.severity,
    description: entry.description,
    how_to_fix: entry.fix,
    current,
    new: history?.new ?? 0,
    fixed: history?.fixed ?? 0,
    ...(audit.result.previousId ? { change: current - (history?.prev ?? 0) } : {}),
    ...(off ? { off } : {}),
  };
}

const worstFirst = (a: IssueSummary, b: IssueSummary) =>
  SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.current - a.current || a.name.localeCompare(b.name);

/** The Issue report's tab (spec 02 §2): worst severity first, then the most pages. */
export function issueTab(audit: ReportedAudit, tab: IssueTab): IssueSummary[] {
  const all = SEO_CHECKS.map((check) => summary(audit, check.id));
  const on = all.filter((issue) => !issue.off);
  const chosen = {
    current: on.filter((i) => i.current > 0),
    new: on.filter((i) => i.new > 0),
    all: on.filter((i) => i.current > 0 || i.fixed > 0),
    fixed: on.filter((i) => i.fixed > 0),
    off: all.filter((i) => i.off),
  }[tab];
  return chosen.sort(worstFirst);
}

/** The pages behind one issue in a tab, with the exact links or files at fault. */
export async function issuePages(
  companyId: number,
  audit: ReportedAudit,
  check: SeoCheckId,
  tab: IssueTab,
  page: { offset: number; limit: number },
) {
  const stored =
    audit.result.checks[check]?.count || audit.result.history[check]?.fixed
      ? await loadIssues(companyId, audit.id, check)
      : { entries: [], fixed: [] };
  const current = stored.entries.map(({ new: isNew, ...entry }) => ({
    ...entry,
    status: isNew ? ('new' as const) : ('current' as const),
  }));
  const fixed = stored.fixed.map((url) => ({ url, status: 'fixed' as const }));
  const items = {
    current,
    off: current,
    new: current.filter((i) => i.status === 'new'),
    fixed,
    all: [...current, ...fixed],
  }[tab];
  return {
    issue: summary(audit, check),
    tab,
    total: items.length,
    items: items.slice(page.offset, page.offset + page.limit),
  };
}

/** The Overview's widgets: from the audit item (no bucket read), the health history from the company's audits. */
export async function auditOverview(companyId: number, audit: ReportedAudit) {
  const { result } = audit;
  const history = (await recentAudits(companyId))
    .filter((a) => a.status === 'finished' && a.result && a.id <= audit.id)
    .map((a) => ({ id: a.id, finishedAt: a.finishedAt ?? a.startedAt, score: a.result?.score ?? 0 }))
    .reverse();
  const count = (check: SeoCheckId) => result.checks[check]?.count ?? 0;
  const current = issueTab(audit, 'current');
  const issueGroups = SEO_CATEGORIES.map((category) => {
    const group = { category: category.id, name: category.name, errors: 0, warnings: 0, notices: 0 };
    for (const check of SEO_CHECKS) {
      const outcome = result.checks[check.id];
      if (check.category !== category.id || !outcome?.count) continue;
      if (outcome.severity === 'error') group.errors += outcome.count;
      else if (outcome.severity === 'warning') group.warnings += outcome.count;
      else group.notices += outcome.count;
    }
    return group;
  });
  return {
    id: audit.id,
    website: audit.website,
    status: audit.status,
    ...(audit.finishedAt ? { finishedAt: audit.finishedAt } : {}),
    partial: audit.status === 'stopped',
    health: {
      score: result.score,
      band: healthBand(result.score),
      ranges: [...HEALTH_BANDS]
        .reverse()
        .map((band, i, all) => ({ name: band.name, min: band.min, max: (all[i + 1]?.min ?? 101) - 1 })),
      history,
    },
    crawledPages: result.pages,
    issuesByType: result.totals,
    stats: result.stats ?? null,
    robotsMeta: { noindex: count('noindex'), nosnippet: count('nosnippet'), xRobotsNoindex: count('x-robots-noindex') },
    orphanPages: count('orphan'),
    deadEndPages: count('dead-end'),
    issueGroups,
    topIssues: current.slice(0, TOP_ISSUES),
    useCases: auditUseCases(current),
    ...(result.rendering ? { rendering: result.rendering } : {}),
    ...(result.webVitals ? { webVitals: result.webVitals } : {}),
  };
}

interface ListQuery {
  offset: number;
  limit: number;
  order: 'asc' | 'desc';
  sort: string;
  search?: string | undefined;
  status?: string | undefined;
}

const statusMatches = (status: number, wanted: string | undefined) => {
  if (!wanted) return true;
  if (wanted === 'timeout' || wanted === 'failed') return status <= 0;
  return wanted.endsWith('xx') ? String(status)[0] === wanted[0] && status >= 100 : String(status) === wanted;
};

/** A list cell: text, a number, a flag, or nothing. */
type Cell = string | number | boolean | null | undefined;

function compare(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** One of the audit's lists, filtered, sorted (missing values last) and cut to a page. */
export async function auditList<Row extends PageRow | LinkRow | ResourceRow>(
  companyId: number,
  audit: ReportedAudit,
  name: AuditViewName,
  query: ListQuery,
  keep: (row: Row) => boolean,
) {
  const view = await loadAuditView<Row>(companyId, audit.id, name);
  const search = query.search?.toLowerCase();
  const urlsOf = (row: Row) => ('url' in row ? [row.url] : [row.source, row.target]);
  const rows = view.rows.filter(
    (row) =>
      keep(row) &&
      statusMatches(row.status, query.status) &&
      (!search || urlsOf(row).some((url) => url.toLowerCase().includes(search))),
  );
  const direction = query.order === 'desc' ? -1 : 1;
  const cell = (row: Row): Cell => (row as unknown as Record<string, Cell>)[query.sort];
  rows.sort((a, b) => {
    const x = cell(a);
    const y = cell(b);
    // Missing values stay last whichever the direction.
    if (x === undefined || x === null || y === undefined || y === null) return compare(x, y);
    return compare(x, y) * direction;
  });
  return {
    total: rows.length,
    offset: query.offset,
    truncated: view.truncated,
    rows: rows.slice(query.offset, query.offset + query.limit),
  };
}

/** Two audits of the company side by side, older first. */
export function compareTwo(a: ReportedAudit, b: ReportedAudit) {
  const [from, to] = a.id <= b.id ? [a, b] : [b, a];
  const side = (audit: ReportedAudit) => ({
    id: audit.id,
    ...(audit.finishedAt ? { finishedAt: audit.finishedAt } : {}),
    score: audit.result.score,
    pages: audit.result.pages,
  });
  const issues = SEO_CHECKS.flatMap((check) => {
    const before = from.result.checks[check.id]?.count ?? 0;
    const after = to.result.checks[check.id]?.count ?? 0;
    if (!before && !after) return [];
    const severity = to.result.checks[check.id]?.severity ?? from.result.checks[check.id]?.severity ?? check.severity;
    return [{ check: check.id, name: check.name, severity, from: before, to: after, change: after - before }];
  }).sort((x, y) => SEVERITY_RANK[y.severity] - SEVERITY_RANK[x.severity] || Math.abs(y.change) - Math.abs(x.change));
  const total = (key: 'errors' | 'warnings' | 'notices') => ({
    from: from.result.totals[key],
    to: to.result.totals[key],
  });
  return {
    from: side(from),
    to: side(to),
    totals: { errors: total('errors'), warnings: total('warnings'), notices: total('notices') },
    issues,
  };
}

/** The all-reports list: every recent audit of the company, newest first. */
export async function listAudits(companyId: number) {
  const recent = await recentAudits(companyId);
  const reported = latestReported(recent)?.id;
  return recent.map((audit) => ({
    id: audit.id,
    website: audit.website,
    status: audit.status,
    startedAt: audit.startedAt,
    ...(audit.finishedAt ? { finishedAt: audit.finishedAt } : {}),
    score: audit.result?.score ?? null,
    health: audit.result ? healthBand(audit.result.score) : null,
    errors: audit.result?.totals.errors ?? audit.progress.errors,
    warnings: audit.result?.totals.warnings ?? audit.progress.warnings,
    notices: audit.result?.totals.notices ?? audit.progress.notices,
    pages: audit.result?.pages ?? audit.progress.pages,
    reported: audit.id === reported,
  }));
}

/**
 * Ignores a check in the reported audit until the next audit, or stops ignoring it; at once.
 * Only the audit the report shows: an older audit's report no longer changes.
 */
export async function setIgnored(companyId: number, auditId: string, check: SeoCheckId, ignore: boolean) {
  const audit = await reportedAudit(companyId, auditId);
  const latest = latestReported(await recentAudits(companyId));
  if (latest?.id !== audit.id) throw conflict(auditMessages.ignoreOnlyLatest);
  const ignored = new Set(audit.ignored ?? []);
  if (ignore) ignored.add(check);
  else ignored.delete(check);
  const saved = await audits.update(keys.audit(companyId, audit.id), { ignored: [...ignored].sort() });
  return { id: audit.id, ignored: saved?.ignored ?? [] };
}
