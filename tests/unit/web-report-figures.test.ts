import type { ReportPeriod } from '@shared/report-periods';
import type { ReportRow, Reports } from '@shared/schemas/reports';
import { describe, expect, it } from 'vitest';
import { blankCompany } from '../../functions/core/companies/company-store';
import { demoReportRows } from '../../functions/core/reports/demo-metrics';
import {
  daysName,
  describeChart,
  earlierRange,
  periodName,
  readSelection,
  reportRange,
  selectionSearch,
  summarize,
  toggle,
} from '../../web/src/features/report/report-data';
import { dashboardFigures, dashboardRange, formatCount, formatGrowth } from '../../web/src/api/reports/report-figures';
import { localToday } from '../../web/src/api/reports/reports';

/** A day's row: `total` followers at its end, `gained` of them new that day, and some engagement. */
const row = (
  date: string,
  total: number,
  engagement = { likes: 0, comments: 0, shares: 0 },
  gained = 0,
): ReportRow => ({
  date,
  followers: gained,
  totalFollowers: total,
  ...engagement,
});

describe('report selection in the address', () => {
  it('reads platforms and period, falling back to All and the month', () => {
    expect(readSelection(new URLSearchParams(''))).toEqual({
      platforms: ['facebook', 'instagram', 'threads', 'linkedin'],
      all: true,
      period: 'month',
    });
    expect(readSelection(new URLSearchParams('platforms=linkedin,facebook,tiktok&period=quarter'))).toEqual({
      platforms: ['facebook', 'linkedin'],
      all: false,
      period: 'quarter',
    });
    expect(readSelection(new URLSearchParams('platforms=nothing&period=decade'))).toMatchObject({
      all: true,
      period: 'month',
    });
    // Every platform named is All.
    expect(readSelection(new URLSearchParams('platforms=facebook,instagram,threads,linkedin')).all).toBe(true);
  });

  it('writes only what differs from the defaults', () => {
    expect(selectionSearch(readSelection(new URLSearchParams('')))).toBe('');
    expect(selectionSearch(readSelection(new URLSearchParams('platforms=threads,facebook&period=year')))).toBe(
      '?platforms=facebook%2Cthreads&period=year',
    );
  });

  it('toggles a platform in and out; none left, or every one, is All', () => {
    const all = readSelection(new URLSearchParams('period=year'));
    const facebook = toggle(all, 'facebook');
    expect(facebook).toEqual({ platforms: ['facebook'], all: false, period: 'year' });
    const two = toggle(facebook, 'linkedin');
    expect(two.platforms).toEqual(['facebook', 'linkedin']);
    expect(toggle(toggle(two, 'facebook'), 'linkedin').all).toBe(true);
    expect(toggle(toggle(two, 'instagram'), 'threads').all).toBe(true);
    expect(toggle(two, 'all')).toEqual(all);
  });
});

describe('report range', () => {
  it('covers the calendar period holding today, up to today, and asks for the day before too', () => {
    expect(reportRange('month', '2026-03-15')).toEqual({
      period: 'month',
      first: '2026-03-01',
      last: '2026-03-31',
      from: '2026-03-01',
      to: '2026-03-15',
      query: { from: '2026-02-28', to: '2026-03-15' },
    });
    expect(reportRange('quarter', '2026-05-02')).toMatchObject({
      from: '2026-04-01',
      to: '2026-05-02',
      query: { from: '2026-03-31' },
    });
    expect(reportRange('year', '2024-12-31')).toMatchObject({
      from: '2024-01-01',
      to: '2024-12-31',
      query: { from: '2023-12-31', to: '2024-12-31' },
    });
  });

  it('names the period and its days', () => {
    expect(periodName(reportRange('month', '2026-03-15'))).toBe('March 2026');
    expect(periodName(reportRange('quarter', '2026-08-15'))).toBe('Q3 2026');
    expect(periodName(reportRange('year', '2026-08-15'))).toBe('2026');
    expect(daysName(reportRange('month', '2026-03-15'))).toBe('1 Mar – 15 Mar 2026');
    expect(daysName(reportRange('month', '2026-03-01'))).toBe('1 Mar 2026');
  });

  it("today is the viewer's local day", () => {
    const instant = new Date('2026-03-01T20:00:00Z');
    expect(localToday('Pacific/Auckland', instant)).toBe('2026-03-02');
    expect(localToday('America/Los_Angeles', instant)).toBe('2026-03-01');
  });
});

