/**
 * A counting semaphore: at most `limit` of the tasks given run at once, the others wait their
 * turn in order. For work that is heavy in memory or CPU (decoding an image), where many at once
 * would slow every request of the process, not only their own.
 */
export function limitConcurrency(limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`limit must be a positive whole number, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    // The slot passes straight from the task that ends to the next in line (running is unchanged).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
