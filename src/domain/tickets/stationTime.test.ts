import { describe, expect, it } from 'vitest';
import { formatStationTime, knownTimeZone } from './stationTime.ts';

describe('formatStationTime', () => {
  it('shows a Bangkok deadline in Bangkok time with the zone named, not in the server’s UTC', () => {
    // 1 Dec 2026 06:35 in Bangkok is 30 Nov 23:35 UTC (the example).
    const text = formatStationTime('2026-11-30T23:35:00Z', 'Asia/Bangkok', 'en');
    expect(text).toContain('Dec 1, 2026');
    expect(text).toContain('6:35');
    expect(text).toContain('Indochina Time');
    expect(text).not.toContain('11:35');
  });

  it('names the zone in the reader’s language and keeps the station’s clock', () => {
    const de = formatStationTime('2026-11-30T23:35:00Z', 'Asia/Bangkok', 'de');
    expect(de).toContain('06:35');
    expect(de).toMatch(/Indochina/);
    const bali = formatStationTime('2026-11-30T23:35:00Z', 'Asia/Makassar', 'en');
    expect(bali).toContain('7:35');
  });

  it('falls back to UTC for a zone the platform does not know', () => {
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(knownTimeZone(undefined)).toBe('UTC');
    expect(formatStationTime(0, 'Mars/Olympus', 'en')).toContain('1970');
  });
});
