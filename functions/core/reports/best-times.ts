import {
  BEST_TIMES_MIN_POSTS,
  type BestTimesPlatform,
  type BestTimesCell,
  type PlatformBestTimes,
} from '@shared/schemas/post-analytics';

/**
 * The hours and weekdays that did best on one platform, from the company's own published posts:
 * each post counts its engagement (likes + comments + shares at its last reading) in the local
 * weekday × hour it was published in, and each slot answers the average of its posts and how
 * many posts that rests on. Under BEST_TIMES_MIN_POSTS posts the answer is the default below, and
 * says so. One pass over the rows with fixed arrays: the time is the query's, not this.
 */

/** A post counts once its figures have had this many days to settle: a post of today is not yet a result. */
const BEST_TIMES_MIN_DAY = 2;
/** A slot is among the best only when it rests on at least this many posts (one lucky post is no pattern). */
const BEST_SLOT_MIN_POSTS = 2;
const BEST_COUNT = 3;

export interface BestTimesRow {
  publishedAt: string;
  likes: number;
  comments: number;
  shares: number;
  day: number;
  frozen: boolean;
}

/**
 * The default before a platform has enough posts: weekday mornings, Tuesday to Thursday, where
 * the schedulers' published studies of their customers' posts agree engagement is highest
 * (docs/features/post-analytics.md says which and why). `core` slots score 100, `near` ones 60.
 */
const DEFAULT_BEST_TIMES: Record<BestTimesPlatform, { days: number[]; near: number[]; hours: number[] }> = {
  facebook: { days: [2, 3, 4], near: [1, 5], hours: [9, 10, 11, 12] },
  instagram: { days: [2, 3, 4], near: [1, 5], hours: [10, 11, 12, 18] },
  threads: { days: [2, 3, 4], near: [1, 5], hours: [8, 9, 10, 11] },
  linkedin: { days: [2, 3, 4], near: [1], hours: [8, 9, 10, 11] },
};

const SLOT_MS = 15 * 60_000;

/**
 * The local ISO weekday (1-7) and hour of instants in one zone. Offsets change on quarter hours
 * at most, so each quarter hour is formatted once.
 */
export function localSlots(zone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  });
  const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
  const cache = new Map<number, number>();
  /** The cell index: (weekday - 1) * 24 + hour. */
  return (ms: number): number => {
    const slot = Math.floor(ms / SLOT_MS);
    let cell = cache.get(slot);
    if (cell === undefined) {
      let weekday = 1;
      let hour = 0;
      for (const part of format.formatToParts(slot * SLOT_MS)) {
        if (part.type === 'weekday') weekday = weekdays[part.value] ?? 1;
        else if (part.type === 'hour') hour = Number(part.value) % 24;
      }
      cell = (weekday - 1) * 24 + hour;
      cache.set(slot, cell);
    }
    return cell;
  };
}

const average = (sum: number, n: number) => (n ? Math.round((sum / n) * 10) / 10 : null);
const score = (value: number | null, best: number) =>
  value === null || best <= 0 ? 0 : Math.round((100 * value) / best);

function ranked<T extends { posts: number; engagement: number | null }>(items: T[]): T[] {
  const eligible = items.filter((i) => i.posts >= BEST_SLOT_MIN_POSTS && i.engagement !== null);
  return eligible.sort((a, b) => (b.engagement ?? 0) - (a.engagement ?? 0) || b.posts - a.posts).slice(0, BEST_COUNT);
}

