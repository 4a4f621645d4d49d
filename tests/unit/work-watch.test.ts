import { afterEach, describe, expect, it } from 'vitest';
import { bothHold, isAbandoned, leaseFree, sameWatch, useBoot, watchFor } from '../../functions/core/jobs/watch';

/** The recovery rule's own logic (functions/core/jobs/watch.ts): when work in flight counts as abandoned. */
afterEach(() => useBoot(undefined));

const now = Date.parse('2026-12-01T12:00:00Z');
const later = new Date(now + 60_000).toISOString();
const earlier = new Date(now - 1).toISOString();

describe('the work watch', () => {
  it('stamps the boot only where there is one (the embedded runtime)', () => {
    expect(watchFor(1000, now)).toEqual({ watchUntil: new Date(now + 1000).toISOString() });
    useBoot('boot-2');
    expect(watchFor(1000, now)).toEqual({ watchUntil: new Date(now + 1000).toISOString(), boot: 'boot-2' });
  });

  it('is abandoned past its time, or at once when another boot stamped it', () => {
    expect(isAbandoned({ watchUntil: later }, now)).toBe(false);
    expect(isAbandoned({ watchUntil: earlier }, now)).toBe(true);
    expect(isAbandoned({ watchUntil: null }, now)).toBe(false);
    // Without a boot of its own (AWS, a test's process) only the time counts.
    expect(isAbandoned({ watchUntil: later, boot: 'boot-1' }, now)).toBe(false);
    useBoot('boot-2');
    expect(isAbandoned({ watchUntil: later, boot: 'boot-1' }, now)).toBe(true);
    expect(isAbandoned({ watchUntil: later, boot: 'boot-2' }, now)).toBe(false);
    expect(isAbandoned({ watchUntil: later }, now)).toBe(false);
  });

  it('takes over only on the watch it read', () => {
    expect(sameWatch({ watchUntil: later })).toEqual({
      expression: 'watchUntil = :seenWatch',
      values: { ':seenWatch': later },
    });
    const both = bothHold(
      { expression: '#s = :running', names: { '#s': 'status' }, values: { ':running': 'running' } },
      sameWatch({ watchUntil: later }),
    );
    expect(both.expression).toBe('(#s = :running) AND (watchUntil = :seenWatch)');
    expect(both.values).toEqual({ ':running': 'running', ':seenWatch': later });
  });

  it('frees a lease by its time or its holder, and by its boot only where there is one', () => {
    const fields = { until: 'polling.watchUntil', boot: 'polling.boot', holder: 'polling.by' };
    const without = leaseFree(fields, 'job-1', now);
    expect(without.expression).not.toContain('#lease_boot');
    expect(Object.keys(without.names ?? {}).sort()).toEqual(['#lease_by', '#lease_polling', '#lease_watchUntil']);
    useBoot('boot-2');
    const withBoot = leaseFree(fields, 'job-1', now);
    expect(withBoot.expression).toContain('#lease_polling.#lease_boot <> :leaseBoot');
    expect(withBoot.values).toMatchObject({ ':leaseBoot': 'boot-2', ':leaseHolder': 'job-1' });
  });
});
