import { describe, expect, it } from 'vitest';
import { addDays, applyDirection, dayNumber, normalizeSearchDates, weekdayIndex } from './dates.ts';

const today = '2025-03-10';

describe('normalizeSearchDates (SPEC §4)', () => {
  it('defaults to today plus three days', () => {
    expect(normalizeSearchDates({}, today)).toEqual({ date: '2025-03-13' });
  });

  it('treats an impossible date like a missing one', () => {
    expect(normalizeSearchDates({ date: '2025-02-30' }, today).date).toBe('2025-03-13');
  });

  it('moves a past date to today', () => {
    expect(normalizeSearchDates({ date: '2025-03-01' }, today).date).toBe(today);
  });

  it('keeps a future date and a later return date', () => {
    expect(normalizeSearchDates({ date: '2025-04-01', date2: '2025-04-05' }, today)).toEqual({ date: '2025-04-01', date2: '2025-04-05' });
  });

  it('clears a past return date', () => {
    expect(normalizeSearchDates({ date: '2025-04-01', date2: '2025-03-09' }, today)).toEqual({ date: '2025-04-01' });
  });

  it('moves a return date before the departure to the departure', () => {
    expect(normalizeSearchDates({ date: '2025-04-01', date2: '2025-03-20' }, today)).toEqual({ date: '2025-04-01', date2: '2025-04-01' });
  });
});

describe('calendar helpers', () => {
  it('knows the weekday of a date (0 = Monday)', () => {
    expect(weekdayIndex(dayNumber('2025-03-10') ?? 0)).toBe(0);
    expect(weekdayIndex(dayNumber('2025-03-16') ?? 0)).toBe(6);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2024-12-30', 3)).toBe('2025-01-02');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});

describe('applyDirection', () => {
  it('swaps from and to only for backward', () => {
    expect(applyDirection('a', 'b', 'backward')).toEqual({ from: 'b', to: 'a' });
    expect(applyDirection('a', 'b', 'forward')).toEqual({ from: 'a', to: 'b' });
  });
});

describe('dayNumber', () => {
  it('gives the same answer every time it is asked (each date is parsed once and kept)', () => {
    for (let round = 0; round < 2; round++) {
      expect(dayNumber('1970-01-02')).toBe(1);
      expect(dayNumber('2024-02-29')).toBe(19782);
      expect(dayNumber('2025-02-30')).toBeUndefined();
      expect(dayNumber(`2025-03-10${'x'.repeat(5000)}`)).toBeUndefined();
      expect(dayNumber(' 2025-03-10')).toBeUndefined();
    }
  });
});
