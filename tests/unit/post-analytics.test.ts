import { describe, expect, it } from 'vitest';
import { BEST_TIMES_MIN_POSTS } from '../../shared/schemas/post-analytics';
import { bestTimes, localSlots, type BestTimesRow } from '../../functions/core/reports/best-times';
import { growth, postFiguresAt, timeFactor } from '../../functions/core/reports/engagement-model';
import { mergeReadings, nextReadings } from '../../functions/core/reports/post-figures-collect';
import { sortTopPosts } from '../../functions/core/reports/post-analytics';

const DAY = 86_400_000;
const row = (publishedAt: string, engagement: number, day = 30): BestTimesRow => ({
  publishedAt,
  likes: engagement,
  comments: 0,
  shares: 0,
  day,
  frozen: day >= 30,
});

/** `n` posts at `hour` UTC on Mondays of 2026, each drawing `engagement`. */
const posts = (n: number, hour: number, engagement: number) =>
  Array.from({ length: n }, (_, i) => row(new Date(Date.UTC(2026, 0, 5 + 7 * i, hour, 15)).toISOString(), engagement));

describe('best times', () => {
  it('under 20 posts answers the default, says so and counts the posts', () => {
    const answer = bestTimes('linkedin', posts(BEST_TIMES_MIN_POSTS - 1, 9, 50), 'UTC');
    expect(answer.source).toBe('default');
    expect(answer.posts).toBe(BEST_TIMES_MIN_POSTS - 1);
    expect(answer.cells).toHaveLength(168);
    expect(answer.best.length).toBeGreaterThan(0);
    expect(answer.best.every((c) => c.score === 100 && c.posts === 0 && c.engagement === null)).toBe(true);
  });

  it('ranks the slot whose posts drew most, with the posts each figure rests on', () => {
    const rows = [...posts(12, 9, 10), ...posts(10, 15, 40)];
    const answer = bestTimes('facebook', rows, 'UTC');
    expect(answer.source).toBe('own');
    expect(answer.posts).toBe(22);
    expect(answer.best[0]).toEqual({ weekday: 1, hour: 15, posts: 10, engagement: 40, score: 100 });
    expect(answer.best[1]).toMatchObject({ weekday: 1, hour: 9, posts: 12, engagement: 10, score: 25 });
    expect(answer.hours[15]).toMatchObject({ posts: 10, engagement: 40 });
    expect(answer.weekdays[0]).toMatchObject({ weekday: 1, posts: 22 });
    expect(answer.cells.filter((c) => c.posts > 0)).toHaveLength(2);
  });

  it("reads the hour and weekday in the company's zone, across a change of daylight saving time", () => {
    // 15:15 UTC is 16:15 in Paris in winter and 17:15 in summer (Monday 30 March 2026 is after the change).
    const cell = localSlots('Europe/Paris');
    expect(cell(Date.UTC(2026, 0, 5, 15, 15))).toBe(16);
    expect(cell(Date.UTC(2026, 2, 30, 15, 15))).toBe(17);
    // 23:30 UTC on a Sunday is Monday 08:30 in Tokyo.
    expect(localSlots('Asia/Tokyo')(Date.UTC(2026, 0, 4, 23, 30))).toBe(8);
    // Weekly posts at 15:15 UTC from January to June: 12 at 16:15 Paris time, then 13 at 17:15.
    const answer = bestTimes('instagram', posts(25, 15, 5), 'Europe/Paris');
    expect(answer.hours[16]).toMatchObject({ posts: 12, engagement: 5 });
    expect(answer.hours[17]).toMatchObject({ posts: 13, engagement: 5 });
  });

  it('leaves out posts whose figures have not settled yet', () => {
    const young = posts(25, 9, 100).map((r) => ({ ...r, day: 1, frozen: false }));
    expect(bestTimes('threads', young, 'UTC').source).toBe('default');
  });
});

