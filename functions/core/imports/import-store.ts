import { createHash } from 'node:crypto';
import { importMessages, type ImportBody, type ImportSummary } from '@shared/schemas/post-import';
import { deletePost, postsByIds } from '../posts/post-store';
import { conflict, DomainError, invalid, notFound } from '../errors';
import { isAbandoned } from '../jobs/watch';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { checkImport } from './import-check';
import { postImports, type ImportItem } from './import-entity';

/** The same file, zone and action are the same import: sending it again resumes it or is refused. */
const importIdOf = (companyId: number, body: ImportBody) =>
  createHash('sha256')
    .update(JSON.stringify([companyId, body.action, body.zone, body.csv]))
    .digest('hex')
    .slice(0, 32);

/** Whether a live job holds the import: a lease past its time, or of a boot that is gone, holds nothing. */
const leaseHeld = (item: ImportItem, now: Date) =>
  !!item.leaseUntil && !isAbandoned({ watchUntil: item.leaseUntil, boot: item.leaseBoot ?? null }, now.getTime());

/**
 * Before the import's job starts: every row is checked again (422 naming the rows, nothing
 * written), then the import is recorded. An import already done is refused; one that stopped
 * half way is resumed where it stopped (its rows are kept as they were checked then); one that
 * failed before writing anything starts again from this file.
 */
export async function prepareImport(
  companyId: number,
  userId: number,
  body: ImportBody,
  now = new Date(),
): Promise<{ importId: string; runningJob?: string }> {
  const id = importIdOf(companyId, body);
  const existing = await postImports.get(keys.postImport(companyId, id), { consistent: true });
  if (existing?.status === 'imported') throw conflict(importMessages.alreadyImported);
  // Running now (its job resumed after a restart, say): the caller follows that job.
  if (existing?.status === 'importing' && leaseHeld(existing, now) && existing.leaseHolder)
    return { importId: id, runningJob: existing.leaseHolder };
  // Stopped half way: a new job carries on from the recorded progress.
  if (existing?.status === 'importing') return { importId: id };

  const { report, rows } = await checkImport(companyId, body, now);
  if (!report.valid) {
    const bad = report.rows.filter((r) => r.errors.length);
    throw invalid(
      importMessages.rowsInvalid(bad.length),
      bad.map((r) => ({ path: `rows.${r.row}`, message: `Row ${r.row}: ${r.errors.join(' ')}` })),
    );
  }
  await postImports.put({
    companyId,
    id,
    userId,
    status: 'importing',
    action: body.action,
    createdAt: now.toISOString(),
    rowCount: rows.length,
    rows,
    mediaIds: rows.map(() => null),
    postIds: null,
    written: 0,
    leaseHolder: null,
    leaseUntil: null,
    leaseBoot: null,
    failure: null,
    finishedAt: null,
  });
  return { importId: id };
}

const toSummary = (item: ImportItem): ImportSummary => {
  const written = item.postIds?.length
    ? item.status === 'imported'
      ? item.postIds.length
      : postsOfRows(item, item.written)
    : 0;
  return {
    id: item.id,
    status: item.status,
    action: item.action,
    createdAt: item.createdAt,
    rows: item.rowCount,
    posts: written,
    postIds: item.postIds?.slice(0, written) ?? [],
    failure: item.failure,
  };
};

/** Posts the first `rows` rows make (one per platform). */
const postsOfRows = (item: ImportItem, rows: number) =>
  item.rows.slice(0, rows).reduce((sum, row) => sum + row.platforms.length, 0);

/** The company's imports, newest first. */
export async function listImports(companyId: number): Promise<ImportSummary[]> {
  const items = await postImports.queryPartition(partition.company(companyId), companyItemPrefix.postImport);
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(toSummary);
}

/**
 * Undo: the import's posts that are still drafts or scheduled are deleted; published ones (and
 * one being published) stay, as a post deleted by hand would. Then the import is forgotten, so
 * the same file can be imported again. Refused while its job runs.
 */
export async function undoImport(companyId: number, id: string, now = new Date()) {
  const item = await postImports.get(keys.postImport(companyId, id), { consistent: true });
  if (!item) throw notFound(importMessages.importNotFound);
  if (leaseHeld(item, now)) throw conflict(importMessages.running);
  let deleted = 0;
  let kept = 0;
  for (const post of await postsByIds(companyId, item.postIds ?? [])) {
    if (post.status !== 'draft' && post.status !== 'scheduled') {
      kept++;
      continue;
    }
    try {
      await deletePost(companyId, post.id);
      deleted++;
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
      kept++;
    }
  }
  await postImports.delete(keys.postImport(companyId, id));
  return { deleted, kept };
}
