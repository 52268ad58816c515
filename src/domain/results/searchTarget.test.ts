import { describe, expect, it } from 'vitest';
import { hotelUrl, searchTarget } from './searchTarget.ts';

const base = {
  lang: 'en',
  vehclass: 'all',
  fromSlug: 'bangkok',
  toSlug: 'chiang-mai',
  date: '2026-12-01',
  date2: undefined,
  people: 2,
  today: '2026-11-21',
};

describe('search navigation (SPEC §4)', () => {
  it('builds the results URL with date, date2 and people', () => {
    expect(searchTarget({ ...base, date2: '2026-12-05' })).toBe('/en/all/bangkok/chiang-mai?date=2026-12-01&date2=2026-12-05&people=2');
  });
  it('does nothing without both slugs', () => {
    expect(searchTarget({ ...base, toSlug: undefined })).toBeUndefined();
    expect(searchTarget({ ...base, fromSlug: '' })).toBeUndefined();
  });
  it('does nothing when the target is the page already shown, filters aside', () => {
    expect(searchTarget(base, '/en/all/bangkok/chiang-mai?date=2026-12-01&people=2&sort=cheapest')).toBeUndefined();
    expect(searchTarget(base, '/en/all/bangkok/chiang-mai?date=2026-12-02&people=2')).toBeDefined();
  });
  it('applies the date rules: a past date becomes today, a return before it becomes the date', () => {
    expect(searchTarget({ ...base, date: '2026-01-01', date2: '2025-12-31' })).toBe('/en/all/bangkok/chiang-mai?date=2026-11-21&people=2');
    expect(searchTarget({ ...base, date2: '2026-11-25' })).toContain('date2=2026-12-01');
  });
});

describe('hotel link', () => {
  it('fills the template', () => {
    expect(hotelUrl('https://h.example/?q={destination}&in={checkin}&out={checkout}', 'Chiang Mai', '2026-12-01', '2026-12-02')).toBe(
      'https://h.example/?q=Chiang%20Mai&in=2026-12-01&out=2026-12-02',
    );
  });
});
