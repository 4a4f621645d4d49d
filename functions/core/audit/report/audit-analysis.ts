import { auditMessages } from '@shared/schemas/seo';
import { SEO_CHECKS, seoCheck, type SeoCheckId, type Severity } from '@shared/seo-checks';
import { healthScore, pageHealth as healthOf, type PageIssues } from '@shared/seo-health';
import { fetchMessages } from '../../net';
import { CrawlState, FLAG, STATUS } from '../crawl/crawl-state';
import { pageCopies, unloaded } from '../checks/page-copies';
import type { PageRecord } from '../crawl/page-record';
import { RECORD_CHECKS, SITE_CHECKS, SiteGraph, URL_CHECKS } from '../checks/site-checks';

interface CheckOutcome {
  /** URLs affected. */
  count: number;
  /** The check's severity, or what a share check escalated to. */
  severity: Severity;
}

/** One URL a check flagged, with what is behind it: the links or files at fault, or the value it shares. */
export interface IssueEntry {
  url: string;
  /** The links, resources, canonical or alternates that make the issue (exact URLs). */
  targets?: string[];
  /** For duplicates, what the group shares (the title, the description, the text's hash or its first page). */
  group?: string;
  /** How many more URLs of the page (its query-string copies, page-copies.ts) have the issue too. */
  copies?: number;
}

export interface AuditAnalysis {
  /** URLs of the site crawled or refused by robots.txt, each query-string copy counted. */
  pages: number;
  score: number;
  totals: { errors: number; warnings: number; notices: number };
  checks: Record<SeoCheckId, CheckOutcome>;
  /** The URLs each failing check flagged, in crawl order. */
  affected: Map<SeoCheckId, string[]>;
  /** The same, each URL with what is behind it. */
  entries: Map<SeoCheckId, IssueEntry[]>;
  /** Crawled URLs without errors or warnings, with warnings only, with errors. */
  pageHealth: { healthy: number; withWarnings: number; withErrors: number };
  /** Set when the home page could not be audited (spec 02 §8 main page errors). */
  firstPageError?: string;
}

interface Flag {
  targets?: number[];
  group?: string;
}
/** Most flags have no detail: one shared object, not one per page and check. */
const NO_DETAIL: Flag = Object.freeze({});

/**
 * The second pass after the last batch: the stored page records one at a time (their
 * page-level issues, where their links and resources lead, their text sketches), then the URL
 * checks over the graph, then the site checks; the Health Score from each page's errors and
 * warnings. Checks the audit's settings turned off are not run. A page's query-string copies
 * are one page in the issue counts and the score (page-copies.ts), and a page that could not be
 * loaded scores 0: breaking a page never raises the score. Memory is the crawl state plus one
 * entry per flagged URL and one sketch per indexable page.
 */
