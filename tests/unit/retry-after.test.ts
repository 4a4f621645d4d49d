import { describe, expect, it } from 'vitest';
import { serverWaitMs } from '../../functions/core/ai/retry';
import { retryAfterMs } from '../../functions/core/http/retry-after';
import { retryAfterSeconds } from '../../functions/core/integrations/platform-http';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('Retry-After, one parser', () => {
  it('reads seconds and HTTP dates; a date passed is no wait; anything else is no answer', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('Sat, 01 Mar 2025 12:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('the AI retries and the platforms read it alike', () => {
    const date = 'Sat, 01 Mar 2025 12:01:30 GMT';
    expect(serverWaitMs(new Headers({ 'retry-after': date }), now)).toBe(90_000);
    expect(retryAfterSeconds({ 'retry-after': date }, 60, now)).toBe(90);
    expect(serverWaitMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterSeconds({ 'retry-after': '7' }, 60, now)).toBe(7);
    // No header: the AI has no wait of its own, a platform its documented fallback.
    expect(serverWaitMs(new Headers(), now)).toBeUndefined();
    expect(retryAfterSeconds({}, 60, now)).toBe(60);
    expect(retryAfterSeconds({ 'retry-after': 'later' }, 60, now)).toBe(60);
  });
});
