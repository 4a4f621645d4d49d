/** The `p`th percentile of ascending `sorted` samples (NaN when there are none). */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Runs `fn` `count` times one after another: calls per second, p50 and p99 in milliseconds. */
export async function timeLoop(count: number, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  const total = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return { ops: count / total, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}