describe('report summary', () => {
  const range = reportRange('month', '2026-03-05');
  const reports: Reports = {
    facebook: [
      row('2026-02-28', 1000),
      row('2026-03-01', 1010, { likes: 5, comments: 1, shares: 0 }, 10),
      row('2026-03-03', 1050, { likes: 7, comments: 2, shares: 3 }, 40),
    ],
    // Counted from 3 March: its growth starts at its first day.
    instagram: [row('2026-03-04', 200, { likes: 20, comments: 4, shares: 1 }), row('2026-03-05', 230)],
    // Connected with no audience yet: growth from 0 is infinite.
    threads: [row('2026-02-28', 0), row('2026-03-02', 12)],
    linkedin: [],
  };

  it('takes the audience from the day before the period to the last day counted, per platform and in total', () => {
    const summary = summarize(reports, ['facebook', 'instagram', 'threads', 'linkedin'], range);
    expect(summary.platforms.map(({ platform, start, end, growth }) => ({ platform, start, end, growth }))).toEqual([
      { platform: 'facebook', start: 1000, end: 1050, growth: 5 },
      { platform: 'instagram', start: 200, end: 230, growth: 15 },
      { platform: 'threads', start: 0, end: 12, growth: Infinity },
    ]);
    expect(summary.missing).toEqual(['linkedin']);
    expect(summary.total).toEqual({
      start: 1200,
      end: 1292,
      growth: 7.67,
      engagement: { likes: 32, comments: 7, shares: 4 },
    });
  });

  it('draws every day from the first to the last counted, with gaps where a platform has none', () => {
    const summary = summarize(reports, ['facebook', 'instagram'], range);
    expect(summary.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(summary.followers).toEqual([
      { platform: 'facebook', values: [1010, null, 1050, null, null] },
      { platform: 'instagram', values: [null, null, null, 200, 230] },
    ]);
    expect(describeChart(summary)).toBe(
      'Line chart of total followers by date, 1 Mar – 5 Mar 2026: Facebook from 1,010 to 1,050, ' +
        'Instagram from 200 to 230. The numbers are in the table that follows.',
    );
  });

  it('keeps to the chosen platforms, and has nothing when none of them has figures', () => {
    const one = summarize(reports, ['instagram'], range);
    expect(one.platforms.map((p) => p.platform)).toEqual(['instagram']);
    expect(one.total.engagement).toEqual({ likes: 20, comments: 4, shares: 1 });
    const none = summarize(reports, ['linkedin'], range);
    expect(none.platforms).toEqual([]);
    expect(none.days).toEqual([]);
    expect(summarize({}, ['facebook'], range).missing).toEqual(['facebook']);
    expect(summarize(undefined, ['facebook'], range).total.growth).toBe(0);
  });
});

describe("a demo company's report on the first day of a period", () => {
  const demo = { ...blankCompany(77, 'Demo Bakery', true), createdAt: '2026-06-15T10:00:00.000Z' };
  const platforms = ['facebook', 'instagram', 'threads', 'linkedin'] as const;
  /** What GET /api/reports answers for the demo on `today` (the server draws up to yesterday). */
  const answer = (query: { from: string; to: string }, today: string): Reports => {
    const rows = demoReportRows(demo, [...platforms], query.from, query.to, today);
    return Object.fromEntries(platforms.map((platform, i) => [platform, rows[i] ?? []]));
  };
  /** The page's two steps: the period holding today, and the one before while today's has no figures. */
  const shown = (period: ReportPeriod, today: string) => {
    const current = reportRange(period, today);
    const earlier = earlierRange(answer(current.query, today), platforms, current);
    const range = earlier ?? current;
    return { range, earlier, summary: summarize(answer(range.query, today), platforms, range) };
  };

  it('Month on the 1st shows last month whole, with figures on every platform', () => {
    const { range, earlier, summary } = shown('month', '2026-12-01');
    expect(earlier).toBeDefined();
    expect(periodName(range)).toBe('November 2026');
    expect(summary.missing).toEqual([]);
    expect(summary.platforms).toHaveLength(4);
    expect(summary.days).toHaveLength(30);
    expect(summary.total.end).toBeGreaterThan(0);
    expect(summary.total.engagement.likes).toBeGreaterThan(0);
  });

  it('Quarter and Year on the 1st of January show the last quarter and year', () => {
    expect(periodName(shown('quarter', '2027-01-01').range)).toBe('Q4 2026');
    const year = shown('year', '2027-01-01');
    expect(periodName(year.range)).toBe('2026');
    expect(year.summary.days[0]).toBe('2026-01-01');
    expect(year.summary.days.at(-1)).toBe('2026-12-31');
  });

  it('from the 2nd on, the period holding today is shown, with its days so far, drawn from the day before', () => {
    const { earlier, range, summary } = shown('month', '2026-12-02');
    expect(earlier).toBeUndefined();
    expect(periodName(range)).toBe('December 2026');
    // One day so far: the chart starts where its audience does, so it draws a line.
    expect(summary.days).toEqual(['2026-11-30', '2026-12-01']);
    expect(summary.followers.every((f) => f.values.every((v) => v !== null))).toBe(true);
    expect(summary.platforms).toHaveLength(4);
  });

  it('a company with no figures at all is still collecting, whatever the day', () => {
    const range = reportRange('month', '2026-12-01');
    expect(earlierRange({}, platforms, range)).toBeUndefined();
    expect(earlierRange(undefined, platforms, range)).toBeUndefined();
  });
});

describe('dashboard figures', () => {
  it('asks for the engagement week and today', () => {
    expect(dashboardRange('2026-03-08')).toEqual({ from: '2026-03-01', to: '2026-03-08' });
  });

  it('sums the latest audience per platform and the engagement of the 7 days ending yesterday', () => {
    const figures = dashboardFigures(
      {
        facebook: [
          row('2026-02-28', 90, { likes: 100, comments: 100, shares: 100 }),
          row('2026-03-01', 100, { likes: 1, comments: 2, shares: 3 }),
          row('2026-03-07', 110, { likes: 10, comments: 0, shares: 1 }),
          row('2026-03-08', 115, { likes: 50, comments: 50, shares: 50 }),
        ],
        linkedin: [row('2026-03-04', 40, { likes: 4, comments: 1, shares: 0 })],
        instagram: [],
      },
      '2026-03-08',
    );
    expect(figures.followers).toEqual({
      total: 155,
      platforms: [
        { platform: 'facebook', total: 115, date: '2026-03-08' },
        { platform: 'linkedin', total: 40, date: '2026-03-04' },
      ],
    });
    expect(figures.engagement).toEqual({ likes: 15, comments: 3, shares: 4 });
  });

  it('has nothing to show before anything is collected', () => {
    expect(dashboardFigures({}, '2026-03-08')).toEqual({ followers: undefined, engagement: undefined });
    expect(dashboardFigures(undefined, '2026-03-08')).toEqual({ followers: undefined, engagement: undefined });
  });
});

describe('formatting', () => {
  it('writes counts and growth, infinite from 0', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatGrowth(12.5)).toBe('+12.5%');
    expect(formatGrowth(-3.25)).toBe('-3.25%');
    expect(formatGrowth(0)).toBe('0%');
    expect(formatGrowth(Infinity)).toBe('∞');
  });
});
