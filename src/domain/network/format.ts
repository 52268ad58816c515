/** Locale-aware formatting for the network pages (durations, weekday sets). */

interface DurationFormatters {
  hours: Intl.NumberFormat;
  minutes: Intl.NumberFormat;
  list: Intl.ListFormat;
}

const durationFormats = new Map<string, DurationFormatters>();

/**
 * "3 hr, 5 min" in the reader's language. Built from unit number formats and a unit list
 * rather than Intl.DurationFormat, which Node 22 (the oldest Node we support) lacks.
 */
export function formatDuration(localeCode: string, minutes: number): string {
  let f = durationFormats.get(localeCode);
  if (!f) {
    f = {
      hours: new Intl.NumberFormat(localeCode, { style: 'unit', unit: 'hour', unitDisplay: 'short' }),
      minutes: new Intl.NumberFormat(localeCode, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
      list: new Intl.ListFormat(localeCode, { type: 'unit', style: 'short' }),
    };
    durationFormats.set(localeCode, f);
  }
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const mins = total % 60;
  const parts = [...(hours > 0 ? [f.hours.format(hours)] : []), ...(mins > 0 || hours === 0 ? [f.minutes.format(mins)] : [])];
  return f.list.format(parts);
}

const weekdayFormats = new Map<string, string[]>();

/** Short weekday names Monday…Sunday in the reader's language. */
export function weekdayNames(localeCode: string): string[] {
  let names = weekdayFormats.get(localeCode);
  if (!names) {
    const format = new Intl.DateTimeFormat(localeCode, { weekday: 'short', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    names = Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
    weekdayFormats.set(localeCode, names);
  }
  return names;
}

/** The days a weekday mask runs (bit 0 = Monday), or undefined when it runs daily. */
export function runningDays(localeCode: string, weekdays: number): string | undefined {
  if ((weekdays & 127) === 127) return undefined;
  const names = weekdayNames(localeCode);
  return new Intl.ListFormat(localeCode, { style: 'narrow', type: 'unit' }).format(names.filter((_, i) => weekdays & (1 << i)));
}
