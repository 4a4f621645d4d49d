import { auditMessages, type AuditProgress } from '@shared/schemas/seo';
import { SEO_CHECKS } from '@shared/seo-checks';
import { getUser } from '../accounts/user-store';
import { config } from '../config';
import { log } from '../log';
import { mailer } from '../mail/mail-port';
import { analyseCrawl } from './report/audit-analysis';
import { type AuditItem, type AuditResult } from './audit-entity';
import { checkedPagesOf, compareIssue, everyPageChecked, type CheckedPages } from './checks/audit-history';
import { auditReadyMail } from './report/audit-mail';
import {
  bucketPageSink,
  loadCrawlState,
  loadIssueUrls,
  readPageRecords,
  saveCrawlState,
  saveIssues,
} from './audit-objects';
import { endAudit, getAudit, latestFinished, recentAudits, renewRun, saveProgress } from './audit-store';
import { auditFinishedEvent } from './public-audit';
import { writeAuditViews } from './report/audit-views';
import { basicAuthOf, urlListOf } from './audit-settings-store';
import { crawlBatch } from './crawl/crawler';
import { HOST_WAIT_SECONDS, releaseHostLease, takeHostLease } from './crawl/host-lease';
import { leaveHostQueue, waitInHostQueue } from './crawl/host-queue';
import { CrawlState } from './crawl/crawl-state';

const progressOf = (state: CrawlState): AuditProgress => ({
  pages: state.counters.pages,
  urls: state.size,
  errors: state.counters.errors,
  warnings: state.counters.warnings,
  notices: state.counters.notices,
  batches: state.counters.batches,
});

/**
 * Task "Crawl" of site-audit.asl.json: one batch from the saved cursor, within the time budget,
 * then the cursor and counters are saved. `done` tells the workflow's Choice to finish.
 */
export async function runAuditBatch(
  companyId: number,
  auditId: string,
  signal?: AbortSignal,
): Promise<{ done: boolean; waitSeconds?: number }> {
  const audit = await getAudit(companyId, auditId);
  if (audit?.status !== 'running') return { done: true };
  // The run is alive: the work sweeper leaves it be for another watch (jobs/watch.ts).
  await renewRun(companyId, auditId);
  // Another company's audit of the same site goes first: this one waits its turn (the workflow's Wait).
  const lease = await takeHostLease(audit.website, companyId, auditId);
  if (!lease) {
    await waitInHostQueue(companyId, auditId, audit.website);
    return { done: false, waitSeconds: HOST_WAIT_SECONDS };
  }
  if (audit.queuePlace) await leaveHostQueue(companyId, auditId, audit.website);
  const saved = await loadCrawlState(companyId, auditId);
  const state = saved ? CrawlState.fromJSON(saved) : new CrawlState();
  const basicAuth = await basicAuthOf(audit);
  const outcome = await crawlBatch(state, {
    startUrl: audit.website,
    settings: audit.settings,
    ...(basicAuth ? { basicAuth } : {}),
    ...(lease.releasedAt ? { hostReleasedAt: lease.releasedAt } : {}),
    // The uploaded list is read when the crawl begins; later batches continue from the saved frontier.
    ...(saved ? {} : { seedUrls: await urlListOf(audit) }),
    sink: bucketPageSink(companyId, auditId, state.counters.chunks),
    deadline: performance.now() + config.auditBatchMs,
    shouldStop: async () => (await getAudit(companyId, auditId))?.status !== 'running',
    onProgress: (current) => saveProgress(companyId, auditId, progressOf(current)),
    ...(signal ? { signal } : {}),
  });
  await saveCrawlState(companyId, auditId, JSON.stringify(state));
  await saveProgress(companyId, auditId, progressOf(state));
  return { done: outcome.done || outcome.stopped };
}

/**
 * Task "Finish": the site checks over the whole crawl, the Health Score, the comparison with
 * the previous finished audit, the URL lists in the bucket, and the mail. A home page that
 * could not be audited ends the run as failed with the spec's sentence; a stopped run keeps
 * its partial data as "stopped".
 */
