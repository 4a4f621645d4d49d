/**
 * A token's calls counted in fixed windows (a platform's hour, Google's minute). The count lives
 * on the token, under the window's own key, so the state file keeps the shape it always had.
 */
export type CallCount<K extends string> = { [key in K]: number } & { count: number };

/** Counts one call; true when it is over `limit` for the current window of `windowMs`. */
export function overLimit<K extends string>(
  holder: { calls: CallCount<K> },
  key: K,
  windowMs: number,
  limit: number,
): boolean {
  const window = Math.floor(Date.now() / windowMs);
  if (holder.calls[key] !== window) holder.calls = { [key]: window, count: 0 } as CallCount<K>;
  return ++holder.calls.count > limit;
}

/** Timestamps within a rolling window of `windowMs` (a platform's 24-hour publishing quota). */
export const withinWindow = (times: number[], windowMs: number) => times.filter((t) => t > Date.now() - windowMs);
