/**
 * Dates as text, on the browser's Intl.DateTimeFormat, which knows every IANA zone: no date library
 * is downloaded to show a date (date-fns' `format` with its locale is 5 kB gzipped on every page that
 * shows one). Patterns use date-fns' tokens, so callers read the same as before; names are en-US's
 * (Sep, not en-GB's Sept), which is what date-fns' default locale wrote.
 */

/** Names come from their own formatter; numbers from one numeric formatter, padded here (Intl pads unevenly). */
const NAMES: Partial<Record<string, Intl.DateTimeFormatOptions>> = {
  MMM: { month: 'short' },
  MMMM: { month: 'long' },
  MMMMM: { month: 'narrow' },
  E: { weekday: 'short' },
  EE: { weekday: 'short' },
  EEE: { weekday: 'short' },
  EEEE: { weekday: 'long' },
  EEEEE: { weekday: 'narrow' },
};

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** The numeric tokens; any other letter is an error, as in date-fns. */
const NUMBERS: Partial<Record<string, (f: Fields) => string>> = {
  d: (f) => String(f.day),
  dd: (f) => pad(f.day, 2),
  M: (f) => String(f.month),
  MM: (f) => pad(f.month, 2),
  yy: (f) => pad(f.year % 100, 2),
  yyyy: (f) => pad(f.year, 4),
  H: (f) => String(f.hour),
  HH: (f) => pad(f.hour, 2),
  m: (f) => String(f.minute),
  mm: (f) => pad(f.minute, 2),
  s: (f) => String(f.second),
  ss: (f) => pad(f.second, 2),
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, found);
  }
  return found;
}

const NUMERIC: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
};

function fieldsOf(date: Date, zone: string | undefined): Fields {
  const fields: Record<string, number> = {};
  for (const part of formatter(zone, NUMERIC).formatToParts(date)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields as unknown as Fields;
}

/** `'d MMM yy'`, `'EEEE d MMMM yyyy'`...: runs of one letter are tokens, `'quoted'` text is literal. */
const PIECES = /'([^']*)'|([A-Za-z])\2*|[^A-Za-z']+/g;

/**
 * `date` written with a date-fns pattern in `zone` (the viewer's when undefined). Supports the
 * tokens above; an unknown one throws, so a new pattern fails in the tests instead of on a page.
 */
export function formatInZone(date: Date | string | number, pattern: string, zone?: string): string {
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
  let fields: Fields | undefined;
  return pattern.replace(PIECES, (piece, quoted: string | undefined, letter: string | undefined) => {
    if (quoted !== undefined) return quoted === '' ? "'" : quoted;
    if (letter === undefined) return piece;
    const name = NAMES[piece];
    if (name) return formatter(zone, name).format(instant);
    const number = NUMBERS[piece];
    if (!number) throw new RangeError(`Date token ${piece} is not supported`);
    fields ??= fieldsOf(instant, zone);
    return number(fields);
  });
}

/** A date as spec 01 §9 shows it (en-GB order: day, short month, 2-digit year) in `zone`: 5 Mar 26. */
export const formatDate = (date: Date | string | number, zone?: string) => formatInZone(date, 'd MMM yy', zone);

/** A date with its time of day, in `zone`: 5 Mar 26, 14:05:09. */
export const formatDateTime = (date: Date | string | number, zone?: string) =>
  formatInZone(date, 'd MMM yy, HH:mm:ss', zone);

/** The viewer's IANA zone, e.g. Europe/Lisbon. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
