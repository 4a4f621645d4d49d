import type { AuditSchedule } from '@shared/schemas/audit-schedule';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
};

/** A due time as the schedule's zone reads it, e.g. "Monday 7 December, 09:00". */
export const formatRun = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(at));

/** "Audits run every Monday at 09:00 (Europe/Berlin)." */
export function describeSchedule(schedule: AuditSchedule): string {
  const zone = schedule.timeZone.replace(/_/g, ' ');
  if (schedule.frequency === 'weekly')
    return `Audits run every ${WEEKDAYS[schedule.weekday] ?? ''} at ${schedule.time} (${zone}).`;
  if (schedule.frequency === 'monthly')
    return `Audits run on the ${ordinal(schedule.monthDay)} of every month at ${schedule.time} (${zone}).`;
  return 'Audits run when you start them.';
}
