import { z } from 'zod';
import { PLATFORMS } from '@shared/platform-rules';
import { IMPORT_ACTIONS, IMPORT_STATUSES } from '@shared/schemas/post-import';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** A row as checked: what its posts will be, media still as addresses. */
const importRowSchema = z.object({
  row: z.number(),
  platforms: z.array(z.enum(PLATFORMS)),
  subject: z.string().nullable(),
  content: z.string(),
  mediaUrls: z.array(z.string()),
  scheduledAt: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * One import and its progress, so a retry carries on where the last attempt stopped: the media
 * fetched per row, then the post ids reserved (recorded before the first post is written), then
 * how many rows are written. Keyed by the hash of the file, zone and action, so the same file
 * sent twice is the same import.
 */
const importItemSchema = z.object({
  companyId: z.number(),
  id: z.string(),
  userId: z.number(),
  status: z.enum(IMPORT_STATUSES),
  action: z.enum(IMPORT_ACTIONS),
  createdAt: z.string(),
  rowCount: z.number(),
  /** Until it is imported; dropped then, so listing imports reads little. */
  rows: z.array(importRowSchema),
  /** Per row, the library files its media URLs became; null until fetched. */
  mediaIds: z.array(z.array(z.number()).nullable()),
  /** Every post's id, rows in order; null until reserved. */
  postIds: z.array(z.number()).nullable(),
  /** Rows whose posts are written. */
  written: z.number(),
  /** The job working on it, and until when: another job waits its turn. */
  leaseHolder: z.string().nullable(),
  leaseUntil: z.string().nullable(),
  /** The embedded runtime's boot that holds the lease: another boot's lease is a dead process's (jobs/watch.ts). */
  leaseBoot: z.string().nullable().optional(),
  failure: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

/** COMPANY#<id> / IMPORT#<hash>. */
export const postImports = defineEntity({
  type: 'post-import',
  schema: importItemSchema,
  key: (item) => keys.postImport(item.companyId, item.id),
});