export async function analyseCrawl(
  state: CrawlState,
  records: AsyncIterable<PageRecord>,
  options: { startUrl: string; maxRedirects: number; minInlinks?: number; disabledChecks?: readonly string[] },
): Promise<AuditAnalysis> {
  const graph = new SiteGraph(state, options.maxRedirects, options.minInlinks);
  const disabled = new Set(options.disabledChecks ?? []);
  const flagged = new Map<SeoCheckId, Map<number, Flag>>();
  const errors = new Uint8Array(state.size);
  const warnings = new Uint8Array(state.size);
  const flag = (check: SeoCheckId, id: number, detail: Flag = NO_DETAIL) => {
    if (disabled.has(check)) return;
    let ids = flagged.get(check);
    if (!ids) flagged.set(check, (ids = new Map<number, Flag>()));
    if (ids.has(id)) return;
    ids.set(id, detail);
    const severity = seoCheck(check).severity;
    if (severity === 'error') errors[id] = Math.min(255, (errors[id] ?? 0) + 1);
    else if (severity === 'warning') warnings[id] = Math.min(255, (warnings[id] ?? 0) + 1);
  };

  // What duplicate pages share, read from their records: the report groups them by it.
  const shared = new Map<number, string>();
  for await (const record of records) {
    for (const issue of record.issues) flag(issue, record.id);
    for (const check of RECORD_CHECKS) {
      const targets = check.targets(graph, record);
      if (targets.length) flag(check.id, record.id, { targets });
    }
    if (record.sketch) graph.addSketch(record.id, record.sketch);
    if (graph.duplicateTitle(record.id) && record.title) shared.set(record.id, record.title);
  }

  let pages = 0;
  for (let id = 0; id < state.size; id++) {
    if (!graph.isPage(id)) continue;
    pages++;
    for (const check of URL_CHECKS) {
      if (!check.test(graph, id)) continue;
      const targets = check.targets?.(graph, id);
      const group = groupOf(graph, check.id, id, shared);
      flag(
        check.id,
        id,
        targets?.length || group ? { ...(targets?.length ? { targets } : {}), ...(group ? { group } : {}) } : NO_DETAIL,
      );
    }
  }

  const checks = {} as Record<SeoCheckId, CheckOutcome>;
  const affected = new Map<SeoCheckId, string[]>();
  const entries = new Map<SeoCheckId, IssueEntry[]>();
  const copyOf = pageCopies(graph);
  for (const check of SEO_CHECKS) {
    const ids = flagged.get(check.id);
    if (!ids?.size) {
      checks[check.id] = { count: 0, severity: check.severity };
      continue;
    }
    // One entry per page: its first flagged URL, with how many of its copies have the issue too.
    const pageEntries = new Map<number, { id: number; detail: Flag; copies: number }>();
    for (const [id, detail] of [...ids].sort(([a], [b]) => a - b)) {
      const page = copyOf[id] ?? id;
      const seen = pageEntries.get(page);
      if (seen) seen.copies++;
      else pageEntries.set(page, { id, detail, copies: 0 });
    }
    const list = [...pageEntries.values()];
    checks[check.id] = { count: list.length, severity: check.severity };
    affected.set(
      check.id,
      list.map(({ id }) => state.urlOf(id)),
    );
    entries.set(
      check.id,
      list.map(({ id, detail, copies }) => ({
        url: state.urlOf(id),
        ...(detail.targets ? { targets: detail.targets.map((to) => state.urlOf(to)) } : {}),
        ...(detail.group ? { group: detail.group } : {}),
        ...(copies ? { copies } : {}),
      })),
    );
  }

  const start = new URL(options.startUrl);
  let siteErrors = 0;
  let siteWarnings = 0;
  for (const check of SITE_CHECKS) {
    if (disabled.has(check.id)) continue;
    const urls = check.test(graph, start);
    if (!urls) continue;
    const severity = check.severity?.(graph) ?? seoCheck(check.id).severity;
    checks[check.id] = { count: urls.length, severity };
    affected.set(check.id, urls);
    entries.set(
      check.id,
      urls.map((url) => ({ url })),
    );
    if (severity === 'error') siteErrors++;
    else if (severity === 'warning') siteWarnings++;
  }

  const totals = { errors: 0, warnings: 0, notices: 0 };
  for (const outcome of Object.values(checks)) {
    if (outcome.severity === 'error') totals.errors += outcome.count;
    else if (outcome.severity === 'warning') totals.warnings += outcome.count;
    else totals.notices += outcome.count;
  }

  // A page scores as its worst URL (its copies differ only in what their addresses fail).
  const worst = new Map<number, PageIssues>();
  for (let id = 0; id < state.size; id++) {
    if (!graph.isPage(id)) continue;
    const issues: PageIssues = unloaded(graph, id)
      ? { errors: errors[id] ?? 0, warnings: warnings[id] ?? 0, unloaded: true }
      : { errors: errors[id] ?? 0, warnings: warnings[id] ?? 0 };
    const page = copyOf[id] ?? id;
    const seen = worst.get(page);
    if (!seen || healthOf(issues) < healthOf(seen)) worst.set(page, issues);
  }

  const pageHealth = { healthy: 0, withWarnings: 0, withErrors: 0 };
  for (let id = 0; id < state.size; id++) {
    if (!graph.isPage(id)) continue;
    if (errors[id]) pageHealth.withErrors++;
    else if (warnings[id]) pageHealth.withWarnings++;
    else pageHealth.healthy++;
  }

  const firstPageError = firstPageProblem(graph, start);
  return {
    pages,
    score: firstPageError
      ? 0
      : healthScore({ pages: worst.size, pagesWithIssues: worst.values(), siteErrors, siteWarnings }),
    totals,
    checks,
    affected,
    entries,
    pageHealth,
    firstPageError,
  };
}

/** What a duplicate's group shares: its title, its text (by hash), or the first page of near-duplicates. */
function groupOf(graph: SiteGraph, check: SeoCheckId, id: number, titles: Map<number, string>): string | undefined {
  const state = graph.state;
  switch (check) {
    case 'title-duplicate':
      return titles.get(id) ?? state.titleHash[id];
    case 'description-duplicate':
      return state.descriptionHash[id];
    case 'duplicate-content':
      return state.contentHash[id];
    case 'near-duplicate-content': {
      const first = graph.nearDuplicateGroup(id);
      return first === undefined ? undefined : state.urlOf(first);
    }
    default:
      return undefined;
  }
}

/** Why the home page could not be audited, in the spec's terms (02 §8), or undefined when it was. */
function firstPageProblem(graph: SiteGraph, start: URL): string | undefined {
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
