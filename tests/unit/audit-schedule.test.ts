import { describe, expect, it } from 'vitest';
import { auditScheduleInputSchema, type AuditScheduleInput } from '@shared/schemas/audit-schedule';
import { auditReadyMail } from '../../functions/core/audit/report/audit-mail';
import { nextAuditRun } from '../../functions/core/audit/schedule/audit-schedule-time';

/** When a scheduled audit is next due (its zone's wall clock, across DST), and the four "report ready" mails. */
const schedule = (fields: Partial<AuditScheduleInput>): AuditScheduleInput =>
  auditScheduleInputSchema.parse({ frequency: 'weekly', ...fields });
const next = (fields: Partial<AuditScheduleInput>, after: string) =>
  nextAuditRun(schedule(fields), new Date(after))?.toISOString();

describe('the next run of an audit schedule', () => {
  it('runs manually: never due', () => {
    expect(next({ frequency: 'manually' }, '2026-03-01T00:00:00Z')).toBeUndefined();
  });

  it('weekly: the next matching weekday at the time in its zone, a week on once that time has passed', () => {
    // 2026-03-02 is a Monday; 09:00 in Berlin is 08:00 UTC in winter.
    expect(next({ weekday: 1, time: '09:00', timeZone: 'Europe/Berlin' }, '2026-03-01T12:00:00Z')).toBe(
      '2026-03-02T08:00:00.000Z',
    );
    expect(next({ weekday: 1, time: '09:00', timeZone: 'Europe/Berlin' }, '2026-03-02T08:00:00Z')).toBe(
      '2026-03-09T08:00:00.000Z',
    );
  });

  it('keeps the wall-clock time across a daylight-saving change (Berlin goes to summer time on 29 March 2026)', () => {
    expect(next({ weekday: 1, time: '09:00', timeZone: 'Europe/Berlin' }, '2026-03-24T00:00:00Z')).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    // New York's clocks go back on 1 November 2026: 09:00 is 13:00 UTC before, 14:00 after.
    expect(next({ weekday: 0, time: '09:00', timeZone: 'America/New_York' }, '2026-10-26T00:00:00Z')).toBe(
      '2026-11-01T14:00:00.000Z',
    );
  });

  it('a time the clocks skip runs just after the gap', () => {
    // Sunday 29 March 2026 02:30 does not exist in Berlin.
    expect(next({ weekday: 0, time: '02:30', timeZone: 'Europe/Berlin' }, '2026-03-28T00:00:00Z')).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('a zone far from UTC whose local day differs from the UTC day', () => {
    // Monday 06:00 in Auckland (UTC+13 in March) is Sunday 17:00 UTC.
    expect(next({ weekday: 1, time: '06:00', timeZone: 'Pacific/Auckland' }, '2026-03-01T00:00:00Z')).toBe(
      '2026-03-01T17:00:00.000Z',
    );
  });

  it('monthly: the day of the month, or the last day of a shorter month', () => {
    expect(next({ frequency: 'monthly', monthDay: 15, time: '10:30', timeZone: 'UTC' }, '2026-01-20T00:00:00Z')).toBe(
      '2026-02-15T10:30:00.000Z',
    );
    expect(next({ frequency: 'monthly', monthDay: 31, time: '10:30', timeZone: 'UTC' }, '2026-02-01T00:00:00Z')).toBe(
      '2026-02-28T10:30:00.000Z',
    );
    expect(next({ frequency: 'monthly', monthDay: 31, time: '10:30', timeZone: 'UTC' }, '2026-02-28T10:30:00Z')).toBe(
      '2026-03-31T10:30:00.000Z',
    );
  });

  it('refuses a time, zone or day that does not exist, with the field to fix', () => {
    for (const bad of [{ time: '24:00' }, { timeZone: 'Mars/Olympus' }, { weekday: 7 }, { monthDay: 0 }]) {
      expect(auditScheduleInputSchema.safeParse({ frequency: 'weekly', ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
  });
});

describe('the report-ready mail', () => {
  const site = 'https://example.com/';
  it('the first audit names the score and its range', () => {
    const mail = auditReadyMail('a@example.com', site, 72, undefined);
    expect(mail.subject).toBe('Your SEO report is ready');
    expect(mail.text).toContain(
      'This is the first audit of https://example.com/. Its Health Score is 72 out of 100 (Decent).',
    );
  });
  it('no change', () => {
    expect(auditReadyMail('a@example.com', site, 72, 72).text).toContain('is unchanged at 72 out of 100');
  });
  it('up, with both numbers', () => {
    expect(auditReadyMail('a@example.com', site, 85, 72).text).toContain('rose from 72 to 85 out of 100 (Strong)');
  });
  it('down, with both numbers, in the HTML too and escaped', () => {
    const mail = auditReadyMail('a@example.com', 'https://example.com/?a=<b>', 35, 72);
    expect(mail.text).toContain('dropped from 72 to 35 out of 100 (Poor)');
    expect(mail.html).toContain('dropped from 72 to 35');
    expect(mail.html).toContain('&lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
