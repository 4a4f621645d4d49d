/**
 * Showing a date as spec 01 §9 says (en-GB order: day, short month, 2-digit year) needs no library:
 * the browser's Intl.DateTimeFormat knows every IANA zone. Its own module, so pages that only show
 * dates (billing, SEO, the mailbox) do not download date-fns; dates.ts re-exports it.
 */

/**
 * en-US supplies the short month names (Sep, not en-GB's Sept: what date-fns' default locale
 * shows); the order is the spec's British one, assembled from the parts.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string | undefined, withTime: boolean): Intl.DateTimeFormat {
  const key = `${zone ?? ''}|${withTime}`;
  let formatter = dayFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      day: 'numeric',
      month: 'short',
      year: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } : {}),
    } as const);
    dayFormats.set(key, formatter);
  }
  return formatter;
}

function partsOf(date: Date | string | number, zone: string | undefined, withTime: boolean) {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(zone, withTime).formatToParts(new Date(date))) parts[part.type] = part.value;
  return parts;
}

/** A date as the spec shows it, in `zone` (the viewer's by default): 5 Mar 26. */
export function formatDate(date: Date | string | number, zone?: string): string {
  const p = partsOf(date, zone, false);
  return `${p.day} ${p.month} ${p.year}`;
}

/** A date with its time of day, in `zone`: 5 Mar 26, 14:05:09. */
export function formatDateTime(date: Date | string | number, zone?: string): string {
  const p = partsOf(date, zone, true);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}:${p.second}`;
}
