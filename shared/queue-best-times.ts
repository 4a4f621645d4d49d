import type { BestTimes, PlatformBestTimes } from './schemas/post-analytics';
import { QUEUE_PLATFORMS, type QueueSettingsInput, type WeekSlots } from './schemas/queue';

/** How many of a platform's best weekday × hour cells become slots. */
const SLOTS_FROM_BEST_TIMES = 7;

/**
 * "Fill from best times": each platform's best cells of the report's best times (the company's own
 * results, or the report's default until it has enough posts) as its queue slots, on the hour.
 * Best times count weekdays from 1 Monday to 7 Sunday; the queue from 0 Sunday. Platforms the
 * best times do not cover (WordPress) keep their slots.
 */
export function slotsFromBestTimes(
  bestTimes: BestTimes,
  current: QueueSettingsInput['slots'],
): QueueSettingsInput['slots'] {
  const out = { ...current };
  for (const platform of QUEUE_PLATFORMS) {
    const times = platform === 'wordpress' ? undefined : bestTimes[platform];
    if (times) out[platform] = weekFrom(times);
  }
  return out;
}

function weekFrom(times: PlatformBestTimes): WeekSlots {
  const week: WeekSlots = [[], [], [], [], [], [], []];
  const best = [...times.cells]
    .filter((cell) => cell.score > 0)
    .sort((a, b) => b.score - a.score || a.weekday - b.weekday || a.hour - b.hour)
    .slice(0, SLOTS_FROM_BEST_TIMES);
  for (const cell of best) week[cell.weekday % 7]?.push(`${String(cell.hour).padStart(2, '0')}:00`);
  return week.map((day) => day.sort());
}
