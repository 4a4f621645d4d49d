import { defineContract } from '../contract';
import { jobStartedSchema } from '../schemas/lrp';
import {
  importBodySchema,
  importIdParamsSchema,
  importListSchema,
  importReportSchema,
  undoneSchema,
} from '../schemas/post-import';

/** The posts' CSV import (docs/features/bulk-import-and-feeds.md). */
export const postImportContracts = {
  check: defineContract({
    method: 'POST',
    path: '/api/imports/check',
    permission: 'content',
    summary:
      'Check a CSV of posts row by row (platform rules, times in the zone, media addresses, the paid plan for scheduling) and flag copy that repeats a post scheduled within a week; creates nothing',
    body: importBodySchema,
    responses: { 200: importReportSchema },
  }),
  start: defineContract({
    method: 'POST',
    path: '/api/imports',
    permission: 'content',
    summary:
      'Import a CSV of posts, all or nothing: every row checked again (422 naming the bad rows), then media fetched and the posts written by a job; the same file again resumes or is refused (job)',
    body: importBodySchema,
    responses: { 202: jobStartedSchema },
  }),
  list: defineContract({
    method: 'GET',
    path: '/api/imports',
    permission: 'view',
    summary: "The company's imports, newest first, with their status and the posts they wrote",
    responses: { 200: importListSchema },
  }),
  undo: defineContract({
    method: 'DELETE',
    path: '/api/imports/{id}',
    permission: 'content',
    summary:
      'Undo an import: its posts still drafts or scheduled are deleted, published ones stay; the import is forgotten',
    params: importIdParamsSchema,
    responses: { 200: undoneSchema },
  }),
};
