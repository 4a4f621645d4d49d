import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceClock, clock, onClockAdvanced } from '../../functions/core/clock';

afterEach(() => vi.unstubAllEnvs());

describe('the clock schedules fall due by', () => {
  it('cannot be moved in AWS: schedules there fire on real time', () => {
    vi.stubEnv('RUNTIME', 'aws');
    expect(() => advanceClock(60_000)).toThrow(/embedded runtime only/);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('moves forward on the embedded runtime, never back, and tells who listens', () => {
    vi.stubEnv('RUNTIME', 'local');
    const heard = vi.fn();
    const stop = onClockAdvanced(heard);
    const before = clock.now().getTime();
    advanceClock(60_000);
    advanceClock(-3600_000);
    stop();
    advanceClock(1);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(60_000);
    expect(clock.now().getTime() - before).toBeLessThan(61_000);
  });
});
