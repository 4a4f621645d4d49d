import { ulid } from 'ulid';
import { auditMessages, FREE_AUDITS_PER_MONTH, type AuditProgress } from '@shared/schemas/seo';
import { auditSettingsMessages, onScanExclusionList } from '@shared/schemas/audit-settings';
import { badRequest, conflict } from '../errors';
import { workflows } from '../jobs/workflow-port';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { auditLocks, audits, type AuditItem } from './audit-entity';
import { getAuditSettings, sealedBasicAuth } from './audit-settings-store';
import { crawlSettings } from './crawl-policy';
import { ownsSite } from './site-ownership';

/** A lock older than this belongs to a run that died without releasing it (the workflow gives up long before). */
const STALE_LOCK_MS = 24 * 3600_000;
/** Longer than a start takes from its lock to its audit item: past it, a lock without an audit is a dead start. */
const ORPHAN_LOCK_MS = 60_000;
const RECENT = 30;

/** What the site-audit workflow receives: which audit of which company. The cursor is in the bucket. */
export interface AuditWorkflowInput {
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
export function freeAuditsUsed(list: AuditItem[], now = new Date()): number {
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
    // A lock whose audit was never written is a start that died in between (a power cut).
    const orphaned = held && age > ORPHAN_LOCK_MS && !(await getAudit(input.companyId, held.auditId));
    const stale = held && (age > STALE_LOCK_MS || orphaned);
    if (held && !stale) throw conflict(auditMessages.alreadyRunning);
    await auditLocks.put({ companyId: input.companyId, auditId: id, since });
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
  };
  await audits.put(audit);
  await workflows().start(
    'site-audit',
    { companyId: input.companyId, auditId: id } satisfies AuditWorkflowInput,
    `audit-${id}`,
  );
  return audit;
}

/** Asks the running audit to stop; its next progress check ends the batch and it finishes with partial data. */
export async function requestStop(companyId: number): Promise<AuditItem> {
  const lock = await auditLocks.get(keys.auditLock(companyId));
  const audit = lock && (await getAudit(companyId, lock.auditId));
  if (audit?.status !== 'running') throw conflict(auditMessages.notRunning);
  const stopped = await setStatusIf(companyId, audit.id, 'running', 'stopping');
  if (!stopped) throw conflict(auditMessages.notRunning);
  return { ...audit, status: 'stopping' };
}

async function setStatusIf(companyId: number, auditId: string, from: AuditItem['status'], to: AuditItem['status']) {
  return audits.change(keys.audit(companyId, auditId), {
    set: { status: to },
    when: { expression: '#status = :from', names: { '#status': 'status' }, values: { ':from': from } },
  });
}

/** An audit's writes while it runs: a stopped or finished one keeps what it has. */
const inProgress = {
  expression: '#status IN (:running, :stopping)',
  names: { '#status': 'status' },
  values: { ':running': 'running', ':stopping': 'stopping' },
};

/** The counters the report page shows while the audit runs; only while it runs. */
export async function saveProgress(companyId: number, auditId: string, progress: AuditProgress): Promise<void> {
  await audits.change(keys.audit(companyId, auditId), { set: { progress }, when: inProgress });
}

/** Records how the run ended (only a run still in progress ends: a retried finish changes nothing). */
export async function endAudit(
  audit: AuditItem,
  fields: Pick<AuditItem, 'status'> & Partial<Pick<AuditItem, 'result' | 'error' | 'progress'>>,
): Promise<boolean> {
  const ended = await audits.change(keys.audit(audit.companyId, audit.id), {
    set: {
      status: fields.status,
      finishedAt: new Date().toISOString(),
      progress: fields.progress ?? audit.progress,
      result: fields.result,
      error: fields.error,
    },
    when: inProgress,
  });
  // Only this run's lock: a newer run may hold it already.
  await auditLocks.deleteWhen(keys.auditLock(audit.companyId), {
    expression: 'auditId = :id',
    values: { ':id': audit.id },
  });
  return ended;
}
