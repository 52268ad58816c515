import { describe, expect, it } from 'vitest';
import { isoMinute } from './trips.ts';

describe('isoMinute', () => {
  it('writes an absolute minute exactly as Date#toISOString does', () => {
    // Midnight, the last minute of a day, a leap day, before 1970 and a minute with a single-digit hour.
    const minutes = [0, 1439, 1440, 29_376_000 + 59, 28_480_320, -1, -1441, 29_000_005];
    for (const minute of minutes) expect(isoMinute(minute)).toBe(new Date(minute * 60_000).toISOString());
  });
});
