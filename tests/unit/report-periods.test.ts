import { describe, expect, it } from 'vitest';
import {
  addDays,
  engagementWindow,
  growthPercent,
  InvalidQuarterError,
  periodContaining,
  previousPeriod,
  quarterOf,
} from '@shared/report-periods';

describe('report periods', () => {
  it('finds the calendar quarter of a day at each boundary', () => {
    expect(quarterOf('2026-01-01')).toBe(1);
    expect(quarterOf('2026-03-31')).toBe(1);
    expect(quarterOf('2026-04-01')).toBe(2);
    expect(quarterOf('2026-06-30')).toBe(2);
    expect(quarterOf('2026-07-01')).toBe(3);
    expect(quarterOf('2026-09-30')).toBe(3);
    expect(quarterOf('2026-10-01')).toBe(4);
    expect(quarterOf('2026-12-31')).toBe(4);
  });

  it("answers the spec's invalid-quarter error for a date that matches no quarter", () => {
    for (const day of ['2026-13-01', '2026-00-10', '2026-02-30', 'not a day', '']) {
      expect(() => quarterOf(day)).toThrow(InvalidQuarterError);
    }
  });

  it('gives whole calendar months, quarters and years, leap days included', () => {
    expect(periodContaining('month', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodContaining('month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodContaining('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodContaining('quarter', '2026-05-15')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodContaining('quarter', '2024-01-01')).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(periodContaining('quarter', '2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodContaining('year', '2028-02-29')).toEqual({ from: '2028-01-01', to: '2028-12-31' });
  });

  it('steps back to the period before, across a year end', () => {
    expect(previousPeriod('quarter', '2026-02-01')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousPeriod('month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(previousPeriod('year', '2026-06-01')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('counts days with calendar dates, so a daylight-saving change neither adds nor loses one', () => {
    // Europe and the US change clocks on these days; the day arithmetic does not see it.
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(engagementWindow('2026-03-02')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });

  it('rounds growth to 2 decimals, infinite from 0', () => {
    expect(growthPercent(300, 301)).toBe(0.33);
    expect(growthPercent(3, 2)).toBe(-33.33);
    expect(growthPercent(200, 200)).toBe(0);
    expect(growthPercent(0, 5)).toBe(Infinity);
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(1000, 1500)).toBe(50);
  });
});