export async function finishAudit(
  companyId: number,
  auditId: string,
  /** False for a demo's sample audits: nobody is mailed and no webhook is told. */
  options: { notify?: boolean } = {},
): Promise<void> {
  const audit = await getAudit(companyId, auditId);
  if (!audit) return;
  await releaseHostLease(audit.website, auditId);
  // Stopped while it waited for its host: it waits no more.
  if (audit.queuePlace) await leaveHostQueue(companyId, auditId, audit.website);
  if (audit.status !== 'running' && audit.status !== 'stopping') return;
  const saved = await loadCrawlState(companyId, auditId);
  const state = saved ? CrawlState.fromJSON(saved) : new CrawlState();
  const analysis = await analyseCrawl(state, readPageRecords(companyId, auditId, state.counters.chunks), {
    startUrl: audit.website,
    maxRedirects: audit.settings.maxRedirects,
    minInlinks: audit.settings.minInlinks,
    disabledChecks: audit.settings.disabledChecks,
  });
  const progress = { ...progressOf(state), ...analysis.totals };
  if (analysis.firstPageError) {
    await endAudit(audit, {
      status: 'failed',
      progress,
      error: { kind: 'first-page', message: analysis.firstPageError },
    });
    return;
  }

  const previous = latestFinished(await recentAudits(companyId), auditId);
  const before = previous && (await checkedPagesOfAudit(companyId, previous.id));
  const now = checkedPagesOf(state);
  const history: AuditResult['history'] = {};
  const disabled = new Set(audit.settings.disabledChecks ?? []);
  for (const check of SEO_CHECKS) {
    // A check turned off was not run: its issues are neither gone nor fixed.
    if (disabled.has(check.id)) {
      history[check.id] = { prev: previous?.result?.checks[check.id]?.count ?? 0, now: 0, new: 0, fixed: 0 };
      continue;
    }
    const entries = analysis.entries.get(check.id) ?? [];
    const urls = previous?.result?.checks[check.id]?.count ? await loadIssueUrls(companyId, previous.id, check.id) : [];
    const compared = compareIssue(check.id, entries, before ? { urls, checked: before } : undefined, now);
    if (compared.history.entries.length || compared.history.fixed.length)
      await saveIssues(companyId, auditId, check.id, compared.history);
    history[check.id] = compared.counts;
  }
  const stats = await writeAuditViews(
    companyId,
    auditId,
    state,
    readPageRecords(companyId, auditId, state.counters.chunks),
    analysis,
  );
  const result: AuditResult = {
    score: analysis.score,
    pages: analysis.pages,
    totals: analysis.totals,
    checks: analysis.checks,
    history,
    stats,
    ...(state.site.rendering ? { rendering: state.site.rendering } : {}),
    ...(state.site.webVitals?.pages.length ? { webVitals: state.site.webVitals } : {}),
    ...(previous ? { previousId: previous.id } : {}),
  };
  const status = audit.status === 'stopping' ? 'stopped' : 'finished';
  const reported = status === 'finished' && options.notify !== false;
  const ended = await endAudit(
    audit,
    {
      status,
      result,
      progress,
      ...(status === 'stopped' ? { error: { kind: 'stopped' as const, message: auditMessages.stopped } } : {}),
    },
    undefined,
    reported ? auditFinishedEvent : undefined,
  );
  if (!ended || !reported) return;
  await mailReady(audit, result.score, previous?.result?.score);
}

/** What an earlier audit checked, from its saved crawl; every page when its crawl is not kept. */
async function checkedPagesOfAudit(companyId: number, auditId: string): Promise<CheckedPages> {
  const saved = await loadCrawlState(companyId, auditId);
  return saved ? checkedPagesOf(CrawlState.fromJSON(saved)) : everyPageChecked;
}

async function mailReady(audit: AuditItem, score: number, previous: number | undefined) {
  const user = await getUser(audit.userId);
  // The one who started it, and the addresses the audit settings add.
  const recipients = new Set([...(user ? [user.email.toLowerCase()] : []), ...audit.settings.notificationEmails]);
  for (const to of recipients) {
    try {
      await mailer().send(auditReadyMail(to, audit.website, score, previous));
    } catch (error) {
      // The report is there either way; a lost mail must not fail the audit.
      log('warn', 'audit ready mail failed', { auditId: audit.id, error: (error as Error).message });
    }
  }
}

/** Task "RecordFailure": the workflow gave up (a crash); the run ends with the spec's generic sentence. */
export async function failAudit(companyId: number, auditId: string): Promise<void> {
  const audit = await getAudit(companyId, auditId);
  if (!audit) return;
  await releaseHostLease(audit.website, auditId);
  if (audit.queuePlace) await leaveHostQueue(companyId, auditId, audit.website);
  await endAudit(audit, { status: 'failed', error: { kind: 'crashed', message: auditMessages.crashed } });
}
