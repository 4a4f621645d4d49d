import { describe, expect, it } from 'vitest';
import { niceStep, niceTicks, tickLabels } from '../../web/src/components/charts/axis-ticks';

const distinct = (labels: string[]) => new Set(labels).size === labels.length;

describe("a chart's value axis", () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten, and never by less than one', () => {
    expect([0.3, 1, 1.4, 3, 7, 13, 22, 40, 180, 2400].map(niceStep)).toEqual([1, 1, 2, 5, 10, 20, 25, 50, 200, 2500]);
  });

  it('labels an audience of about 3,500 with distinct labels on nice steps (not 3.6K, 3.6K, 3.5K)', () => {
    const ticks = niceTicks(3512, 3648, 7);
    expect(ticks).toEqual([3500, 3525, 3550, 3575, 3600, 3625, 3650]);
    expect(tickLabels(ticks)).toEqual(['3,500', '3,525', '3,550', '3,575', '3,600', '3,625', '3,650']);
  });

  it('adapts the compact precision to the step, so large audiences stay distinct too', () => {
    const ticks = niceTicks(41_230, 41_870, 6);
    const labels = tickLabels(ticks);
    expect(distinct(labels)).toBe(true);
    expect(labels).toEqual(ticks.map((t) => `${Number((t / 1000).toFixed(1))}K`));
    expect(tickLabels([0, 50_000, 100_000])).toEqual(['0', '50K', '100K']);
    expect(tickLabels([1_200_000, 1_210_000, 1_220_000])).toEqual(['1.2M', '1.21M', '1.22M']);
  });

  it('puts a flat line inside a small range of whole, distinct ticks, never below zero', () => {
    for (const value of [0, 1, 7, 3600, 125_000]) {
      const ticks = niceTicks(value, value, 6);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks[0]).toBeGreaterThanOrEqual(0);
      expect(ticks[0]).toBeLessThanOrEqual(value);
      expect(ticks.at(-1)).toBeGreaterThan(value);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(distinct(tickLabels(ticks))).toBe(true);
    }
  });

  it('keeps labels distinct for any range and height', () => {
    for (const [low, high] of [
      [3400, 3700],
      [9990, 10_020],
      [99_950, 100_100],
      [12, 19],
      [0, 3],
      [250_000, 251_000],
    ] as const) {
      for (const max of [2, 4, 6, 9]) {
        const ticks = niceTicks(low, high, max);
        expect(ticks.length, `${low}-${high} in ${max}`).toBeLessThanOrEqual(max);
        expect(distinct(tickLabels(ticks)), `${low}-${high} in ${max}: ${tickLabels(ticks).join(', ')}`).toBe(true);
      }
    }
  });
});
