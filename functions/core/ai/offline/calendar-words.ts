/** Month, weekday and season words for a planned date, for seasonal hooks and plan themes. */
export interface DateWords {
  month: string;
  weekday: string;
  season: string;
  year: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function seasonOf(month: number, southern: boolean): string {
  const north = ['winter', 'winter', 'spring', 'spring', 'spring', 'summer', 'summer', 'summer', 'autumn', 'autumn', 'autumn', 'winter'][month];
  if (!southern) return north;
  return { winter: 'summer', summer: 'winter', spring: 'autumn', autumn: 'spring' }[north]!;
}

export function dateWords(iso: string | undefined, southern: boolean): DateWords | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return undefined;
  return {
    month: MONTHS[d.getUTCMonth()],
    weekday: WEEKDAYS[d.getUTCDay()],
    season: seasonOf(d.getUTCMonth(), southern),
    year: String(d.getUTCFullYear()),
  };
}

export const monthName = (month: number) => MONTHS[month];
