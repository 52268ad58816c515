/**
 * Calendar helpers for timetables. Service dates are plain 'YYYY-MM-DD' strings (the `date`
 * columns), so date arithmetic runs in UTC where every day has 24 hours; only turning a local
 * departure time into an instant needs the station's time zone.
 */
import { TZDate } from '@date-fns/tz';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Weekday bitmask with every day set (schema: bit 0 = Monday … bit 6 = Sunday). */
export const DAILY = 127;

function parseIsoDate(isoDate: string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function utcMidnight(isoDate: string): number {
  const { year, month, day } = parseIsoDate(isoDate);
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2025-02-30 over to March; a rolled date is a typo, not a date.
  if (new Date(ms).toISOString().slice(0, 10) !== isoDate) throw new Error(`No such date: ${isoDate}`);
  return ms;
}

export function isValidIsoDate(isoDate: string): boolean {
  try {
    utcMidnight(isoDate);
    return true;
  } catch {
    return false;
  }
}

export function addDays(isoDate: string, days: number): string {
  return new Date(utcMidnight(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's calendar date in UTC, the CLI's default "today". */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The schedule weekday bit of a date: 1 for Monday … 64 for Sunday. */
export function weekdayBit(isoDate: string): number {
  const sundayFirst = new Date(utcMidnight(isoDate)).getUTCDay();
  return 1 << ((sundayFirst + 6) % 7);
}

/** The UTC instant of `minuteOfDay` local time on `isoDate` in `timeZone`. */
export function localTimeToUtc(isoDate: string, minuteOfDay: number, timeZone: string): Date {
  const { year, month, day } = parseIsoDate(isoDate);
  const local = new TZDate(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timeZone);
  return new Date(local.getTime());
}
