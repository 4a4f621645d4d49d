import { describe, expect, it } from 'vitest';
import { formatAs, formatDate, formatDateTime, localeWeekStart, parseRouteDate, today, toRouteDate } from '@/lib/dates';

describe('web dates (spec 01 §9: en-GB, day, short month, 2-digit year; week starts on the locale first weekday)', () => {
  it('formats a day as day, short month, 2-digit year', () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'UTC')).toBe('5 Mar 26');
    expect(formatDate(new Date(Date.UTC(2025, 11, 31, 9)), 'Europe/London')).toBe('31 Dec 25');
    // Sep as date-fns writes it, not the en-GB locale's "Sept"; midnight is 00, never 24.
    expect(formatDateTime('2026-09-15T00:00:05Z', 'UTC')).toBe('15 Sep 26, 00:00:05');
  });

  it('shows the day an instant falls on in the given IANA zone', () => {
    const instant = '2026-03-05T23:30:00Z';
    expect(formatDate(instant, 'Asia/Tokyo')).toBe('6 Mar 26');
    expect(formatDate(instant, 'America/New_York')).toBe('5 Mar 26');
    expect(formatDateTime(instant, 'Europe/Lisbon')).toBe('5 Mar 26, 23:30:00');
    expect(formatDateTime(instant, 'Asia/Kolkata')).toBe('6 Mar 26, 05:00:00');
  });

  it("writes the calendar's date-fns patterns in the date's own zone", () => {
    // Midnight in Auckland is still the day before in UTC: a zone mix-up shows Sun 6.
    const day = parseRouteDate('2026-09-07', 'Pacific/Auckland');
    expect(formatAs(day, 'MMMM yyyy')).toBe('September 2026');
    expect(formatAs(day, 'EEE d MMM')).toBe('Mon 7 Sep');
    expect(formatAs(day, 'EEEE d MMMM yyyy')).toBe('Monday 7 September 2026');
    expect(formatAs(day, 'EEEEE')).toBe('M');
    expect(() => formatAs(day, 'Qo')).toThrow(RangeError);
  });

  it('reads a day from an address in the zone, and falls back to today for an invalid one', () => {
    const day = parseRouteDate('2026-03-05', 'Pacific/Auckland');
    expect(toRouteDate(day)).toBe('2026-03-05');
    expect(day.timeZone).toBe('Pacific/Auckland');
    expect(day.getHours()).toBe(0);
    for (const invalid of ['2026-02-30', '2026-3-5', 'yesterday', undefined]) {
      expect(toRouteDate(parseRouteDate(invalid, 'UTC'))).toBe(toRouteDate(today('UTC')));
    }
  });

  it("today is the zone's calendar day", () => {
    const [tokyo, honolulu] = [today('Asia/Tokyo'), today('Pacific/Honolulu')];
    // Tokyo is 19 hours ahead of Honolulu: its day is the same or the next one, never earlier.
    const gapDays =
      (Date.UTC(tokyo.getFullYear(), tokyo.getMonth(), tokyo.getDate()) -
        Date.UTC(honolulu.getFullYear(), honolulu.getMonth(), honolulu.getDate())) /
      86_400_000;
    expect([0, 1]).toContain(gapDays);
  });

  it("starts the week on the locale's first weekday", () => {
    expect(localeWeekStart('en-US')).toBe(0);
    expect(localeWeekStart('en-GB')).toBe(1);
    expect(localeWeekStart('ar-EG')).toBe(6);
    expect(localeWeekStart('not a locale!')).toBe(1);
  });
});
