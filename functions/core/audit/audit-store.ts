import { ulid } from 'ulid';
import { auditMessages, FREE_AUDITS_PER_MONTH, type AuditProgress } from '@shared/schemas/seo';
import { auditSettingsMessages, onScanExclusionList } from '@shared/schemas/audit-settings';
import { badRequest, conflict } from '../errors';
import { workflows } from '../jobs/workflow-port';
import { bothHold, isAbandoned, MAX_RESUMES, sameWatch, UNWATCH, watchFor, watchIndex } from '../jobs/watch';
import { releaseHostLease } from './crawl/host-lease';
import { leaveHostQueue } from './crawl/host-queue';
import { log } from '../log';
import { transact } from '../table/entity';
import { emptyOutbox, type Outbox } from '../table/outbox';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { auditLocks, audits, type AuditItem } from './audit-entity';
import { getAuditSettings, sealedBasicAuth } from './audit-settings-store';
import { crawlSettings } from './crawl/crawl-policy';
import { ownsSite } from './site-ownership';

/** A lock older than this belongs to a run that died without releasing it (the workflow gives up long before). */
const STALE_LOCK_MS = 24 * 3600_000;
/** Longer than a start takes from its lock to its audit item: past it, a lock without an audit is a dead start. */
const ORPHAN_LOCK_MS = 60_000;
const RECENT = 30;
/**
 * How long a run may go without a crawl batch renewing its watch before the work sweeper takes
 * it for dead: longer than a batch's Task (300 s) with its retries. A restart of the embedded
 * runtime takes its runs back at once (their boot).
 */
const AUDIT_WATCH_MS = 15 * 60_000;

/** An audit's writes while it runs: a stopped or finished one keeps what it has. */
const inProgress = {
  expression: '#status IN (:running, :stopping)',
  names: { '#status': 'status' },
  values: { ':running': 'running', ':stopping': 'stopping' },
};

/** What the site-audit workflow receives: which audit of which company. The cursor is in the bucket. */
interface AuditWorkflowInput {
  companyId: number;
  auditId: string;
}

export const getAudit = (companyId: number, auditId: string) =>
  audits.get(keys.audit(companyId, auditId), { consistent: true });

/** The company's latest audits, newest first. */
export async function recentAudits(companyId: number, limit = RECENT): Promise<AuditItem[]> {
  return audits.query({
    pk: partition.company(companyId),
    sk: { beginsWith: companyItemPrefix.auditRun },
    descending: true,
    limit,
  });
}

/** The latest complete audit (before `before`): what a new audit is compared with. */
export const latestFinished = (list: AuditItem[], before?: string) =>
  list.find((a) => a.status === 'finished' && (!before || a.id < before));

/**
 * The audit the report shows: the latest finished one, or a later stopped one that crawled
 * pages (its own partial crawl, labelled partial), never an older audit in its place.
 */
export const latestReported = (list: AuditItem[]) =>
  list.find((a) => a.result && (a.status === 'finished' || (a.status === 'stopped' && a.result.pages > 0)));

/** Free audits this calendar month (UTC) that ran or are running: stopped and failed runs do not count. */
function freeAuditsUsed(list: AuditItem[], now = new Date()): number {
  const month = now.toISOString().slice(0, 7);
  return list.filter((a) => a.free && a.startedAt.startsWith(month) && a.status !== 'stopped' && a.status !== 'failed')
    .length;
}

export const freeAuditsLeft = (list: AuditItem[]) => Math.max(0, FREE_AUDITS_PER_MONTH - freeAuditsUsed(list));

const emptyProgress = (): AuditProgress => ({ pages: 0, urls: 0, errors: 0, warnings: 0, notices: 0, batches: 0 });

/**
 * Starts an audit of the company's website: takes the company's audit lock (one run at a
 * time; a 409 while one runs), writes the audit item, then starts the site-audit workflow named
 * after the audit so a retried start cannot crawl twice.
 */
