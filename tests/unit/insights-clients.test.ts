import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookClient } from '../../functions/core/integrations/facebook-client';
import { instagramClient } from '../../functions/core/integrations/instagram-client';
import { linkedinClient } from '../../functions/core/integrations/linkedin-client';
import { threadsClient } from '../../functions/core/integrations/threads-client';
import { platformConfig, type PlatformConfig } from '../../functions/core/platform-config';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { dailyRows } from '../../functions/core/reports/metric-rows';
import { API_VERSIONS } from '../../functions/core/platform-config';

const GRAPH = API_VERSIONS.graph.version;

/**
 * The clients' insights reads against a loopback server answering in the real APIs' shapes
 * (Graph's insights edge with end_time at midnight Pacific, Threads' total_value metrics,
 * LinkedIn's Rest.li statistics), and the rows the collection derives from them.
 */
type Answer = { status?: number; body: unknown };
const answers = new Map<string, (url: URL) => Answer>();
const seen: URL[] = [];
let server: Server;
let config: PlatformConfig;
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    seen.push(url);
    const answer = answers.get(url.pathname)?.(url) ?? { status: 404, body: { error: { message: 'no', code: 803 } } };
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.FETCH_ALLOW = new URL(origin).host;
  process.env.PLATFORM_SANDBOX_ORIGIN = origin;
  config = platformConfig();
});
afterAll(async () => {
  process.env = saved;
  await new Promise((resolve) => server.close(resolve));
});

const request = {
  tokens: { accessToken: 'user-token' },
  targetToken: 'page-token',
  from: '2026-03-01',
  to: '2026-03-03',
};

describe('Facebook Page insights', () => {
  it('reads daily follows and followers by end_time (the Pacific day before), and posts by their day', async () => {
    answers.set(`/graph/${GRAPH}/2000001/insights`, (url) => {
      expect(url.searchParams.get('metric')).toBe('page_daily_follows_unique,page_follows');
      expect(url.searchParams.get('period')).toBe('day');
      expect(url.searchParams.get('since')).toBe(String(Date.parse('2026-03-01T00:00:00Z') / 1000));
      expect(url.searchParams.get('until')).toBe(String(Date.parse('2026-03-04T00:00:00Z') / 1000));
      return {
        body: {
          data: [
            {
              name: 'page_daily_follows_unique',
              period: 'day',
              values: [
                { value: 4, end_time: '2026-03-02T08:00:00+0000' },
                { value: 2, end_time: '2026-03-03T08:00:00+0000' },
              ],
              title: 'Daily follows',
              id: '2000001/insights/page_daily_follows_unique/day',
            },
            {
              name: 'page_follows',
              period: 'day',
              values: [
                { value: 104, end_time: '2026-03-02T08:00:00+0000' },
                { value: 106, end_time: '2026-03-03T08:00:00+0000' },
              ],
              id: '2000001/insights/page_follows/day',
            },
          ],
          paging: { previous: 'https://graph.facebook.com/prev', next: 'https://graph.facebook.com/next' },
        },
      };
    });
    answers.set(`/graph/${GRAPH}/2000001/posts`, () => ({
      body: {
        data: [
          {
            id: '2000001_1',
            created_time: '2026-03-02T10:00:00+0000',
            reactions: { data: [], summary: { total_count: 7, viewer_reaction: 'NONE' } },
            comments: { data: [], summary: { order: 'ranked', total_count: 2, can_comment: true } },
            shares: { count: 1 },
          },
          {
            id: '2000001_2',
            created_time: '2026-03-02T11:00:00+0000',
            reactions: { data: [], summary: { total_count: 3 } },
          },
        ],
        paging: { cursors: { before: 'a', after: 'b' } },
      },
    }));
    const insights = await facebookClient(config).insights({ ...request, targetId: '2000001' });
    const byDate = Object.fromEntries(insights.days.map((d) => [d.date, d]));
    expect(byDate['2026-03-01']).toEqual({ date: '2026-03-01', followers: 4, totalFollowers: 104 });
    expect(byDate['2026-03-02']).toEqual({
      date: '2026-03-02',
      followers: 2,
      totalFollowers: 106,
      likes: 10,
      comments: 2,
      shares: 1,
    });
    const posts = seen.find((u) => u.pathname.endsWith('/posts'))!;
    expect(posts.searchParams.get('fields')).toContain('reactions.limit(0).summary(true)');
    expect(seen.filter((u) => u.pathname.endsWith('/insights') && u.search.includes('next'))).toEqual([]);
  });

  it('a dead page token is the reconnect sentence', async () => {
    answers.set(`/graph/${GRAPH}/2000009/insights`, () => ({
      status: 400,
      body: {
        error: { message: 'Error validating access token', type: 'OAuthException', code: 190, error_subcode: 463 },
      },
    }));
    const error = (await facebookClient(config)
      .insights({ ...request, targetId: '2000009' })
      .catch((e: unknown) => e)) as PlatformError;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.failure).toBe('expired');
  });
});

