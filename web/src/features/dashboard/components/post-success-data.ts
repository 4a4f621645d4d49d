import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import type { PostSuccessRow } from '@shared/schemas/post-success';
import { formatInZone } from '@/lib/format-date';
import { daysOf, type DayRange } from '@/api/posts/post-success';

/** One platform's posts over the whole range. */
interface PlatformTotal {
  platform: Platform;
  published: number;
  failed: number;
}

/** The report's rows as the chart, its legend and its table read them. */
export interface PostSuccessSummary {
  /** Every day of the range, oldest first. */
  days: string[];
  /** The platforms with a published or failed post in the range, in the app's platform order. */
  totals: PlatformTotal[];
  /** Published posts per platform, one number per day of `days`. */
  publishedByDay: Map<Platform, number[]>;
  /** Failed posts per day of `days`, all platforms together. */
  failedByDay: number[];
  published: number;
  failed: number;
}

export function summarize(rows: readonly PostSuccessRow[], range: DayRange): PostSuccessSummary {
  const days = daysOf(range);
  const index = new Map(days.map((day, i) => [day, i]));
  const publishedByDay = new Map<Platform, number[]>();
  const failedByDay = days.map(() => 0);
  const totals = new Map<Platform, PlatformTotal>();
  for (const row of rows) {
    const i = index.get(row.date);
    if (i === undefined || row.count <= 0) continue;
    const total = totals.get(row.platform) ?? { platform: row.platform, published: 0, failed: 0 };
    totals.set(row.platform, total);
    if (row.status === 'published') {
      const perDay = publishedByDay.get(row.platform) ?? days.map(() => 0);
      publishedByDay.set(row.platform, perDay);
      perDay[i] = (perDay[i] ?? 0) + row.count;
      total.published += row.count;
    } else {
      failedByDay[i] = (failedByDay[i] ?? 0) + row.count;
      total.failed += row.count;
    }
  }
  const ordered = PLATFORMS.flatMap((platform) => totals.get(platform) ?? []);
  return {
    days,
    totals: ordered,
    publishedByDay,
    failedByDay,
    published: ordered.reduce((sum, t) => sum + t.published, 0),
    failed: ordered.reduce((sum, t) => sum + t.failed, 0),
  };
}

/** A calendar day written with a date-fns pattern ('d MMM' → 5 Mar): the day itself, in no zone's offset. */
export const formatDay = (day: string, pattern: string) => formatInZone(`${day}T12:00:00Z`, pattern, 'UTC');

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The chart's text alternative: the range, each platform's published posts, and the failed ones. */
export function describeChart(summary: PostSuccessSummary): string {
  const first = summary.days[0] ?? '';
  const last = summary.days[summary.days.length - 1] ?? '';
  const perPlatform = summary.totals
    .filter((t) => t.published > 0)
    .map((t) => `${PLATFORM_LABELS[t.platform]} ${t.published} published`)
    .join(', ');
  return (
    `Bar chart of successful posts per platform per day, ${formatDay(first, 'd MMM')} to ${formatDay(last, 'd MMM')}: ` +
    `${perPlatform}. ${plural(summary.failed, 'post')} failed.`
  );
}