describe('readings of a post', () => {
  const post = { companyId: 1, id: 7, publishedAt: '2026-03-01T10:00:00.000Z', platform: 'facebook' as const };
  const figures = { likes: 3, comments: 1, shares: 0, impressions: null, reach: null };
  const at = (days: number) => new Date(Date.parse(post.publishedAt) + days * DAY + 3600_000);

  it('one reading per day; the same day read again replaces it', () => {
    const first = nextReadings(undefined, post, at(0), figures)!;
    const again = nextReadings(first, post, at(0), { ...figures, likes: 4 })!;
    expect(again.readings).toEqual([expect.objectContaining({ day: 0, likes: 4 })]);
    const next = nextReadings(again, post, at(1), { ...figures, likes: 6 })!;
    expect(next.readings.map((r) => r.day)).toEqual([0, 1]);
  });

  it('after its 30 days it is frozen without a read, and then left alone', () => {
    let stored = nextReadings(undefined, post, at(29), figures)!;
    expect(stored.frozen).toBe(false);
    stored = nextReadings(stored, post, at(30), undefined)!;
    expect(stored.frozen).toBe(true);
    expect(stored.readings).toHaveLength(1);
    expect(nextReadings(stored, post, at(31), figures)).toBeUndefined();
    expect(nextReadings(undefined, post, at(40), undefined)).toBeUndefined();
  });

  it("two runs' readings merge: every day of either, the later reading of a day winning, frozen once either is", () => {
    const stored = nextReadings(nextReadings(undefined, post, at(0), figures), post, at(2), figures)!;
    // A run that read days 0 and 2 before the other wrote day 2 again and day 3.
    const late = nextReadings(stored, post, new Date(at(2).getTime() + 60_000), { ...figures, likes: 9 })!;
    const other = nextReadings(stored, post, at(3), { ...figures, likes: 7 })!;
    const merged = mergeReadings(other, late);
    expect(merged.readings.map((r) => [r.day, r.likes])).toEqual([
      [0, 3],
      [2, 9],
      [3, 7],
    ]);
    expect(mergeReadings(late, other)).toEqual(merged);
    expect(mergeReadings({ ...other, frozen: true }, late).frozen).toBe(true);
  });
});

describe('the engagement model', () => {
  it('grows with age and never falls', () => {
    const base = { likes: 20, comments: 4, shares: 2 };
    const slot = { weekday: 3, hour: 10 };
    const series = [0, 1, 2, 5, 29].map((d) => postFiguresAt(base, slot, d).likes);
    expect(series).toEqual([...series].sort((a, b) => a - b));
    expect(growth(29)).toBeGreaterThan(0.99);
  });

  it('favours its hour, and another when told', () => {
    expect(timeFactor(10, 3)).toBeGreaterThan(timeFactor(16, 3));
    expect(timeFactor(16, 3, { hour: 16, weekdays: [] })).toBeGreaterThan(
      timeFactor(10, 3, { hour: 16, weekdays: [] }),
    );
  });
});

describe('top posts', () => {
  const top = (postId: number, engagement: number, impressions: number | null, publishedAt: string) => ({
    postId,
    platform: 'linkedin' as const,
    publishedAt,
    excerpt: '',
    permalink: null,
    frozen: false,
    likes: engagement,
    comments: 0,
    shares: 0,
    impressions,
    reach: null,
    engagement,
  });
  it('sorts best first; what a platform does not give sorts last; ties go to the newer post', () => {
    const list = [top(1, 5, null, '2026-03-01'), top(2, 9, 100, '2026-03-02'), top(3, 9, 50, '2026-03-03')];
    expect(sortTopPosts(list, 'engagement').map((p) => p.postId)).toEqual([3, 2, 1]);
    expect(sortTopPosts(list, 'impressions').map((p) => p.postId)).toEqual([2, 3, 1]);
    expect(sortTopPosts(list, 'publishedAt').map((p) => p.postId)).toEqual([3, 2, 1]);
  });
});
