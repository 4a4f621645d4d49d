import { z } from 'zod/mini';
import { zoneSchema } from './calendar';

/**
 * The posts' CSV import (docs/features/bulk-import-and-feeds.md): the file's text goes to the
 * server, which parses and checks every row before anything is created. A module of its own so
 * only the import page loads it.
 */

/** The columns, in the template's order. `platforms` and `copy` are required; the others may be empty. */
export const IMPORT_COLUMNS = ['platforms', 'copy', 'title', 'media_urls', 'date', 'time'] as const;

/** Kept under DynamoDB's 400 KB item, which holds the rows while the import runs. */
const MAX_IMPORT_CSV_CHARS = 200_000;
export const MAX_IMPORT_ROWS = 500;
/** Media URLs one row may name (Facebook's 25 files is the largest platform limit). */
export const MAX_IMPORT_ROW_MEDIA = 25;

export const IMPORT_ACTIONS = ['schedule', 'save'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importMessages = {
  empty: 'The file holds no posts. Fill in one row per post under the header row.',
  tooLarge: `The file is larger than ${MAX_IMPORT_CSV_CHARS / 1000} kB. Split it into smaller files.`,
  tooManyRows: `A file can hold at most ${MAX_IMPORT_ROWS} posts. Split it into smaller files.`,
  columns: `The first row must name the columns ${IMPORT_COLUMNS.join(', ')} (download the template).`,
  unreadable: (line: number) => `The file could not be read as CSV from line ${line} (is a quote left open?).`,
  unknownPlatform: (name: string) =>
    `Unknown platform "${name}". Use facebook, instagram, threads, linkedin, wordpress or custom-blog.`,
  dateInvalid: 'Enter the date as yyyy-MM-dd.',
  timeInvalid: 'Enter the time as HH:mm, on a 24-hour clock.',
  timeWithoutDate: 'A time needs a date.',
  tooManyMedia: `A row can name at most ${MAX_IMPORT_ROW_MEDIA} media URLs.`,
  titleIgnored: 'Social posts have no title: the title column is left out for them.',
  mediaUrl: (url: string, reason: string) => `Media URL ${url}: ${reason}`,
  duplicateScheduled: (platform: string, postId: number) =>
    `${platform}: the same copy is already scheduled within a week (post ${postId}).`,
  duplicateRow: (platform: string, row: number) => `${platform}: the same copy as row ${row}, within a week.`,
  rowsInvalid: (count: number) =>
    `${count} row${count === 1 ? ' has' : 's have'} problems, so nothing was imported. Fix them and try again.`,
  alreadyImported: 'This file was imported already. Undo that import first to import it again.',
  running: 'This import is already running.',
  importNotFound: 'Import not found',
} as const;

export const importBodySchema = z.object({
  /** The file's text, as the browser read it. */
  csv: z.string().check(z.maxLength(MAX_IMPORT_CSV_CHARS, importMessages.tooLarge)),
  /** The zone the dates and times are wall-clock times in (the calendar's). */
  zone: zoneSchema,
  /** Schedule every row at its time (paid plans), or save them as drafts on those days. */
  action: z.enum(IMPORT_ACTIONS),
});
export type ImportBody = z.output<typeof importBodySchema>;

const importRowReportSchema = z.object({
  /** 1 for the first post under the header. */
  row: z.number(),
  /** The file's line the row starts on (a quoted copy may span several). */
  line: z.number(),
  platforms: z.array(z.string()),
  scheduledAt: z.nullable(z.string()),
  /** Why the row cannot be imported; empty when it can. */
  errors: z.array(z.string()),
  /** What is worth a look but does not stop the import (a duplicate). */
  warnings: z.array(z.string()),
});
export type ImportRowReport = z.output<typeof importRowReportSchema>;

export const importReportSchema = z.object({
  rows: z.array(importRowReportSchema),
  /** No row has an error: the import may start. */
  valid: z.boolean(),
  /** Posts the import would write (one per row and platform). */
  posts: z.number(),
});
export type ImportReport = z.output<typeof importReportSchema>;

export const IMPORT_STATUSES = ['importing', 'imported', 'failed'] as const;

const importSummarySchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  action: z.enum(IMPORT_ACTIONS),
  createdAt: z.string(),
  rows: z.number(),
  /** Posts written so far (all of them once imported). */
  posts: z.number(),
  postIds: z.array(z.number()),
  failure: z.nullable(z.string()),
});
export type ImportSummary = z.output<typeof importSummarySchema>;
export const importListSchema = z.array(importSummarySchema);

/** The job's result: the import and the posts it wrote. */
export const importResultSchema = z.object({ importId: z.string(), posts: z.number(), postIds: z.array(z.number()) });
export type ImportResult = z.output<typeof importResultSchema>;

export const importIdParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9a-f]{32}$/)) });

export const undoneSchema = z.object({ deleted: z.number(), kept: z.number() });

/** The template the import page offers for download: the header and two example rows. */
export const IMPORT_TEMPLATE = [
  IMPORT_COLUMNS.join(','),
  'facebook;linkedin,"Our spring menu starts on Friday: asparagus, wild garlic and rhubarb tart, every evening. Book a table now!",,https://example.com/spring-menu.jpg,2030-04-03,09:30',
  'wordpress,"A long blog article goes here, as many paragraphs as it needs. It is published on the day and time in the last two columns.","Five spring dishes we cook every year, and the farms within twenty miles that grow what goes into them",,2030-04-05,12:00',
  '',
].join('\r\n');
