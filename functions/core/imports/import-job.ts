import { z } from 'zod';
import { importMessages, importResultSchema } from '@shared/schemas/post-import';
import { requireCanPublish, writeImportedGroup } from '../posts/post-store';
import { reservePostIds } from '../posts/post-ids';
import { transition } from '../posts/post-transitions';
import { DomainError } from '../errors';
import { defineJobKind, JobUserError, type JobContext, type JobUserErrorKind } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { log } from '../log';
import { leaseFree, watchFor } from '../jobs/watch';
import { importMedia } from '../media/media-import';
import { removeMedia } from '../media/media-store';
import { eventDeliveries } from '../webhooks/webhook-outbox';
import { transact } from '../table/entity';
import { keys } from '../table/keys';
import { postImports, type ImportItem } from './import-entity';

const stillImporting = {
  expression: '#status = :importing',
  names: { '#status': 'status' },
  values: { ':importing': 'importing' },
};

/** Longer than the run-job worker's 300 s, so a live attempt is never overtaken. */
const LEASE_MS = 6 * 60_000;

const USER_KINDS = new Set<string>(['bad-request', 'invalid', 'conflict', 'upgrade-required', 'rate-limited']);

/** A refusal as the job reports it: the domain error's own sentence and status. */
const asJobError = (error: DomainError, prefix = '') =>
  new JobUserError(
    `${prefix}${error.message}`,
    (USER_KINDS.has(error.kind) ? error.kind : 'invalid') as JobUserErrorKind,
    error.code,
  );

/**
 * The import's job: fetch every row's media, reserve and record the post ids, write the rows'
 * posts. Each stage records its progress on the import before the next, so a retried attempt
 * (the workflow's, or the user sending the file again) carries on without writing anything
 * twice. Until the ids are reserved nothing is on the calendar: a refusal then (a media URL
 * that resolves inside our network, a plan that lapsed) removes the files fetched and leaves
 * no post. Once writing has begun the import is finished, never half undone.
 */
export const postsImportJob = defineJobKind({
  name: 'posts-import',
  input: z.object({ importId: z.string() }),
  result: importResultSchema,
  // Fetches its rows' media into the library, and removes them again when a later row is refused.
  grants: defineGrants({
    table: TABLE_READ_WRITE,
    media: { read: true, write: true, delete: true, prefix: 'companies/' },
  }),
  run: async ({ importId }, job) => runImport(importId, job),
  // Every stage is recorded before the next: a run started again carries on, writing nothing twice.
  resumable: true,
});

export async function runImport(importId: string, job: Pick<JobContext, 'uuid' | 'companyId' | 'step'>) {
  const key = keys.postImport(job.companyId, importId);
  const now = new Date();
  const lease = watchFor(LEASE_MS, now.getTime());
  const leased = await postImports.patch(key, {
    set: { leaseHolder: job.uuid, leaseUntil: lease.watchUntil, leaseBoot: lease.boot ?? null },
    ifExists: true,
    // Free, expired, this job's own (a retried or resumed attempt), or held by a boot that is
    // gone: a process that died holds nothing, so nobody waits out its lease.
    when: leaseFree({ until: 'leaseUntil', boot: 'leaseBoot', holder: 'leaseHolder' }, job.uuid, now.getTime()),
  });
  if (!leased) {
    const item = await postImports.get(key, { consistent: true });
    if (!item) throw new JobUserError(importMessages.importNotFound, 'bad-request');
    throw new JobUserError(importMessages.running, 'conflict');
  }
  let item = leased;
  try {
    if (item.status === 'failed') throw new JobUserError(item.failure ?? importMessages.importNotFound, 'invalid');
    if (item.status === 'importing' && !item.postIds) item = await beforeWriting(item, job);
    if (item.status === 'importing') item = await writeRows(item, job);
    return { importId, posts: item.postIds?.length ?? 0, postIds: item.postIds ?? [] };
  } finally {
    await postImports.change(key, {
      set: { leaseHolder: null, leaseUntil: null, leaseBoot: null },
      when: { expression: 'leaseHolder = :me', values: { ':me': job.uuid } },
    });
  }
}

