/**
 * The small translations between GTFS's text formats and the network's own units: times of day
 * past midnight ("25:10:00"), dates ("20261201"), prices in major units ("123.45") and route
 * types. Pure, shared by the export and the import (src/server/gtfs).
 */

/** GTFS route_type per vehicle class: the basic types, and the extended ones where basic has none. */
export const ROUTE_TYPE_OF_CLASS = { bus: 3, ferry: 4, train: 2, van: 3, avia: 1100, charter: 1500 } as const;
export type VehicleClass = keyof typeof ROUTE_TYPE_OF_CLASS;

/** A vehicle class for a GTFS route_type (basic and extended, as feeds use them). */
export function vehicleClassOfRouteType(routeType: number): VehicleClass | undefined {
  if (routeType === 2 || (routeType >= 100 && routeType < 200)) return 'train';
  if (routeType === 3 || (routeType >= 200 && routeType < 300) || (routeType >= 700 && routeType < 800)) return 'bus';
  if (routeType === 4 || routeType === 1000 || routeType === 1200) return 'ferry';
  if (routeType >= 1100 && routeType < 1200) return 'avia';
  if (routeType >= 1500 && routeType < 1600) return 'charter';
  return undefined;
}

/** Minutes after the service day's midnight → "HH:MM:SS" (hours may pass 24, as GTFS allows). */
export function gtfsTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

/** "HH:MM:SS" → minutes after the service day's midnight (seconds are dropped); undefined when malformed. */
export function parseGtfsTime(text: string): number | undefined {
  const match = /^\s*(\d{1,3}):([0-5]\d):([0-5]\d)\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** "2026-12-01" ↔ "20261201". */
export function gtfsDate(isoDate: string): string {
  return isoDate.replaceAll('-', '');
}

export function parseGtfsDate(text: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const iso = `${match[1] ?? ''}-${match[2] ?? ''}-${match[3] ?? ''}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** Integer minor units → the decimal GTFS prints ("123.45", "1500" for a zero-decimal currency). */
export function majorUnits(minor: number, minorDigits: number): string {
  if (minorDigits === 0) return String(minor);
  const scale = 10 ** minorDigits;
  const whole = Math.floor(minor / scale);
  return `${String(whole)}.${String(minor - whole * scale).padStart(minorDigits, '0')}`;
}

/** A GTFS price → integer minor units, exactly (no floating point); undefined when it has more digits than the currency. */
export function minorUnits(price: string, minorDigits: number): number | undefined {
  const match = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(price);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > minorDigits) return undefined;
  return Number(match[1]) * 10 ** minorDigits + Number(fraction.padEnd(minorDigits, '0') || '0');
}

/** Monday-first weekday flags (GTFS calendar columns) ↔ the schedules' bit mask (bit 0 = Monday). */
export const WEEKDAY_COLUMNS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export function weekdayFlags(mask: number): Record<(typeof WEEKDAY_COLUMNS)[number], '0' | '1'> {
  return Object.fromEntries(WEEKDAY_COLUMNS.map((day, i) => [day, mask & (1 << i) ? '1' : '0'])) as Record<
    (typeof WEEKDAY_COLUMNS)[number],
    '0' | '1'
  >;
}

/** ISO weekday − 1 of a local date (0 = Monday), the schedules' bit index. */
export function weekdayIndex(isoDate: string): number {
  return (new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The dates a GTFS service runs on, as schedules can hold them: runs of (weekday mask, from, to).
 * The calendar's range with its weekdays, split around the dates calendar_dates removes, plus a
 * one-day run for each date it adds. Exact: the runs cover the same dates as the feed.
 */
export function serviceRuns(
  calendar: { mask: number; from: string; to: string } | undefined,
  added: readonly string[],
  removed: readonly string[],
): { mask: number; from: string; to: string }[] {
  const runs: { mask: number; from: string; to: string }[] = [];
  if (calendar && calendar.mask !== 0 && calendar.from <= calendar.to) {
    const cuts = [...new Set(removed)].filter((d) => d >= calendar.from && d <= calendar.to).sort();
    let from = calendar.from;
    for (const cut of cuts) {
      if (cut > from) runs.push({ mask: calendar.mask, from, to: addDays(cut, -1) });
      from = addDays(cut, 1);
    }
    if (from <= calendar.to) runs.push({ mask: calendar.mask, from, to: calendar.to });
  }
  const runsOn = (date: string) => runs.some((r) => r.from <= date && date <= r.to && r.mask & (1 << weekdayIndex(date)));
  for (const date of [...new Set(added)].sort()) if (!runsOn(date)) runs.push({ mask: 1 << weekdayIndex(date), from: date, to: date });
  // A run whose range holds none of its weekdays runs on no date: drop it.
  return runs.filter((r) => {
    for (let d = r.from, i = 0; d <= r.to && i < 7; d = addDays(d, 1), i++) if (r.mask & (1 << weekdayIndex(d))) return true;
    return false;
  });
}