function defaultTimes(platform: BestTimesPlatform, posts: number, zone: string): PlatformBestTimes {
  const rule = DEFAULT_BEST_TIMES[platform];
  const cellScore = (weekday: number, hour: number) =>
    rule.hours.includes(hour) ? (rule.days.includes(weekday) ? 100 : rule.near.includes(weekday) ? 60 : 0) : 0;
  const cells: BestTimesCell[] = [];
  for (let weekday = 1; weekday <= 7; weekday++)
    for (let hour = 0; hour < 24; hour++)
      cells.push({ weekday, hour, posts: 0, engagement: null, score: cellScore(weekday, hour) });
  const best = cells.filter((c) => c.score === 100).slice(0, BEST_COUNT);
  return {
    source: 'default',
    posts,
    minimumPosts: BEST_TIMES_MIN_POSTS,
    zone,
    best,
    hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      posts: 0,
      engagement: null,
      score: rule.hours.includes(hour) ? 100 : 0,
    })),
    weekdays: Array.from({ length: 7 }, (_, i) => ({
      weekday: i + 1,
      posts: 0,
      engagement: null,
      score: rule.days.includes(i + 1) ? 100 : rule.near.includes(i + 1) ? 60 : 0,
    })),
    cells,
  };
}

/** Best times of one platform from its rows (any order), in `zone`. */
export function bestTimes(platform: BestTimesPlatform, rows: readonly BestTimesRow[], zone: string): PlatformBestTimes {
  const cellOf = localSlots(zone);
  const sums = new Float64Array(168);
  const counts = new Uint32Array(168);
  let posts = 0;
  for (const row of rows) {
    if (!row.frozen && row.day < BEST_TIMES_MIN_DAY) continue;
    const at = Date.parse(row.publishedAt);
    if (!Number.isFinite(at)) continue;
    const cell = cellOf(at);
    sums[cell] = (sums[cell] ?? 0) + row.likes + row.comments + row.shares;
    counts[cell] = (counts[cell] ?? 0) + 1;
    posts++;
  }
  if (posts < BEST_TIMES_MIN_POSTS) return defaultTimes(platform, posts, zone);

  const hourSums = new Float64Array(24);
  const hourCounts = new Uint32Array(24);
  const daySums = new Float64Array(7);
  const dayCounts = new Uint32Array(7);
  for (let cell = 0; cell < 168; cell++) {
    const n = counts[cell] ?? 0;
    if (!n) continue;
    const sum = sums[cell] ?? 0;
    const hour = cell % 24;
    const day = Math.floor(cell / 24);
    hourSums[hour] = (hourSums[hour] ?? 0) + sum;
    hourCounts[hour] = (hourCounts[hour] ?? 0) + n;
    daySums[day] = (daySums[day] ?? 0) + sum;
    dayCounts[day] = (dayCounts[day] ?? 0) + n;
  }
  const cellAverages = Array.from({ length: 168 }, (_, cell) => average(sums[cell] ?? 0, counts[cell] ?? 0));
  const hourAverages = Array.from({ length: 24 }, (_, h) => average(hourSums[h] ?? 0, hourCounts[h] ?? 0));
  const dayAverages = Array.from({ length: 7 }, (_, d) => average(daySums[d] ?? 0, dayCounts[d] ?? 0));
  const top = (values: (number | null)[]) => Math.max(0, ...values.map((v) => v ?? 0));
  const [bestCell, bestHour, bestDay] = [top(cellAverages), top(hourAverages), top(dayAverages)];

  const cells = cellAverages.map((engagement, cell) => ({
    weekday: Math.floor(cell / 24) + 1,
    hour: cell % 24,
    posts: counts[cell] ?? 0,
    engagement,
    score: score(engagement, bestCell),
  }));
  return {
    source: 'own',
    posts,
    minimumPosts: BEST_TIMES_MIN_POSTS,
    zone,
    best: ranked([...cells]),
    hours: hourAverages.map((engagement, hour) => ({
      hour,
      posts: hourCounts[hour] ?? 0,
      engagement,
      score: score(engagement, bestHour),
    })),
    weekdays: dayAverages.map((engagement, i) => ({
      weekday: i + 1,
      posts: dayCounts[i] ?? 0,
      engagement,
      score: score(engagement, bestDay),
    })),
    cells,
  };
}
