import { randomInt } from 'node:crypto';
import { addDays } from '@shared/report-periods';
import type { ReportPlatform, ReportRow } from '@shared/schemas/reports';
import type { CompanyItem } from '../companies/company-entity';
import { setDemoSeed } from '../companies/company-store';
import { clock } from '../clock';

/**
 * A demo company's report figures, drawn on read from a seed on the company rather than stored:
 * nothing to write when a demo is made or refreshed, and the same day always shows the
 * same figures until 'Refresh report' picks a new seed. Audiences grow with a rhythm from a year
 * before the demo was made; engagement follows the week; now and then a post takes off.
 */
const DEMO_METRIC_DAYS = 365;

/** Where each platform's audience starts and how lively it is, for a small business. */
const PROFILE: Record<ReportPlatform, { start: [number, number]; gain: number; likes: number }> = {
  facebook: { start: [1200, 2400], gain: 3, likes: 38 },
  instagram: { start: [800, 1900], gain: 4, likes: 55 },
  threads: { start: [220, 600], gain: 2, likes: 14 },
  linkedin: { start: [300, 900], gain: 1.5, likes: 11 },
};

/** mulberry32: a small, fast, seeded generator, so a seed always draws the same year. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLATFORM_SALT: Record<ReportPlatform, number> = { facebook: 11, instagram: 23, threads: 37, linkedin: 53 };

/** One platform's daily rows from the demo's first day up to `to`, those from `from` kept. */
function platformRows(company: CompanyItem, platform: ReportPlatform, from: string, to: string): ReportRow[] {
  const seed = company.demoSeed ?? company.id;
  const random = seeded(seed * 1009 + company.id * 31 + PLATFORM_SALT[platform]);
  const draw = (mean: number, day: string) => {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const week = weekday === 0 ? 0.6 : weekday === 6 ? 0.8 : 1;
    const spike = random() < 1 / 40 ? 3 : 1;
    return Math.max(0, Math.round(mean * week * spike * (0.6 + random() * 0.8)));
  };
  const profile = PROFILE[platform];
  let total = Math.round(profile.start[0] + random() * (profile.start[1] - profile.start[0]));
  const rows: ReportRow[] = [];
  const first = addDays(company.createdAt.slice(0, 10), -DEMO_METRIC_DAYS);
  for (let date = first; date <= to; date = addDays(date, 1)) {
    // Mostly gains, the odd unfollow: a small business's audience grows slowly.
    const followers = draw(profile.gain, date) - (random() < 0.2 ? 1 + Math.floor(random() * 3) : 0);
    total = Math.max(0, total + followers);
    const likes = draw(profile.likes, date);
    const comments = Math.round(likes * (0.08 + random() * 0.08));
    const shares = Math.round(likes * (0.03 + random() * 0.05));
    if (date >= from) rows.push({ date, followers, likes, comments, shares, totalFollowers: total });
  }
  return rows;
}

/**
 * A demo's figures for the platforms asked, from `from` to `to` (both included), up to yesterday,
 * as a collection would have them (the runtime's clock says which day it is).
 */
export function demoReportRows(
  company: CompanyItem,
  platforms: ReportPlatform[],
  from: string,
  to: string,
  today = clock.now().toISOString().slice(0, 10),
): ReportRow[][] {
  const last = addDays(today, -1) < to ? addDays(today, -1) : to;
  return platforms.map((platform) => (last < from ? [] : platformRows(company, platform, from, last)));
}

/** 'Refresh report': a new seed, so the demo draws a new year of figures. */
export const refreshDemoFigures = (companyId: number) => setDemoSeed(companyId, randomInt(1, 2 ** 31));
