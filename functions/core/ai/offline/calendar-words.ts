/** Month, weekday and season words for a planned date, for seasonal hooks and plan themes. */
export interface DateWords {
  month: string;
  weekday: string;
  season: string;
  year: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type Season = 'winter' | 'spring' | 'summer' | 'autumn';
const NORTHERN_SEASONS: readonly Season[] = [
  'winter',
  'winter',
  'spring',
  'spring',
  'spring',
  'summer',
  'summer',
  'summer',
  'autumn',
  'autumn',
  'autumn',
  'winter',
];
const OPPOSITE_SEASON: Record<Season, Season> = {
  winter: 'summer',
  summer: 'winter',
  spring: 'autumn',
  autumn: 'spring',
};

/** `month` is 0–11 as Date#getUTCMonth gives it; any other number wraps into that range. */
export function seasonOf(month: number, southern: boolean): Season {
  const north = NORTHERN_SEASONS[((month % 12) + 12) % 12] ?? 'winter';
  return southern ? OPPOSITE_SEASON[north] : north;
}

/** `month` is 0–11; any other number wraps into that range. */
const monthName = (month: number): string => MONTHS[((month % 12) + 12) % 12] ?? '';

export function dateWords(iso: string | undefined, southern: boolean): DateWords | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return undefined;
  return {
    month: monthName(d.getUTCMonth()),
    weekday: WEEKDAYS[d.getUTCDay()] ?? '',
    season: seasonOf(d.getUTCMonth(), southern),
    year: String(d.getUTCFullYear()),
  };
}
