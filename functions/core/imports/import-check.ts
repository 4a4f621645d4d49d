import { isCalendarDay, isWallTime, zonedInstant } from '@shared/calendar-time';
import { isDuplicateCopy } from '@shared/duplicate-copy';
import { checkPost, isBlogPlatform, PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platform-rules';
import { approvalMessages } from '@shared/schemas/approvals';
import { calendarMessages } from '@shared/schemas/calendar';
import {
  importMessages,
  MAX_IMPORT_ROW_MEDIA,
  type ImportBody,
  type ImportReport,
  type ImportRowReport,
} from '@shared/schemas/post-import';
import { approvalsRequired } from '../posts/approval-settings';
import { committedPostsAround, repeatedPost } from '../calendar/duplicates';
import { requireCanPublish } from '../posts/post-store';
import { transition } from '../posts/post-transitions';
import { DomainError, invalid } from '../errors';
import { checkTarget, FetchRefusedError } from '../net';
import { readCsvRows, type CsvRow } from './csv-rows';
import type { ImportRow } from './import-entity';

/** Platforms as a person types them: ids or names, any case, separated by commas, semicolons or spaces. */
const PLATFORM_BY_NAME = new Map<string, Platform>(
  PLATFORMS.flatMap((p) => [
    [p, p],
    [PLATFORM_LABELS[p].toLowerCase().replace(/\s+/g, '-'), p],
  ]),
);

interface Checked {
  report: ImportRowReport;
  row: ImportRow;
}

/** The rows' own problems: the same rules, schedule rules and address checks as one post in the editor. */
function checkRow(csv: CsvRow, body: ImportBody, now: Date): Checked {
  const errors: string[] = [];
  const warnings: string[] = [];
  const { cells } = csv;

  const names = cells.platforms
    .split(/[,;\s]+/)
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const platforms: Platform[] = [];
  for (const name of names) {
    const platform = PLATFORM_BY_NAME.get(name);
    if (!platform) errors.push(importMessages.unknownPlatform(name));
    else if (platforms.includes(platform)) errors.push(calendarMessages.platformsRepeated);
    else platforms.push(platform);
  }
  if (!names.length) errors.push(calendarMessages.platformsRequired);
  const blogs = platforms.filter(isBlogPlatform).length;
  if (blogs && blogs < platforms.length) errors.push(calendarMessages.platformsMixed);

  const content = cells.copy.trim();
  const title = cells.title.trim();
  const subject = blogs && title ? title : null;
  if (title && !blogs && platforms.length) warnings.push(importMessages.titleIgnored);

  const mediaUrls = cells.media_urls.split(/\s+/).filter(Boolean);
  if (mediaUrls.length > MAX_IMPORT_ROW_MEDIA) errors.push(importMessages.tooManyMedia);
  for (const url of mediaUrls.slice(0, MAX_IMPORT_ROW_MEDIA)) {
    // The address itself (scheme, credentials, port, a private literal); a name that resolves
    // inside our network is refused when the job fetches it, before any post is written.
    try {
      checkTarget(url);
    } catch (error) {
      if (!(error instanceof FetchRefusedError)) throw error;
      errors.push(importMessages.mediaUrl(url, error.message));
    }
  }

  let scheduledAt: string | null = null;
  const date = cells.date.trim();
  const time = cells.time.trim();
  const whenProblem =
    date && !isCalendarDay(date)
      ? importMessages.dateInvalid
      : date && !isWallTime(time)
        ? importMessages.timeInvalid
        : !date && time
          ? importMessages.timeWithoutDate
          : undefined;
  if (whenProblem) errors.push(whenProblem);
  else {
    if (date) scheduledAt = zonedInstant(date, time, body.zone).toISOString();
    // The editor's own transition: a schedule needs a time, and one ahead of now.
    try {
      transition(undefined, body.action, scheduledAt, now);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors.push(error.message);
    }
  }

  // Scheduled posts must meet their platform's rules; drafts may break them and say why.
  for (const platform of platforms) {
    const check = checkPost({ platform, content, files: mediaUrls, subject });
    if (check.valid) continue;
    const message = `${PLATFORM_LABELS[platform]}: ${check.message}`;
    (body.action === 'schedule' ? errors : warnings).push(message);
  }
  return {
    report: { row: csv.row, line: csv.line, platforms, scheduledAt, errors, warnings },
    row: { row: csv.row, platforms, subject, content, mediaUrls, scheduledAt },
  };
}

/**
 * Copy that repeats a post already scheduled (or published) on the same platform within a
 * week, or an earlier row of the file: a warning on the row, never a refusal.
 */
async function flagDuplicates(companyId: number, checked: Checked[]): Promise<void> {
  const timed = checked.filter((c) => c.row.scheduledAt);
  const committed = await committedPostsAround(
    companyId,
    timed.map((c) => c.row.scheduledAt ?? ''),
  );
  for (const [i, { row, report }] of timed.entries()) {
    for (const platform of row.platforms) {
      const at = row.scheduledAt ?? '';
      const label = PLATFORM_LABELS[platform];
      const candidate = { platform, content: row.content, at };
      const repeated = repeatedPost(candidate, committed);
      if (repeated) report.warnings.push(importMessages.duplicateScheduled(label, repeated.id));
      const earlier = timed
        .slice(0, i)
        .find(
          (other) =>
            other.row.platforms.includes(platform) &&
            isDuplicateCopy(candidate, { ...candidate, content: other.row.content, at: other.row.scheduledAt ?? '' }),
        );
      if (earlier) report.warnings.push(importMessages.duplicateRow(label, earlier.row.row));
    }
  }
}

/**
 * Every row of the file checked before anything is created: the company's gates first (a
 * schedule needs the paid plan, never a demo, and no approvals to wait for: the import's own
 * 402 or 422), then each row's rules, then duplicates. Answers the per-row report and the rows
 * as the import will write them.
 */
export async function checkImport(
  companyId: number,
  body: ImportBody,
  now = new Date(),
): Promise<{ report: ImportReport; rows: ImportRow[] }> {
  const csvRows = readCsvRows(body.csv);
  if (body.action === 'schedule') {
    if (await approvalsRequired(companyId)) throw invalid(approvalMessages.needsApproval);
    await requireCanPublish(companyId);
  }
  const checked = csvRows.map((csv) => checkRow(csv, body, now));
  await flagDuplicates(companyId, checked);
  const rows = checked.map((c) => c.report);
  return {
    report: {
      rows,
      valid: rows.every((r) => r.errors.length === 0),
      posts: checked.reduce((sum, c) => sum + c.row.platforms.length, 0),
    },
    rows: checked.map((c) => c.row),
  };
}
