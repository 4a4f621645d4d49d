/**
 * A value axis's ticks and labels, for the charts of counts (followers, posts): ticks on a nice
 * step (1, 2 or 5 times a power of ten, never below 1, since the counts are whole), and labels
 * written with just the precision that keeps each one distinct. Chartist's own scale steps by
 * whatever the chart's height gives, and a compact label of 3,540 and 3,560 both read "3.5K".
 */

/** A nice step at least `rough`: 1, 2, 2.5 or 5 times a power of ten, and a whole number. */
export function niceStep(rough: number): number {
  if (!(rough > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const scaled = rough / power;
  // 2.5 only where it stays whole (25, 250...): a step of 2.5 followers is no step.
  const nice = [1, 2, 2.5, 5, 10].find((n) => n >= scaled && Number.isInteger(n * power)) ?? 10;
  return nice * power;
}

/**
 * Ticks from a multiple of the step at or below `low` to one at or above `high`, at most
 * `maxTicks` of them (at least 2). A flat series gets a small range around its value, and no
 * tick goes below 0.
 */
export function niceTicks(low: number, high: number, maxTicks: number): number[] {
  const count = Math.max(2, Math.floor(maxTicks));
  let min = Math.min(low, high);
  let max = Math.max(low, high);
  if (min === max) {
    const pad = Math.max(1, Math.ceil(Math.abs(max) * 0.02));
    min = Math.max(0, min - pad);
    max += pad;
  }
  let step = niceStep((max - min) / (count - 1));
  for (;;) {
    const first = Math.max(0, Math.floor(min / step) * step);
    const last = Math.ceil(max / step) * step;
    if ((last - first) / step + 1 <= count) {
      const ticks: number[] = [];
      for (let tick = first; tick <= last; tick += step) ticks.push(tick);
      return ticks;
    }
    step = niceStep(step * 1.5);
  }
}

const full = new Intl.NumberFormat('en-US');
const compactWith = (digits: number) =>
  new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: digits });

/**
 * The ticks' labels: compact ('3.5K', '12K') with the fewest decimals that tell every tick from
 * the others, full counts ('3,520') below ten thousand or when compact cannot tell them apart.
 */
export function tickLabels(ticks: readonly number[]): string[] {
  const distinct = (labels: string[]) => new Set(labels).size === labels.length;
  if (ticks.every((tick) => Math.abs(tick) < 10_000)) return ticks.map((tick) => full.format(tick));
  for (let digits = 0; digits <= 2; digits++) {
    const format = compactWith(digits);
    const labels = ticks.map((tick) => format.format(tick));
    if (distinct(labels)) return labels;
  }
  return ticks.map((tick) => full.format(tick));
}
