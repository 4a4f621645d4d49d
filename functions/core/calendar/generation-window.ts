import { localParts, nextDay } from '@shared/calendar-time';
import { GENERATE_MAX_AHEAD_DAYS } from '@shared/constants';
import { generateMessages } from '@shared/schemas/calendar-generate';
import { fieldError } from '../errors';

/** 'yyyy-MM-dd' plus `n` days (calendar days: no zone, no DST). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

/**
 * Spec 01 §5: generated dates run from today up to GENERATE_MAX_AHEAD_DAYS ahead, "today" being
 * the client's local day in its zone (a user in Auckland is a day ahead of one in Hawaii). The
 * start route checks it; the schema has already checked that from <= to.
 */
export function checkGenerationWindow(from: string, to: string, zone: string, now = new Date()): void {
  const today = localParts(now, zone).day;
  if (from < today) throw fieldError('from', generateMessages.outsideWindow);
  if (to > addDays(today, GENERATE_MAX_AHEAD_DAYS)) throw fieldError('to', generateMessages.outsideWindow);
}

/** The days from..to, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}
