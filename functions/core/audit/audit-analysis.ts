import { auditMessages } from '@shared/schemas/seo';
import { SEO_CHECKS, seoCheck, type SeoCheckId, type Severity } from '@shared/seo-checks';
import { healthScore } from '@shared/seo-health';
import { fetchMessages } from '../net';
import { CrawlState, FLAG, STATUS } from './crawl-state';
import type { PageRecord } from './page-record';
import { RECORD_CHECKS, SITE_CHECKS, SiteGraph, URL_CHECKS } from './site-checks';

export interface CheckOutcome {
  /** URLs affected. */
  count: number;
  /** The check's severity, or what a share check escalated to. */
  severity: Severity;
}

export interface AuditAnalysis {
  pages: number;
  score: number;
  totals: { errors: number; warnings: number; notices: number };
  checks: Record<SeoCheckId, CheckOutcome>;
  /** The URLs each failing check flagged, in crawl order. */
  affected: Map<SeoCheckId, string[]>;
  /** Set when the home page could not be audited (spec 02 §8 main page errors). */
  firstPageError?: string;
}

const ERROR_BIT = 1;
const WARNING_BIT = 2;

/**
 * The second pass after the last batch: URL checks over the graph, then the stored page
 * records one at a time (their page-level issues, and where their links and resources lead),
 * then the site checks; the Health Score from which pages have errors or warnings. Memory is
 * the crawl state plus one id list per failing check.
 */
export async function analyseCrawl(
  state: CrawlState,
  records: AsyncIterable<PageRecord>,
  options: { startUrl: string; maxRedirects: number },
): Promise<AuditAnalysis> {
  const graph = new SiteGraph(state, options.maxRedirects);
  const flagged = new Map<SeoCheckId, Set<number>>();
  const worst = new Uint8Array(state.size);
  const flag = (check: SeoCheckId, id: number) => {
    let ids = flagged.get(check);
    if (!ids) flagged.set(check, (ids = new Set()));
    ids.add(id);
    const severity = seoCheck(check).severity;
    if (severity === 'error') worst[id] = (worst[id] ?? 0) | ERROR_BIT;
    else if (severity === 'warning') worst[id] = (worst[id] ?? 0) | WARNING_BIT;
  };

  let pages = 0;
  for (let id = 0; id < state.size; id++) {
    if (!graph.isPage(id)) continue;
    pages++;
    for (const check of URL_CHECKS) if (check.test(graph, id)) flag(check.id, id);
  }
  for await (const record of records) {
    for (const issue of record.issues) flag(issue, record.id);
    for (const check of RECORD_CHECKS) if (check.test(graph, record)) flag(check.id, record.id);
  }

  const checks = {} as Record<SeoCheckId, CheckOutcome>;
  const affected = new Map<SeoCheckId, string[]>();
  for (const check of SEO_CHECKS) {
    const ids = flagged.get(check.id);
    checks[check.id] = { count: ids?.size ?? 0, severity: check.severity };
    if (ids?.size)
      affected.set(
        check.id,
        [...ids].sort((a, b) => a - b).map((id) => state.urlOf(id)),
      );
  }

  const start = new URL(options.startUrl);
  let siteErrors = 0;
  let siteWarnings = 0;
  for (const check of SITE_CHECKS) {
    const urls = check.test(graph, start);
    if (!urls) continue;
    const severity = check.severity?.(graph) ?? seoCheck(check.id).severity;
    checks[check.id] = { count: urls.length, severity };
    affected.set(check.id, urls);
    if (severity === 'error') siteErrors++;
    else if (severity === 'warning') siteWarnings++;
  }

  let pagesWithErrors = 0;
  let pagesWithWarningsOnly = 0;
  for (let id = 0; id < state.size; id++) {
    const bits = worst[id] ?? 0;
    if (bits & ERROR_BIT) pagesWithErrors++;
    else if (bits & WARNING_BIT) pagesWithWarningsOnly++;
  }
  const totals = { errors: 0, warnings: 0, notices: 0 };
  for (const outcome of Object.values(checks)) {
    if (outcome.severity === 'error') totals.errors += outcome.count;
    else if (outcome.severity === 'warning') totals.warnings += outcome.count;
    else totals.notices += outcome.count;
  }

  const firstPageError = firstPageProblem(graph, start);
  return {
    pages,
    score: firstPageError
      ? 0
      : healthScore({ pages, pagesWithErrors, pagesWithWarningsOnly, siteErrors, siteWarnings }),
    totals,
    checks,
    affected,
    firstPageError,
  };
}

/** Why the home page could not be audited, in the spec's terms (02 §8), or undefined when it was. */
export function firstPageProblem(graph: SiteGraph, start: URL): string | undefined {
  const state = graph.state;
  const startId = state.idOf(start.href.replace(/#.*$/, ''));
  if (startId === undefined) return undefined;
  if (state.has(startId, FLAG.blocked)) return auditMessages.firstPage.blocked;
  if (state.site.startLeftSite) return auditMessages.firstPage.invalidRedirect(state.site.startLeftSite);
  const kind = graph.redirectKind(startId);
  if (kind === 'loop') return auditMessages.firstPage.tooManyRedirects;
  const final = graph.finalTarget(startId);
  if (final === undefined) return auditMessages.firstPage.tooManyRedirects;
  const status = state.status(final);
  if (state.has(final, FLAG.blocked)) return auditMessages.firstPage.blocked;
  if (status === STATUS.unfetched) return undefined;
  if (status === STATUS.timeout) return auditMessages.firstPage.timeout;
  if (status === STATUS.tooLarge) return auditMessages.firstPage.tooLarge;
  if (status === STATUS.failed) return auditMessages.firstPage.connect(fetchMessages.unreachable(start.hostname));
  if (status >= 400 || status < 200 || graph.isRedirect(final)) return auditMessages.firstPage.badStatus(status);
  if (!state.has(final, FLAG.html)) return auditMessages.firstPage.notHtml;
  return undefined;
}