export async function startAudit(input: {
  companyId: number;
  userId: number;
  website: string;
  free: boolean;
  /** The schedule's due time, when a schedule starts it. */
  scheduledFor?: string;
}): Promise<AuditItem> {
  if (onScanExclusionList(new URL(input.website).hostname)) throw badRequest(auditSettingsMessages.scanExcluded);
  const id = ulid();
  const since = new Date().toISOString();
  const lockKey = keys.auditLock(input.companyId);
  if (!(await auditLocks.put({ companyId: input.companyId, auditId: id, since }, { ifAbsent: true }))) {
    const held = await auditLocks.get(lockKey, { consistent: true });
    const age = held ? Date.now() - Date.parse(held.since) : 0;
    const behind = held && (await getAudit(input.companyId, held.auditId));
    // A lock whose audit was never written is a start that died in between (a power cut).
    const orphaned = held && !behind && age > ORPHAN_LOCK_MS;
    const stale = held && age > STALE_LOCK_MS;
    // A lock left by a run that has ended (its end and the lock's release are two writes), or
    // by a run nothing runs any more (ended here as failed), is not a run in progress.
    const ended = behind && behind.status !== 'running' && behind.status !== 'stopping';
    const dead = behind && !ended && isAbandoned(behind) && (await endDeadRun(behind));
    if (held && !(stale || orphaned || ended || dead)) throw conflict(auditMessages.alreadyRunning);
    // Taken on the lock as read: of two starts taking over the same lock, one wins.
    const takenOver = await auditLocks.put(
      { companyId: input.companyId, auditId: id, since },
      held ? { when: { expression: 'auditId = :held', values: { ':held': held.auditId } } } : {},
    );
    if (!takenOver) throw conflict(auditMessages.alreadyRunning);
  }
  const audit: AuditItem = {
    id,
    companyId: input.companyId,
    userId: input.userId,
    website: input.website,
    // Held to the polite limits unless the company has proven the site is theirs.
    settings: crawlSettings(await getAuditSettings(input.companyId), await ownsSite(input.companyId, input.website)),
    status: 'running',
    startedAt: since,
    progress: emptyProgress(),
    free: input.free,
    ...(input.scheduledFor ? { scheduledFor: input.scheduledFor } : {}),
    ...(await sealedBasicAuth(input.companyId)),
    // Watched from the write that starts it: a start that dies before its workflow runs is resumed.
    ...watchFor(AUDIT_WATCH_MS),
  };
  await audits.put(audit);
  await workflows().start(
    'site-audit',
    { companyId: input.companyId, auditId: id } satisfies AuditWorkflowInput,
    `audit-${id}`,
  );
  return audit;
}

/**
 * Asks the running audit to stop; its next progress check ends the batch and it finishes with
 * partial data. When nothing runs it any more (its process died), its run is started again at
 * once, and at once finishes as stopped: a Stop always ends the run.
 */
export async function requestStop(companyId: number): Promise<AuditItem> {
  const lock = await auditLocks.get(keys.auditLock(companyId));
  const audit = lock && (await getAudit(companyId, lock.auditId));
  if (audit?.status !== 'running') throw conflict(auditMessages.notRunning);
  const stopped = await setStatusIf(companyId, audit.id, 'running', 'stopping');
  if (!stopped) throw conflict(auditMessages.notRunning);
  const stopping: AuditItem = { ...audit, status: 'stopping' };
  if (isAbandoned(audit)) await resumeRun(stopping);
  return stopping;
}

/**
 * Takes a run nothing runs any more (on the watch read) and starts its workflow again under a
 * name of its own: the crawl carries on from its saved cursor, a stopping run finishes as
 * stopped. Answers false when another sweep or the run itself moved the watch meanwhile.
 */
async function resumeRun(audit: AuditItem): Promise<boolean> {
  const resumes = (audit.resumes ?? 0) + 1;
  const watch = watchFor(AUDIT_WATCH_MS);
  const taken = await audits.change(keys.audit(audit.companyId, audit.id), {
    set: { ...watch, resumes },
    indexes: watchIndex('audit', audit.companyId, audit.id, watch.watchUntil),
    when: bothHold(inProgress, sameWatch(audit)),
  });
  if (!taken) return false;
  try {
    await workflows().start(
      'site-audit',
      { companyId: audit.companyId, auditId: audit.id } satisfies AuditWorkflowInput,
      `audit-${audit.id}-resume-${resumes}`,
    );
  } catch (error) {
    // Not started: due again at once, so the next sweep tries again rather than in a watch's time.
    const now = new Date().toISOString();
    await audits.change(keys.audit(audit.companyId, audit.id), {
      set: { watchUntil: now },
      indexes: watchIndex('audit', audit.companyId, audit.id, now),
      when: bothHold(inProgress, sameWatch(watch)),
    });
    throw error;
  }
  return true;
}

