import { describe, expect, it } from 'vitest';
import { formatDuration, runningDays, weekdayNames } from './format.ts';

describe('formatDuration', () => {
  it('shows hours and minutes, dropping a zero part', () => {
    expect(formatDuration('en', 185)).toBe('3 hr, 5 min');
    expect(formatDuration('en', 120)).toBe('2 hr');
    expect(formatDuration('en', 45)).toBe('45 min');
  });
  it('speaks the reader’s language', () => {
    expect(formatDuration('de', 185)).toContain('Std');
  });
});

describe('runningDays', () => {
  it('is undefined for a daily service', () => {
    expect(runningDays('en', 127)).toBeUndefined();
  });
  it('names the days of a part-week service, Monday first', () => {
    expect(runningDays('en', 0b0010101)).toBe('Mon Wed Fri');
    expect(weekdayNames('en')[6]).toBe('Sun');
  });
});
