import { config } from './config';

/**
 * The time schedules fall due by: the real time, plus an offset that only the embedded runtime's
 * dev clock (POST /api/dev/clock) moves, so a test brings a schedule due without waiting for it.
 * In AWS the offset is always 0: EventBridge Scheduler fires on real time and so must the claim.
 */
let offsetMs = 0;
const listeners = new Set<() => void>();

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
};

/** Moves the embedded runtime's clock forward (never back: what fired stays fired). */
export function advanceClock(ms: number): Date {
  if (config.runtime !== 'local') throw new Error('the clock moves on the embedded runtime only');
  offsetMs += Math.max(0, ms);
  for (const listener of listeners) listener();
  return clock.now();
}

/** Tells the scheduler loop that schedules may have fallen due at once; returns the unsubscribe. */
export function onClockAdvanced(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
