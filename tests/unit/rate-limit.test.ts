import { describe, expect, it } from 'vitest';
import { slidingCount } from '../../functions/core/accounts/rate-limit';

describe('the sliding window', () => {
  it('weighs the previous window by the part of it still covered', () => {
    // At the start of a window the whole previous one counts; at its end none of it.
    expect(slidingCount(1, 10, 0)).toBe(11);
    expect(slidingCount(4, 10, 0.5)).toBe(9);
    expect(slidingCount(7, 10, 1)).toBe(7);
  });

  it('keeps a burst straddling the end of a window at the limit, where fixed windows allowed twice it', () => {
    // 10 attempts in the last second of the hour, then more in the first second of the next.
    const max = 10;
    const justAfter = 1 / 3600;
    expect(slidingCount(1, 10, justAfter)).toBeGreaterThan(max);
  });

  it('clamps a fraction outside [0, 1] (a clock read at the edge)', () => {
    expect(slidingCount(2, 10, -0.1)).toBe(12);
    expect(slidingCount(2, 10, 1.5)).toBe(2);
  });
});