describe('Instagram user insights', () => {
  it('reads follower_count per day, followers_count now, likes and comments of the media, and each media’s shares', async () => {
    answers.set(`/graph/${GRAPH}/17841400000001/insights`, (url) => {
      expect(url.searchParams.get('metric')).toBe('follower_count');
      return {
        body: {
          data: [
            {
              name: 'follower_count',
              period: 'day',
              values: [
                { value: 3, end_time: '2026-03-02T08:00:00+0000' },
                { value: 5, end_time: '2026-03-04T08:00:00+0000' },
              ],
              id: '17841400000001/insights/follower_count/day',
            },
          ],
        },
      };
    });
    answers.set(`/graph/${GRAPH}/17841400000001`, () => ({ body: { followers_count: 900, id: '17841400000001' } }));
    answers.set(`/graph/${GRAPH}/17841400000001/media`, () => ({
      body: {
        data: [
          { id: '1', timestamp: '2026-03-03T09:00:00+0000', like_count: 12, comments_count: 4 },
          { id: '2', timestamp: '2026-03-03T18:00:00+0000', like_count: 1, comments_count: 0 },
        ],
      },
    }));
    answers.set(`/graph/${GRAPH}/1/insights`, (url) => {
      expect(url.searchParams.get('metric')).toBe('shares');
      return {
        body: {
          data: [
            {
              name: 'shares',
              period: 'lifetime',
              values: [{ value: 3 }],
              title: 'Shares',
              id: '1/insights/shares/lifetime',
            },
          ],
        },
      };
    });
    // A media object Instagram has no insights for: its shares count nothing, the rest stands.
    answers.set(`/graph/${GRAPH}/2/insights`, () => ({
      status: 400,
      body: {
        error: { message: '(#10) Not enough viewers for the media to show insights', type: 'OAuthException', code: 10 },
      },
    }));
    const insights = await instagramClient(config).insights({ ...request, targetId: '17841400000001' });
    expect(insights.currentFollowers).toBe(900);
    expect(insights.days).toEqual(
      expect.arrayContaining([
        { date: '2026-03-01', followers: 3 },
        { date: '2026-03-03', followers: 5, likes: 13, comments: 4, shares: 3 },
      ]),
    );
    const rows = dailyRows({ from: request.from, to: request.to, insights });
    expect(rows.map((r) => [r.date, r.followers, r.totalFollowers, r.likes])).toEqual([
      ['2026-03-01', 3, 895, 0],
      ['2026-03-02', 0, 895, 0],
      ['2026-03-03', 5, 900, 13],
    ]);
  });
});

