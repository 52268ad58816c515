import { describe, expect, it } from 'vitest';
import {
  directionOf,
  isolate,
  isolateIn,
  isolateLtr,
  isolateLtrIn,
  needsIsolation,
  numberTemplate,
  routeArrow,
  stripIsolates,
} from './bidi.ts';

describe('bidi', () => {
  it('knows the right-to-left locales by their language', () => {
    expect(directionOf('ar-ae')).toBe('rtl');
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('zh-TW')).toBe('ltr');
  });

  it('points the route arrow the way the line is read', () => {
    expect(routeArrow('ltr')).toBe('→');
    expect(routeArrow('rtl')).toBe('←');
  });

  it('wraps plain text in isolates and strips them again', () => {
    expect(isolate('Mo Chit')).toBe('\u2068Mo Chit\u2069');
    expect(isolateLtr('+66 81 234 5678')).toBe('\u2066+66 81 234 5678\u2069');
    expect(stripIsolates(`${isolate('a')} ${isolateLtr('b')}`)).toBe('a b');
  });

  it('knows which values need isolating in right-to-left text', () => {
    expect(needsIsolation('بانكوك')).toBe(false);
    expect(needsIsolation('كو تاو، تايلاند')).toBe(false);
    expect(needsIsolation('Mo Chit 2')).toBe(true);
    expect(needsIsolation('+66 81 234 5678')).toBe(true);
    expect(needsIsolation('٣ رحلات')).toBe(false);
    expect(needsIsolation('3')).toBe(false);
    expect(needsIsolation('4.2')).toBe(false);
    expect(needsIsolation('13:25')).toBe(false);
    expect(needsIsolation('2026-11-28 13:25')).toBe(true);
    expect(needsIsolation('+66')).toBe(true);
  });

  it('isolates sentence values only in right-to-left text', () => {
    expect(isolateIn('rtl', 'Hua Hin')).toBe('\u2068Hua Hin\u2069');
    expect(isolateIn('ltr', 'Hua Hin')).toBe('Hua Hin');
    expect(isolateLtrIn('rtl', 'RMLY-1')).toBe('\u2066RMLY-1\u2069');
    expect(isolateLtrIn('ltr', 'RMLY-1')).toBe('RMLY-1');
  });
});

describe('numberTemplate', () => {
  it('leaves placeholders a script fills with numbers as unisolated as the numbers would be', () => {
    // What the Arabic translator gives for `[n]` and `[count]` (Latin words, isolated) and for numbers (not).
    const template = numberTemplate(`الصورة ${isolate('[n]')} من ${isolate('[count]')}`);
    expect(needsIsolation('1')).toBe(false);
    expect(template.replace('[n]', '1').replace('[count]', '3')).toBe('الصورة 1 من 3');
    expect(numberTemplate('Photo [n] of [count]')).toBe('Photo [n] of [count]');
  });
});