/**
 * The work sweeper's rule for a run nothing runs (jobs/watch.ts): resumed, or, once resumed
 * MAX_RESUMES times and dead again, ended as failed with the spec's crash sentence, which frees
 * the company's lock.
 */
export async function recoverRun(audit: AuditItem): Promise<'resumed' | 'failed' | undefined> {
  if (audit.status !== 'running' && audit.status !== 'stopping') return undefined;
  if ((audit.resumes ?? 0) < MAX_RESUMES) return (await resumeRun(audit)) ? 'resumed' : undefined;
  return (await endDeadRun(audit)) ? 'failed' : undefined;
}

/** Ends a run nothing runs as failed (the crash sentence), on the watch read. */
async function endDeadRun(audit: AuditItem): Promise<boolean> {
  const ended = await endAudit(
    audit,
    { status: 'failed', error: { kind: 'crashed', message: auditMessages.crashed } },
    sameWatch(audit),
  );
  if (!ended) return false;
  log('warn', 'an audit run nothing ran any more ended as failed', { auditId: audit.id, resumes: audit.resumes });
  await releaseHostLease(audit.website, audit.id);
  if (audit.queuePlace) await leaveHostQueue(audit.companyId, audit.id, audit.website);
  return true;
}

async function setStatusIf(companyId: number, auditId: string, from: AuditItem['status'], to: AuditItem['status']) {
  return audits.change(keys.audit(companyId, auditId), {
    set: { status: to },
    when: { expression: '#status = :from', names: { '#status': 'status' }, values: { ':from': from } },
  });
}

/** The counters the report page shows while the audit runs; only while it runs. Renews the run's watch. */
export async function saveProgress(companyId: number, auditId: string, progress: AuditProgress): Promise<void> {
  const watch = watchFor(AUDIT_WATCH_MS);
  await audits.change(keys.audit(companyId, auditId), {
    set: { progress, ...watch },
    indexes: watchIndex('audit', companyId, auditId, watch.watchUntil),
    when: inProgress,
  });
}

/** A crawl batch begins: the run is alive, its watch renewed (only while it runs). */
export async function renewRun(companyId: number, auditId: string): Promise<void> {
  const watch = watchFor(AUDIT_WATCH_MS);
  await audits.change(keys.audit(companyId, auditId), {
    set: watch,
    indexes: watchIndex('audit', companyId, auditId, watch.watchUntil),
    when: inProgress,
  });
}

/** Records how the run ended (only a run still in progress ends: a retried finish changes nothing). */
export async function endAudit(
  audit: AuditItem,
  fields: Pick<AuditItem, 'status'> & Partial<Pick<AuditItem, 'result' | 'error' | 'progress'>>,
  /** Narrows the end further: the sweeper ends only the run whose watch it read. */
  when?: Parameters<typeof bothHold>[1],
  /** Writes that report the end (its webhook events), stored with it or not at all: an outbox. */
  events?: (ended: AuditItem) => Promise<Outbox>,
): Promise<boolean> {
  const set = {
    status: fields.status,
    finishedAt: new Date().toISOString(),
    progress: fields.progress ?? audit.progress,
    result: fields.result,
    error: fields.error,
  };
  const change = { set, remove: UNWATCH, when: bothHold(inProgress, when) };
  const key = keys.audit(audit.companyId, audit.id);
  const outbox = events ? await events({ ...audit, ...set }) : emptyOutbox;
  const ended = outbox.writes.length
    ? (await transact([audits.tx.patch(key, change), ...outbox.writes])).ok
    : await audits.change(key, change);
  if (ended) await outbox.afterCommit();
  // A dead run's end lost to a sweep or a live run: the lock stays with whoever holds the run.
  if (!ended && when) return false;
  // Only this run's lock: a newer run may hold it already.
  await auditLocks.deleteWhen(keys.auditLock(audit.companyId), {
    expression: 'auditId = :id',
    values: { ':id': audit.id },
  });
  return ended;
}