describe('Instagram media insights', () => {
  it('a rate limit on a media insights call fails the collection (retried tomorrow), not a silent zero', async () => {
    answers.set(`/graph/${GRAPH}/17841400000002/insights`, () => ({ body: { data: [] } }));
    answers.set(`/graph/${GRAPH}/17841400000002`, () => ({ body: { followers_count: 10, id: '17841400000002' } }));
    answers.set(`/graph/${GRAPH}/17841400000002/media`, () => ({
      body: { data: [{ id: '7', timestamp: '2026-03-02T09:00:00+0000', like_count: 1, comments_count: 0 }] },
    }));
    answers.set(`/graph/${GRAPH}/7/insights`, () => ({
      status: 429,
      body: { error: { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4 } },
    }));
    const error = (await instagramClient(config)
      .insights({ ...request, targetId: '17841400000002' })
      .catch((e: unknown) => e)) as PlatformError;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.failure).toBe('rate-limited');
  });
});

describe('Threads user insights', () => {
  it('asks each day for likes, replies and reposts (totals), and followers_count once', async () => {
    answers.set('/threads-api/v1.0/555/threads_insights', (url) => {
      if (url.searchParams.get('metric') === 'followers_count') {
        expect(url.searchParams.has('since')).toBe(false);
        return { body: { data: [{ name: 'followers_count', period: 'day', total_value: { value: 321 } }] } };
      }
      const day = new Date(Number(url.searchParams.get('since')) * 1000).getUTCDate();
      return {
        body: {
          data: [
            { name: 'likes', period: 'day', total_value: { value: day * 10 }, id: '555/insights/likes/day' },
            { name: 'replies', period: 'day', total_value: { value: day } },
            { name: 'reposts', period: 'day', total_value: { value: 1 } },
          ],
        },
      };
    });
    const insights = await threadsClient(config).insights({ ...request, targetId: '555' });
    expect(insights).toEqual({
      days: [
        { date: '2026-03-01', likes: 10, comments: 1, shares: 1 },
        { date: '2026-03-02', likes: 20, comments: 2, shares: 1 },
        { date: '2026-03-03', likes: 30, comments: 3, shares: 1 },
      ],
      currentFollowers: 321,
    });
    // No daily follower series: the stored day before gives the change; days without carry the total now.
    const rows = dailyRows({
      from: request.from,
      to: request.to,
      insights,
      before: { date: '2026-02-28', followers: 0, likes: 0, comments: 0, shares: 0, totalFollowers: 300 },
      stored: new Map([
        ['2026-03-01', { date: '2026-03-01', followers: 0, likes: 0, comments: 0, shares: 0, totalFollowers: 310 }],
      ]),
    });
    expect(rows.map((r) => [r.followers, r.totalFollowers])).toEqual([
      [10, 310],
      [11, 321],
      [0, 321],
    ]);
  });
});

describe('LinkedIn organisation statistics', () => {
  it('reads follower gains and share statistics per DAY, and the network size', async () => {
    const start = Date.parse('2026-03-01T00:00:00Z');
    const range = (day: number) => ({ start: start + day * 86_400_000, end: start + (day + 1) * 86_400_000 });
    answers.set('/linkedin-api/rest/organizationalEntityFollowerStatistics', () => ({
      body: {
        paging: { start: 0, count: 10, links: [] },
        elements: [0, 1, 2].map((day) => ({
          organizationalEntity: 'urn:li:organization:4000001',
          timeRange: range(day),
          followerGains: { organicFollowerGain: day + 1, paidFollowerGain: 1 },
        })),
      },
    }));
    answers.set('/linkedin-api/rest/organizationalEntityShareStatistics', () => ({
      body: {
        elements: [
          {
            organizationalEntity: 'urn:li:organization:4000001',
            timeRange: range(1),
            totalShareStatistics: { likeCount: 9, commentCount: 3, shareCount: 2, impressionCount: 400, clickCount: 5 },
          },
        ],
      },
    }));
    answers.set('/linkedin-api/rest/networkSizes/urn%3Ali%3Aorganization%3A4000001', (url) => {
      expect(url.searchParams.get('edgeType')).toBe('COMPANY_FOLLOWED_BY_MEMBER');
      return { body: { firstDegreeSize: 1200 } };
    });
    seen.length = 0;
    const client = linkedinClient(config);
    const insights = await client.insights({ ...request, targetId: 'urn:li:organization:4000001' });
    expect(insights.currentFollowers).toBe(1200);
    expect(insights.days).toEqual([
      { date: '2026-03-01', followers: 2 },
      { date: '2026-03-02', followers: 3, likes: 9, comments: 3, shares: 2 },
      { date: '2026-03-03', followers: 4 },
    ]);
    const statistics = seen.find((u) => u.pathname.endsWith('FollowerStatistics'))!;
    expect(statistics.search).toContain('organizationalEntity=urn%3Ali%3Aorganization%3A4000001');
    expect(statistics.search).toContain(
      `timeIntervals=(timeRange:(start:${start},end:${start + 3 * 86_400_000}),timeGranularityType:DAY)`,
    );
    expect(dailyRows({ from: request.from, to: request.to, insights: { days: [] } })).toEqual([]);
  });
});