/** Gates checked again (minutes may have passed), media fetched, ids reserved: nothing on the calendar yet. */
async function beforeWriting(item: ImportItem, job: Pick<JobContext, 'companyId' | 'step'>): Promise<ImportItem> {
  const key = keys.postImport(item.companyId, item.id);
  const now = new Date();
  try {
    if (item.action === 'schedule') {
      await requireCanPublish(item.companyId);
      for (const row of item.rows) {
        try {
          transition(undefined, 'schedule', row.scheduledAt, now);
        } catch (error) {
          if (error instanceof DomainError) throw asJobError(error, `Row ${row.row}: `);
          throw error;
        }
      }
    }
    const mediaIds = [...item.mediaIds];
    for (const [i, row] of item.rows.entries()) {
      if (mediaIds[i] || !row.mediaUrls.length) continue;
      await job.step(`Fetching the media of row ${row.row} of ${item.rowCount}`);
      const ids: number[] = [];
      for (const url of row.mediaUrls) {
        try {
          ids.push((await importMedia(item.companyId, url)).id);
        } catch (error) {
          // What was fetched for this row is not recorded yet: let it go with the rest.
          await forgetMedia(item.companyId, ids);
          if (error instanceof DomainError) throw asJobError(error, `Row ${row.row}: ${url}: `);
          throw error;
        }
      }
      mediaIds[i] = ids;
      await postImports.change(key, { set: { mediaIds } });
    }
    const count = item.rows.reduce((sum, row) => sum + row.platforms.length, 0);
    const reserved = await reservePostIds(count);
    // Recorded once: of two attempts racing here, the second uses the first one's ids.
    const recorded = await postImports.patch(key, {
      set: { postIds: reserved, mediaIds },
      when: {
        expression: 'attribute_not_exists(postIds) OR attribute_type(postIds, :null)',
        values: { ':null': 'NULL' },
      },
    });
    return recorded ?? (await postImports.get(key, { consistent: true })) ?? item;
  } catch (error) {
    if (!(error instanceof JobUserError || (error instanceof DomainError && USER_KINDS.has(error.kind)))) throw error;
    const refusal = error instanceof DomainError ? asJobError(error) : error;
    const fetched = await postImports.get(key, { consistent: true });
    await forgetMedia(
      item.companyId,
      (fetched?.mediaIds ?? []).flatMap((ids) => ids ?? []),
    );
    await postImports.change(key, {
      set: { status: 'failed', failure: refusal.message, finishedAt: new Date().toISOString(), mediaIds: [] },
    });
    throw refusal;
  }
}

/** Files an import fetched and will not use: removed from the library again. */
async function forgetMedia(companyId: number, ids: number[]) {
  for (const id of ids) {
    try {
      await removeMedia(companyId, id);
    } catch (error) {
      log('warn', 'an import could not remove a file it fetched', { companyId, id, error: (error as Error).message });
    }
  }
}

/** The rows' posts, from the first row not yet recorded written; the count recorded after each row. */
async function writeRows(item: ImportItem, job: Pick<JobContext, 'step'>): Promise<ImportItem> {
  const key = keys.postImport(item.companyId, item.id);
  const ids = item.postIds ?? [];
  const now = new Date();
  let next = 0;
  for (const [i, row] of item.rows.entries()) {
    const rowIds = ids.slice(next, (next += row.platforms.length));
    if (i < item.written) continue;
    await job.step(`Writing row ${row.row} of ${item.rowCount}`);
    await writeImportedGroup(
      item.companyId,
      rowIds,
      {
        platforms: row.platforms,
        subject: row.subject,
        content: row.content,
        files: item.mediaIds[i] ?? [],
        action: item.action,
        scheduledAt: row.scheduledAt,
      },
      now,
    );
    await postImports.change(key, { set: { written: i + 1 } });
  }
  const done = { status: 'imported' as const, rows: [], mediaIds: [], finishedAt: new Date().toISOString() };
  const finished = { ...item, ...done, written: item.rowCount };
  // Once: a run resumed after the import ended finds it ended and reports nothing again.
  const outbox = await eventDeliveries(finished.companyId, 'import.finished', {
    import: { id: finished.id, rows: finished.rowCount, postIds: finished.postIds, finishedAt: finished.finishedAt },
  });
  const ended = await transact([postImports.tx.patch(key, { set: done, when: stillImporting }), ...outbox.writes]);
  if (ended.ok) await outbox.afterCommit();
  return finished;
}
