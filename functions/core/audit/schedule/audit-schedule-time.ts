import type { AuditScheduleInput } from '@shared/schemas/audit-schedule';
import { localParts, nextDay, zonedInstant } from '@shared/calendar-time';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether the local day 'yyyy-MM-dd' is one the schedule runs on. */
function runsOn(schedule: AuditScheduleInput, day: string): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  if (schedule.frequency === 'weekly')
    return new Date(Date.UTC(year, month - 1, date)).getUTCDay() === schedule.weekday;
  // The 31st of a 30-day month (or February) is its last day: a monthly audit never skips a month.
  return date === Math.min(schedule.monthDay, daysInMonth(year, month));
}

/**
 * The first time after `after` that the schedule is due: its wall-clock time on a matching day
 * in its zone, so 09:00 in Berlin is 08:00 UTC in winter and 07:00 UTC in summer. A time the
 * clocks skip runs just after the gap (zonedInstant). Undefined for manual audits.
 */
export function nextAuditRun(schedule: AuditScheduleInput, after: Date): Date | undefined {
  if (schedule.frequency === 'manually') return undefined;
  // A day before `after`'s local day too: a zone far behind UTC may still be on the day before.
  let day = localParts(new Date(after.getTime() - 86_400_000), schedule.timeZone).day;
  // Two months and a bit cover every monthly day and every weekday.
  for (let i = 0; i < 66; i++, day = nextDay(day)) {
    if (!runsOn(schedule, day)) continue;
    const at = zonedInstant(day, schedule.time, schedule.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  return undefined;
}
