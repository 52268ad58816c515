/**
 * A 'YYYY-MM-DD' string as a local calendar Date, for the date pickers and formatters (SPEC §8:
 * invalid date strings warn in development and give undefined). Formatting an Invalid Date
 * throws a RangeError in Intl, so a bad value from a cookie or an address would break the
 * island; undefined lets the caller show its placeholder instead.
 */
import { isIsoDate } from '../../domain/search/dates.ts';

const warnInDevelopment = (message: string) => {
  if (import.meta.env.DEV) console.warn(message);
};

export function localDate(iso: string, warn: (message: string) => void = warnInDevelopment): Date | undefined {
  if (!isIsoDate(iso)) {
    warn(`Invalid date string: ${JSON.stringify(iso)} (expected YYYY-MM-DD)`);
    return undefined;
  }
  const [y = 1970, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}
