import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../functions/core/config';

/**
 * The embedded runtime's two time scales: WORKFLOW_TIME_SCALE for the workflows' waits and the
 * publish path's grace and lease, SWEEP_TIME_SCALE for the sweep loop's intervals (by default
 * the first). Neither is honoured on AWS, and a value out of (0, 1] is ignored.
 */
afterEach(() => vi.unstubAllEnvs());

describe('the local time scales', () => {
  it('sweeps at the workflow scale unless SWEEP_TIME_SCALE says otherwise', () => {
    vi.stubEnv('RUNTIME', 'local');
    vi.stubEnv('WORKFLOW_TIME_SCALE', '0.05');
    expect(config.localTimeScale).toBe(0.05);
    expect(config.localSweepScale).toBe(0.05);
    vi.stubEnv('SWEEP_TIME_SCALE', '0.25');
    expect(config.localSweepScale).toBe(0.25);
    expect(config.publishLeaseMs).toBe(30_000);
  });

  it('ignores a scale out of range, and both on AWS', () => {
    vi.stubEnv('RUNTIME', 'local');
    vi.stubEnv('WORKFLOW_TIME_SCALE', '0.05');
    vi.stubEnv('SWEEP_TIME_SCALE', '2');
    expect(config.localSweepScale).toBe(0.05);
    vi.stubEnv('RUNTIME', 'aws');
    vi.stubEnv('SWEEP_TIME_SCALE', '0.25');
    expect(config.localSweepScale).toBe(1);
    expect(config.localTimeScale).toBe(1);
  });
});