describe('LinkedIn member analytics', () => {
  const day = (d: number) => ({ day: d, month: 3, year: 2026 });
  it('a member profile: followers gained per day and now, and their posts’ reactions, comments and reshares per day', async () => {
    const queries: Record<string, string | null>[] = [];
    answers.set('/linkedin-api/rest/memberFollowersCount', (url) => {
      queries.push({ q: url.searchParams.get('q'), dateRange: url.searchParams.get('dateRange') });
      if (url.searchParams.get('q') === 'me') return { body: { elements: [{ memberFollowersCount: 640 }] } };
      return {
        body: {
          elements: [
            { dateRange: { start: day(1), end: day(2) }, memberFollowersCount: 2 },
            { dateRange: { start: day(3), end: day(4) }, memberFollowersCount: 4 },
          ],
        },
      };
    });
    const byType: Record<string, number> = { REACTION: 9, COMMENT: 3, RESHARE: 1 };
    answers.set('/linkedin-api/rest/memberCreatorPostAnalytics', (url) => {
      expect(url.searchParams.get('q')).toBe('me');
      expect(url.searchParams.get('aggregation')).toBe('DAILY');
      expect(url.searchParams.get('dateRange')).toBe('(start:(day:1,month:3,year:2026),end:(day:4,month:3,year:2026))');
      const type = url.searchParams.get('queryType') ?? '';
      return { body: { elements: [{ count: byType[type], dateRange: { start: day(2), end: day(3) } }] } };
    });
    const insights = await linkedinClient(config).insights({ ...request, targetId: 'urn:li:person:abc' });
    expect(queries).toEqual([
      { q: 'dateRange', dateRange: '(start:(day:1,month:3,year:2026),end:(day:4,month:3,year:2026))' },
      { q: 'me', dateRange: null },
    ]);
    expect(insights.currentFollowers).toBe(640);
    expect(insights.days).toEqual(
      expect.arrayContaining([
        { date: '2026-03-01', followers: 2 },
        { date: '2026-03-02', likes: 9, comments: 3, shares: 1 },
        { date: '2026-03-03', followers: 4 },
      ]),
    );
    const rows = dailyRows({ from: request.from, to: request.to, insights });
    expect(rows.map((r) => [r.date, r.followers, r.totalFollowers])).toEqual([
      ['2026-03-01', 2, 636],
      ['2026-03-02', 0, 636],
      ['2026-03-03', 4, 640],
    ]);
  });

  it('a connection made before the analytics scopes: LinkedIn’s 403 is a permission failure', async () => {
    answers.set('/linkedin-api/rest/memberFollowersCount', () => ({
      status: 403,
      body: {
        status: 403,
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: 'Not enough permissions to access: memberFollowersCount.FINDER-dateRange.20260301',
      },
    }));
    const error = (await linkedinClient(config)
      .insights({ ...request, targetId: 'urn:li:person:abc' })
      .catch((e: unknown) => e)) as PlatformError;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.failure).toBe('permission');
  });
});
