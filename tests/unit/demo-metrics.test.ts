import { describe, expect, it } from 'vitest';
import type { CompanyItem } from '../../functions/core/companies/company-entity';
import { blankCompany } from '../../functions/core/companies/company-store';
import { demoReportRows } from '../../functions/core/reports/demo-metrics';

const demo = (demoSeed?: number): CompanyItem => ({
  ...blankCompany(42, 'Demo Bistro', true),
  ...(demoSeed === undefined ? {} : { demoSeed }),
  createdAt: '2026-06-15T10:00:00.000Z',
});

describe("a demo's report figures, drawn on read", () => {
  it('cover the year before the demo was made, up to yesterday, whatever the range asks', () => {
    const [rows] = demoReportRows(demo(), ['facebook'], '2025-01-01', '2026-12-31', '2026-11-26');
    expect(rows?.[0]?.date).toBe('2025-06-15');
    expect(rows?.at(-1)?.date).toBe('2026-11-25');
  });

  it('are the same for the same day, whichever range reads it; a new seed draws a new year', () => {
    const [year] = demoReportRows(demo(7), ['instagram'], '2026-01-01', '2026-11-25', '2026-11-26');
    const [march] = demoReportRows(demo(7), ['instagram'], '2026-03-01', '2026-03-31', '2026-11-26');
    expect(march).toEqual(year?.filter((row) => row.date.startsWith('2026-03')));
    const [other] = demoReportRows(demo(8), ['instagram'], '2026-03-01', '2026-03-31', '2026-11-26');
    expect(other).not.toEqual(march);
  });

  it('grow an audience day by day, the total following the daily gains', () => {
    const [rows = []] = demoReportRows(demo(), ['linkedin'], '2026-01-01', '2026-11-25', '2026-11-26');
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.totalFollowers).toBe(Math.max(0, rows[i - 1]!.totalFollowers + rows[i]!.followers));
    }
    expect(rows.at(-1)!.totalFollowers).toBeGreaterThan(rows[0]!.totalFollowers);
    for (const row of rows) expect(Math.min(row.likes, row.comments, row.shares)).toBeGreaterThanOrEqual(0);
  });
});
